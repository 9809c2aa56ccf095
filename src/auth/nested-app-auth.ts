/**
 * Whether the host offers nested app authentication (requirement set NestedAppAuth 1.1). The
 * question is Office's, so the edges ask it (`isNestedAppAuthSupported` in src/excel) and hand the
 * check in here; until they do (a plain page, a Node test) the answer is no.
 */
let hostCheck: () => boolean = () => false;

/** Sets how the sign-in asks the host for NestedAppAuth 1.1 (the task pane and functions do). */
export function useHostNestedAppAuth(check: () => boolean): void {
  hostCheck = check;
}

/** True when the host said it supports NestedAppAuth 1.1 (a failing check counts as no). */
export function hostSupportsNestedAppAuth(): boolean {
  try {
    return hostCheck();
  } catch {
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
