/**
 * The sign-in inside the Office dialog (src/signin-dialog): msal's redirect flow
 * with the standard public client (nested app authentication is not available inside a dialog).
 * First visit: the request from the address is kept in the dialog's sessionStorage and the page
 * goes to the directory's sign-in page; back from it, msal reads the answer and the page hands a
 * DialogMessage to the edge, which sends it to the pane. Never logs a token.
 */
import type { IPublicClientApplication } from "@azure/msal-browser";
import { msalConfiguration } from "./msal-config";
import {
  dialogRequestOf,
  failedMessage,
  signedInMessage,
  type DialogMessage,
  type DialogRequest,
} from "./sign-in-dialog";
import { usernameOf } from "./user";

/** sessionStorage key of the request while the dialog is at the directory. */
const REQUEST_KEY = "billing-for-excel.signin-dialog.request";

/** What the dialog page runs in (injected for tests). */
export interface DialogPageEnvironment {
  /** `location.search` of the dialog page. */
  search: string;
  /** The dialog page's address without query or fragment: msal's redirect URI. */
  pageUrl: string;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  createApp(config: ReturnType<typeof msalConfiguration>): Promise<IPublicClientApplication>;
}

function keptRequest(env: DialogPageEnvironment): DialogRequest | undefined {
  const fromAddress = dialogRequestOf(env.search);
  if (fromAddress) {
    env.storage.setItem(REQUEST_KEY, JSON.stringify(fromAddress));
    return fromAddress;
  }
  const kept = env.storage.getItem(REQUEST_KEY);
  return kept ? (JSON.parse(kept) as DialogRequest) : undefined;
}

/**
 * Signs in inside the dialog. Resolves with the message for the pane, or undefined when the page
 * is on its way to the directory's sign-in page (it comes back here with the answer).
 */
export async function dialogSignIn(env: DialogPageEnvironment): Promise<DialogMessage | undefined> {
  let request: DialogRequest | undefined;
  try {
    request = keptRequest(env);
  } catch (e) {
    return failedMessage(e);
  }
  if (request === undefined) return { kind: "failed", code: "dialog_no_request" };
  try {
    const config = msalConfiguration(request.settings, env.pageUrl);
    // The answer is read on this page; msal must not navigate back to the first address.
    config.auth.navigateToLoginRequestUrl = false;
    const app = await env.createApp(config);
    const result = await app.handleRedirectPromise();
    if (result) {
      env.storage.removeItem(REQUEST_KEY);
      return signedInMessage(result, usernameOf(result.account));
    }
    await app.acquireTokenRedirect({
      scopes: [request.settings.scope],
      ...(request.prompt ? { prompt: request.prompt } : {}),
      ...(request.loginHint ? { loginHint: request.loginHint } : {}),
    });
    return undefined;
  } catch (e) {
    env.storage.removeItem(REQUEST_KEY);
    return failedMessage(e);
  }
}
