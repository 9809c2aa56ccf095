/**
 * Whether the host offers nested app authentication (requirement set NestedAppAuth 1.1): Excel on
 * the web, Windows, Mac and iPad with a current build. Outside Office (the preview, a plain browser
 * tab) there is no `Office.context` and the answer is no.
 */

/** True inside an Office host that supports NestedAppAuth 1.1. */
export function isNestedAppAuthSupported(): boolean {
  try {
    return (
      typeof Office !== "undefined" &&
      Office.context?.requirements?.isSetSupported("NestedAppAuth", "1.1") === true
    );
  } catch {
    // office.js not initialised (a plain page): no host, no bridge.
    return false;
  }
}

/**
 * True when the page already holds a host's nested-app-auth bridge (`window.nestedAppAuthBridge`,
 * what msal's NAA talks to). Office installs it for add-ins; a browser test stands one in.
 */
export function hasNestedAppAuthBridge(): boolean {
  return (
    typeof window !== "undefined" &&
    (window as { nestedAppAuthBridge?: unknown }).nestedAppAuthBridge !== undefined
  );
}

/**
 * True in the sign-in popup once it has come back to the task pane page (the redirect URI): msal
 * names its popups `msal.…`, and the window that opened it reads the answer from the address and
 * closes it. The pane does not start there (no second pane, no second msal instance on the answer).
 */
export function isSignInPopup(): boolean {
  try {
    return (
      typeof window !== "undefined" && window.opener != null && window.name.startsWith("msal.")
    );
  } catch {
    return false;
  }
}
