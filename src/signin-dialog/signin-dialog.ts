/**
 * The sign-in page the task pane opens in the Office dialog, when nested app
 * authentication is missing or a popup is blocked: msal's redirect sign-in runs here
 * (src/auth/dialog-page.ts) and the result goes back to the pane with
 * `Office.context.ui.messageParent`, addressed to the pane's origin (DialogOrigin 1.1, where the
 * host has it). Nothing is logged: the message carries the access token.
 */
import { t, useDisplayLanguage } from "../i18n";
import { dialogSignIn, type DialogMessage } from "../auth";
import { dialogDirectoryAllowed } from "../api";

/** IT's connection as the build shipped it (webpack's DefinePlugin; scripts/it-connection.js). */
declare const __BILLING_IT_CONNECTION__: unknown;
const SHIPPED = typeof __BILLING_IT_CONNECTION__ === "undefined" ? null : __BILLING_IT_CONNECTION__;

function isSetSupported(name: string, version: string): boolean {
  try {
    return Office.context?.requirements?.isSetSupported(name, version) === true;
  } catch {
    return false;
  }
}

// The page's words in Office's display language (Dutch for nl-…), as the pane's.
useDisplayLanguage(() => {
  try {
    return Office.context?.displayLanguage;
  } catch {
    return undefined;
  }
});

function say(text: string): void {
  const status = document.getElementById("signin-dialog-status");
  if (status) status.textContent = text;
}

/** Sends `message` to the pane: only to the add-in's own origin where the host can say so. */
function tellPane(message: DialogMessage): void {
  const text = JSON.stringify(message);
  if (
    !isSetSupported("DialogApi", "1.1") ||
    typeof Office.context?.ui?.messageParent !== "function"
  ) {
    say(t("dialog.openFromPane"));
    return;
  }
  if (isSetSupported("DialogOrigin", "1.1")) {
    Office.context.ui.messageParent(text, { targetOrigin: location.origin });
  } else {
    // Older hosts: Office itself only lets pages of the add-in's domain message the pane.
    Office.context.ui.messageParent(text);
  }
  say(message.kind === "signed-in" ? t("dialog.signedIn") : t("dialog.failed"));
}

async function run(): Promise<void> {
  // Only to the directory IT set (or, without IT's, one of Entra's shape): never to a provider an
  // address names.
  const asked = new URLSearchParams(location.search).get("directory");
  if (asked !== null && !dialogDirectoryAllowed(SHIPPED, asked)) {
    sessionStorage.clear();
    tellPane({ kind: "failed", code: "dialog_directory_not_allowed" });
    return;
  }
  const message = await dialogSignIn({
    search: location.search,
    pageUrl: `${location.origin}${location.pathname}`,
    storage: sessionStorage,
    async createApp(config) {
      const msal = await import(/* webpackChunkName: "msal" */ "@azure/msal-browser");
      return await msal.createStandardPublicClientApplication(config);
    },
  });
  // undefined: on the way to the directory's sign-in page; this page comes back with the answer.
  if (message) tellPane(message);
}

void Office.onReady(() => run());
