/**
 * What the Office host offers the sign-in, handed in by the edges: the question
 * is Office's, so src/taskpane asks it (guarded by requirement set) and installs the answers here;
 * until it does (a plain page, a Node test) every answer is no.
 *
 * - NestedAppAuth 1.1: nested app authentication (msal talks to Office's bridge).
 * - `Office.auth.getAuthContext()` (NestedAppAuth 1.1): who is signed in to Office — the
 *   `loginHint` for `ssoSilent`, and the name for the Billing log when there is no gateway sign-in.
 * - The Office dialog API (DialogApi 1.1): the fallback when NAA is missing or a popup is blocked.
 */

/** The account Office is signed in with, as `getAuthContext()` gives it. */
export interface OfficeAccount {
  /** `userPrincipalName`: the work account's login name (name@company). */
  username: string;
  /** `loginHint`, for msal's `ssoSilent` (Excel on the web wants it). */
  loginHint?: string;
}

/** What came back from the Office dialog: its message (and the origin Office says it came from), or why not. */
export type DialogAnswer =
  | { kind: "message"; message: string; origin: string | undefined }
  | { kind: "closed" }
  | { kind: "failed"; code: number };

/** Opens `url` (a page of the add-in's own origin) in the Office dialog; resolves with its answer. */
export type DialogOpener = (url: string) => Promise<DialogAnswer>;

/** The Office dialog as the edge offers it: asked at each sign-in whether the host has it. */
export interface DialogHost {
  /** True when the host has the dialog API (DialogApi 1.1). */
  available(): boolean;
  open: DialogOpener;
}

let hostCheck: () => boolean = () => false;
let authContextOf: () => Promise<OfficeAccount | undefined> = () => Promise.resolve(undefined);
let dialogHost: DialogHost | undefined;

/** Sets how the sign-in asks the host for NestedAppAuth 1.1 (the task pane and functions do). */
export function useHostNestedAppAuth(check: () => boolean): void {
  hostCheck = check;
}

/** Sets how the sign-in reads Office's account (`getAuthContext`, guarded by the edge). */
export function useHostAuthContext(read: () => Promise<OfficeAccount | undefined>): void {
  authContextOf = read;
  officeAccountRead = undefined;
  officeAccountKnown = undefined;
}

/** Sets the Office dialog the sign-in falls back to; undefined = none. */
export function useHostDialog(host: DialogHost | undefined): void {
  dialogHost = host;
}

/** True when the host said it supports NestedAppAuth 1.1 (a failing check counts as no). */
export function hostSupportsNestedAppAuth(): boolean {
  try {
    return hostCheck();
  } catch {
    return false;
  }
}

let officeAccountRead: Promise<OfficeAccount | undefined> | undefined;
let officeAccountKnown: OfficeAccount | undefined;

/**
 * Office's account (asked once per page; a failure or a host without it is undefined). The
 * `loginHint` goes to msal only; the name is shown and logged.
 */
export function hostAccount(): Promise<OfficeAccount | undefined> {
  officeAccountRead ??= authContextOf().then(
    (account) => {
      officeAccountKnown = account?.username ? account : undefined;
      return officeAccountKnown;
    },
    () => undefined
  );
  return officeAccountRead;
}

/** Office's account once read (see {@link hostAccount}), else undefined. */
export function knownHostAccount(): OfficeAccount | undefined {
  return officeAccountKnown;
}

/** The Office dialog, when the host offers it. */
export function hostDialog(): DialogOpener | undefined {
  try {
    return dialogHost?.available() ? dialogHost.open : undefined;
  } catch {
    return undefined;
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
