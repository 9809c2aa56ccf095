/**
 * The Office dialog fallback of the sign-in (Microsoft's NAA sample does the
 * same): when nested app authentication is missing or a popup is blocked, the pane opens the
 * add-in's own page `signin-dialog.html` in Office's dialog. That page signs in with msal's
 * redirect flow and sends the result back with `messageParent` (targeted at the pane's origin);
 * the pane accepts a message only from its own origin. No Office global here: the edges open the
 * dialog and send the message (src/taskpane, src/signin-dialog).
 */
import type { AccountInfo, AuthenticationResult } from "@azure/msal-browser";
import type { SignInSettings } from "../api";

/** The dialog page, beside the task pane page (one webpack entry of its own). */
export const SIGN_IN_DIALOG_PAGE = "signin-dialog.html";

/** The sign-in of the dialog, as the dialog page reads it from its address. */
export interface DialogRequest {
  settings: SignInSettings;
  /** `select_account` when the user asked to sign in (a switch of account is possible). */
  prompt?: string;
  loginHint?: string;
}

/** The account as it crosses from the dialog to the pane (no token claims, no secrets). */
export type DialogAccount = Pick<
  AccountInfo,
  "homeAccountId" | "environment" | "tenantId" | "username" | "localAccountId" | "name"
>;

/** What the dialog page sends back: the token for the gateway and who signed in, or the error code. */
export type DialogMessage =
  | { kind: "signed-in"; accessToken: string; expiresOn: number; account: DialogAccount }
  | { kind: "failed"; code: string };

/** The dialog page's address for `request`, beside `pageUrl` (the task pane page). */
export function dialogUrl(pageUrl: string, request: DialogRequest): string {
  const url = new URL(SIGN_IN_DIALOG_PAGE, pageUrl);
  url.search = "";
  url.hash = "";
  url.searchParams.set("directory", request.settings.directory);
  url.searchParams.set("clientId", request.settings.clientId);
  url.searchParams.set("scope", request.settings.scope);
  if (request.prompt) url.searchParams.set("prompt", request.prompt);
  if (request.loginHint) url.searchParams.set("loginHint", request.loginHint);
  return url.href;
}

/** The request a dialog page address carries, or undefined when it carries none (msal's return). */
export function dialogRequestOf(search: string): DialogRequest | undefined {
  const q = new URLSearchParams(search);
  const [directory, clientId, scope] = ["directory", "clientId", "scope"].map((k) => q.get(k));
  if (!directory || !clientId || !scope) return undefined;
  const prompt = q.get("prompt") ?? undefined;
  const loginHint = q.get("loginHint") ?? undefined;
  return {
    settings: { directory, clientId, scope },
    ...(prompt ? { prompt } : {}),
    ...(loginHint ? { loginHint } : {}),
  };
}

/** The message for a successful sign-in in the dialog. */
export function signedInMessage(result: AuthenticationResult, username: string): DialogMessage {
  const a = result.account;
  return {
    kind: "signed-in",
    accessToken: result.accessToken,
    expiresOn: result.expiresOn?.getTime() ?? Date.now(),
    account: {
      homeAccountId: a.homeAccountId,
      environment: a.environment,
      tenantId: a.tenantId,
      username,
      localAccountId: a.localAccountId,
      ...(a.name ? { name: a.name } : {}),
    },
  };
}

/** The message for a failed sign-in: msal's error code only (its text can quote addresses). */
export function failedMessage(error: unknown): DialogMessage {
  const code = (error as { errorCode?: unknown } | undefined)?.errorCode;
  return { kind: "failed", code: typeof code === "string" ? code : "dialog_sign_in_failed" };
}

/** A dialog answer the pane cannot use, in words (never the message itself: it may hold a token). */
export class DialogSignInError extends Error {
  override name = "DialogSignInError" as const;
  constructor(
    message: string,
    readonly errorCode: string
  ) {
    super(message);
  }
}

function isAccount(value: unknown): value is DialogAccount {
  const a = value as Record<string, unknown> | null;
  return (
    typeof a === "object" &&
    a !== null &&
    ["homeAccountId", "environment", "tenantId", "username", "localAccountId"].every(
      (k) => typeof a[k] === "string"
    )
  );
}

/**
 * The dialog's message, checked: it must come from `expectedOrigin` (the pane's own; Office gives
 * the sender's origin from DialogOrigin 1.1 on — an older host gives none and itself allows only
 * pages of the add-in's domain to message the parent) and have the shape of a DialogMessage.
 */
export function readDialogMessage(
  text: string,
  origin: string | undefined,
  expectedOrigin: string
): DialogMessage {
  if (origin !== undefined && origin !== expectedOrigin) {
    throw new DialogSignInError(
      `The sign-in window answered from ${origin}, not from the add-in (${expectedOrigin}); the answer was ignored.`,
      "dialog_wrong_origin"
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const m = parsed as Record<string, unknown> | undefined;
  if (m?.kind === "failed" && typeof m.code === "string") return { kind: "failed", code: m.code };
  if (
    m?.kind === "signed-in" &&
    typeof m.accessToken === "string" &&
    typeof m.expiresOn === "number" &&
    isAccount(m.account)
  ) {
    return {
      kind: "signed-in",
      accessToken: m.accessToken,
      expiresOn: m.expiresOn,
      account: m.account,
    };
  }
  throw new DialogSignInError(
    "The sign-in window gave an answer the add-in does not understand.",
    "dialog_bad_message"
  );
}
