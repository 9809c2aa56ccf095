/**
 * The one owner of sign-in (everything else asks it for a token, as in Microsoft's NAA sample):
 * the msal instance, silent
 * tokens for the gateway, the interactive sign-in (a popup, only from a click in the pane), sign-out,
 * and the signed-in account with a change event. The task pane, the custom functions and the ribbon
 * commands share one webpack runtime, so this module state exists once and one sign-in serves them
 * all.
 *
 * Microsoft's NAA guidance: inside Office with NestedAppAuth 1.1,
 * `createNestablePublicClientApplication` gets tokens from the account Office is signed in with —
 * `ssoSilent` with the `loginHint` of `Office.auth.getAuthContext()` first (Excel on the web wants
 * it), `acquireTokenSilent` for an account already known, a popup only from a click. Anywhere else
 * it is the standard public client: inside an Office without NAA the Office dialog signs in
 * (sign-in-dialog.ts), outside Office (the preview) a popup, and a blocked popup falls back to the
 * Office dialog where the host has one.
 */
import type {
  AccountInfo,
  AuthenticationResult,
  IPublicClientApplication,
} from "@azure/msal-browser";
import type { Credential, SignInSettings, UserTokenProvider } from "../api";
import { UserTokenError, reason, reasonText } from "../api";
import { INTERACTIVE_PROMPT, msalConfiguration, signInKey } from "./msal-config";
import {
  hasNestedAppAuthBridge,
  hostAccount,
  hostDialog,
  hostSupportsNestedAppAuth,
  knownHostAccount,
} from "./nested-app-auth";
import { dialogUrl, DialogSignInError, readDialogMessage } from "./sign-in-dialog";
import { rolesOfToken } from "./token-roles";
import { userOf, type SignedInUser } from "./user";

export type { SignedInUser } from "./user";

/** Told after every change of the signed-in user (undefined = signed out). */
export type UserListener = (user: SignedInUser | undefined) => void;

/** The words of a missing sign-in: a cell shows exactly these. */
export const NOT_SIGNED_IN = /*#__PURE__*/ reasonText(reason("auth.notSignedIn"));

/** The words when the silent renewal failed (the refresh token expired, the account changed, …). */
export const RENEWAL_FAILED = /*#__PURE__*/ reasonText(reason("auth.renewalFailed"));

/** When the company gateway is chosen but its sign-in settings were never filled in. */
export const SIGN_IN_NOT_SET_UP = /*#__PURE__*/ reasonText(reason("auth.notSetUp"));

/** An access token kept between requests, renewed before `renewAt`. */
interface Memo {
  token: string;
  renewAt: number;
}

/** One set of sign-in settings and its msal instance. */
interface Session {
  key: string;
  settings: SignInSettings;
  app: Promise<IPublicClientApplication>;
  /** The instance once created: a click's popup must open without waiting (popup blockers). */
  ready?: IPublicClientApplication;
  nested: boolean;
  account?: AccountInfo;
  memo?: Memo;
  /** A silent request in flight that concurrent callers share (one renewal, not one per cell). */
  pending?: Promise<string>;
  /** Signed out in this page: no silent token, not even Office's, until Sign in is pressed. */
  signedOut: boolean;
}

/** Injected for tests: how the msal instance is made and what the page is. */
export interface SignInEnvironment {
  createApp(settings: SignInSettings, nested: boolean): Promise<IPublicClientApplication>;
  now(): number;
  /** The task pane page's address and origin (the dialog page sits beside it). */
  page(): { href: string; origin: string };
}

function pageRedirectUri(): string {
  return `${location.origin}${location.pathname}`;
}

const BROWSER: SignInEnvironment = {
  async createApp(settings, nested) {
    const config = msalConfiguration(settings, pageRedirectUri());
    // Loaded on first use (its own chunk, ~70 KB gzipped): the functions and commands bundles stay
    // within their budgets, and nobody without the gateway credential downloads msal at all.
    const msal = await import(/* webpackChunkName: "msal" */ "@azure/msal-browser");
    return nested
      ? await msal.createNestablePublicClientApplication(config)
      : await msal.createStandardPublicClientApplication(config);
  },
  now: () => Date.now(),
  page: () => ({ href: location.href, origin: location.origin }),
};

let environment: SignInEnvironment = BROWSER;
/**
 * Sessions by settings key: the saved settings (functions, runs) and the ones typed in the form
 * (Sign in before Save) may differ for a moment; each keeps its own msal instance.
 */
const sessions = new Map<string, Session>();
let user: SignedInUser | undefined;
const listeners = new Set<UserListener>();

/** Replaces the environment (tests) and forgets the session; no argument = the browser's. */
export function configureSignInEnvironment(next?: SignInEnvironment): void {
  environment = next ?? BROWSER;
  sessions.clear();
  setUser(undefined);
}

function sameUser(a: SignedInUser | undefined, b: SignedInUser | undefined): boolean {
  return (
    a?.username === b?.username &&
    a?.name === b?.name &&
    a?.nested === b?.nested &&
    a?.roles?.join(" ") === b?.roles?.join(" ")
  );
}

function setUser(next: SignedInUser | undefined): void {
  if (sameUser(user, next)) return;
  user = next;
  for (const listener of [...listeners]) {
    try {
      listener(user);
    } catch {
      // A faulty listener must not break sign-in for the others.
    }
  }
}

/** The session for `settings`, created (and its msal instance started) on first use. */
function sessionFor(settings: SignInSettings): Session {
  const key = signInKey(settings);
  const known = sessions.get(key);
  if (known) return known;
  // Office says NestedAppAuth 1.1 (its bridge may be set up only when msal asks), or a bridge is
  // there already; msal's nestable factory still falls back to the standard client without one.
  const nested = hostSupportsNestedAppAuth() || hasNestedAppAuthBridge();
  const created: Session = {
    key,
    settings,
    nested,
    signedOut: false,
    app: environment.createApp(settings, nested),
  };
  created.app.then(
    (app) => {
      created.ready = app;
      if (sessions.get(key) !== created || created.signedOut) return;
      // A standard instance remembers the account of an earlier sign-in (localStorage).
      const account = app.getActiveAccount() ?? app.getAllAccounts()[0];
      if (account && !created.nested) {
        created.account = account;
        setUser(userOf(account, false));
      }
    },
    () => undefined
  );
  sessions.set(key, created);
  return created;
}

/**
 * Starts msal for `settings` ahead of a click (so that Sign in opens its popup at once) and picks up
 * an account signed in earlier. Safe to call repeatedly; undefined does nothing.
 */
export async function prepareSignIn(settings: SignInSettings | undefined): Promise<void> {
  if (settings === undefined) return;
  try {
    await sessionFor(settings).app;
  } catch {
    // Reported when a token is asked for or Sign in is pressed.
  }
}

/** Results that came through the Office dialog: the account is the directory's, not Office's. */
const fromDialog = new WeakSet<AuthenticationResult>();

function remember(s: Session, result: AuthenticationResult): string {
  const now = environment.now();
  const expires = result.expiresOn?.getTime() ?? now;
  // Reuse until half the lifetime or 5 min before expiry, whichever is first; msal itself renews
  // within its 5-minute offset, so a reuse never outlives the token.
  const margin = Math.min(5 * 60_000, Math.max(0, (expires - now) / 2));
  s.memo = { token: result.accessToken, renewAt: expires - margin };
  if (result.account) {
    s.account = result.account;
    if (!s.nested) s.ready?.setActiveAccount(result.account);
    const roles = rolesOfToken(result.accessToken);
    setUser({
      ...userOf(result.account, s.nested && !fromDialog.has(result)),
      ...(roles ? { roles } : {}),
    });
  }
  return result.accessToken;
}

async function started(s: Session): Promise<IPublicClientApplication> {
  try {
    return await s.app;
  } catch {
    throw new UserTokenError(reason("auth.cannotStart"));
  }
}

/**
 * A token for Office's own account, silently (nested app authentication): `ssoSilent` with the
 * `loginHint` of `Office.auth.getAuthContext()` where the host gives one (Microsoft's guidance for
 * Excel on the web), else `acquireTokenSilent` through Office's bridge.
 */
async function officeAccountToken(
  s: Session,
  app: IPublicClientApplication
): Promise<AuthenticationResult> {
  const loginHint = (await hostAccount())?.loginHint;
  const scopes = [s.settings.scope];
  return loginHint
    ? await app.ssoSilent({ scopes, loginHint })
    : await app.acquireTokenSilent({ scopes });
}

async function silentToken(s: Session): Promise<string> {
  const app = await started(s);
  const account = s.account ?? (s.nested ? undefined : (app.getActiveAccount() ?? undefined));
  // Nested: Office's account may give a token without any sign-in in the pane.
  if (account === undefined && !s.nested) throw new UserTokenError(reason("auth.notSignedIn"));
  try {
    return remember(
      s,
      account
        ? await app.acquireTokenSilent({ scopes: [s.settings.scope], account })
        : await officeAccountToken(s, app)
    );
  } catch {
    // Interaction required, a refresh token that expired, a network failure: never a popup here.
    s.memo = undefined;
    if (account === undefined) throw new UserTokenError(reason("auth.notSignedIn"));
    throw new UserTokenError(reason("auth.renewalFailed"));
  }
}

/**
 * The user's access token for the gateway, silently: the kept one while it is fresh, else msal's
 * (its cache, else a refresh). Never starts interaction. Throws a UserTokenError with the plain
 * sentence when there is none (not signed in; renewal failed).
 */
export async function getToken(settings: SignInSettings, signal?: AbortSignal): Promise<string> {
  const s = sessionFor(settings);
  if (s.signedOut) throw new UserTokenError(reason("auth.notSignedIn"));
  if (s.memo && environment.now() < s.memo.renewAt) return s.memo.token;
  s.pending ??= silentToken(s).finally(() => {
    s.pending = undefined;
  });
  const token = s.pending;
  if (signal === undefined) return await token;
  // The request's cancellation ends this caller's wait; the shared renewal goes on for the others.
  return await new Promise<string>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    token.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Signs in interactively. Under nested app authentication: Office's account,
 * silently first (`ssoSilent` with its `loginHint`), Office's prompt only when it needs one. In an
 * Office without NAA: the Office dialog (popups are unreliable in Office's own windows). Outside
 * Office: a popup of the directory's sign-in page with its account picker. A blocked popup falls
 * back to the Office dialog where the host has one. Call it only from a click in the pane (a popup
 * needs the user's gesture; the msal instance is ready by then — see prepareSignIn).
 */
export async function signIn(settings: SignInSettings): Promise<SignedInUser> {
  const s = sessionFor(settings);
  const answer = await interactiveResult(s);
  s.signedOut = false;
  remember(s, answer);
  return user ?? userOf(answer.account, s.nested && !fromDialog.has(answer));
}

function interactiveResult(s: Session): Promise<AuthenticationResult> {
  const dialog = hostDialog();
  if (!s.nested && dialog) return dialogResult(s, dialog);
  // Started before anything is awaited: the popup must open within the click.
  const first = s.nested ? nestedResult(s) : popupResult(s);
  return first.catch((error: unknown) => {
    if (dialog && isPopupBlocked(error)) return dialogResult(s, dialog);
    throw error;
  });
}

function popupResult(s: Session): Promise<AuthenticationResult> {
  const request = { scopes: [s.settings.scope], prompt: INTERACTIVE_PROMPT };
  // No await before the popup opens when the instance is ready (a popup blocker would stop it).
  return s.ready
    ? s.ready.acquireTokenPopup(request)
    : s.app.then((app) => app.acquireTokenPopup(request));
}

async function nestedResult(s: Session): Promise<AuthenticationResult> {
  const app = await s.app;
  try {
    return await officeAccountToken(s, app);
  } catch {
    // Office wants the user (consent, a new sign-in): its own prompt.
    return await app.acquireTokenPopup({ scopes: [s.settings.scope] });
  }
}

function isPopupBlocked(error: unknown): boolean {
  const code = (error as { errorCode?: unknown } | undefined)?.errorCode;
  return code === "popup_window_error" || code === "empty_window_error";
}

/** What an Office dialog error code means for the sign-in (Office's documented codes). */
function dialogFailure(code: number): DialogSignInError {
  if (code === 12007) {
    return new DialogSignInError(
      "A sign-in window is already open; finish it first.",
      "dialog_open"
    );
  }
  if (code === 12009) {
    return new DialogSignInError(
      "Sign-in was cancelled (the sign-in window was not allowed to open).",
      "user_cancelled"
    );
  }
  return new DialogSignInError(
    `The sign-in window could not open (Office error ${code}); press Sign in again.`,
    "dialog_failed"
  );
}

/** Signs in through the add-in's page in the Office dialog (sign-in-dialog.ts). */
async function dialogResult(
  s: Session,
  open: NonNullable<ReturnType<typeof hostDialog>>
): Promise<AuthenticationResult> {
  const page = environment.page();
  const answer = await open(
    dialogUrl(page.href, { settings: s.settings, prompt: INTERACTIVE_PROMPT })
  );
  if (answer.kind === "closed") {
    throw new DialogSignInError(
      "Sign-in was cancelled (the sign-in window was closed).",
      "user_cancelled"
    );
  }
  if (answer.kind === "failed") throw dialogFailure(answer.code);
  const message = readDialogMessage(answer.message, answer.origin, page.origin);
  if (message.kind === "failed") {
    throw Object.assign(new Error("sign-in failed in the dialog"), { errorCode: message.code });
  }
  const result = {
    accessToken: message.accessToken,
    expiresOn: new Date(message.expiresOn),
    account: message.account as AccountInfo,
  } as AuthenticationResult;
  fromDialog.add(result);
  return result;
}

/**
 * Signs out of the add-in: forgets the tokens and the account in this browser (msal's cache), so
 * nothing is sent to the gateway until Sign in. Under nested app authentication Office's own
 * account stays signed in to Office; the add-in just stops using it until Sign in is pressed.
 */
export async function signOut(): Promise<void> {
  // Every session is marked signed out (synchronously, before signOutOf's first await) before the
  // listeners hear of it: a listener that asks for a token at once (the header's probe) must be
  // refused, not given the token still remembered.
  const sessionsOut = Promise.all([...sessions.values()].map(signOutOf));
  setUser(undefined);
  await sessionsOut;
}

async function signOutOf(s: Session): Promise<void> {
  s.signedOut = true;
  s.memo = undefined;
  const account = s.account;
  s.account = undefined;
  if (s.nested) return;
  try {
    const app = await s.app;
    app.setActiveAccount(null);
    // Local sign-out: the cache only, without a trip to the directory (no popup, no redirect).
    await app.clearCache(account ? { account } : undefined);
  } catch {
    // Nothing cached to clear.
  }
}

/**
 * The plain sentence for a failed interactive sign-in (msal's error codes, never its full text:
 * it can quote the URL of the sign-in page).
 */
export function signInErrorText(error: unknown): string {
  if (error instanceof DialogSignInError) return error.message;
  const code = (error as { errorCode?: unknown } | undefined)?.errorCode;
  if (code === "user_cancelled") return "Sign-in was cancelled (the sign-in window was closed).";
  if (code === "popup_window_error" || code === "empty_window_error") {
    return "The sign-in window could not open: allow pop-ups for this add-in, then press Sign in again.";
  }
  if (code === "interaction_in_progress") return "A sign-in is already open; finish it first.";
  if (typeof code === "string" && /^[\w.-]{1,60}$/.test(code)) {
    return `Sign-in failed (${code}); check the sign-in settings, then press Sign in again.`;
  }
  return "Sign-in failed; check the sign-in settings and the network, then press Sign in again.";
}

/** The signed-in account's app roles, once a token was issued; undefined when not known. */
export function currentRoles(): readonly string[] | undefined {
  return user?.roles;
}

/** Who is signed in now, or undefined. */
export function currentUser(): SignedInUser | undefined {
  return user;
}

/**
 * The name for the Billing log's `user` column: the account signed in for the
 * gateway, else the account Office is signed in with (`getAuthContext()`, where the host gives
 * it), else undefined (the cell stays empty).
 */
export function logUserName(): string | undefined {
  return user?.username ?? knownHostAccount()?.username;
}

/** Calls `listener` after each change of the signed-in user; returns the unsubscribe function. */
export function onUserChanged(listener: UserListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The token provider for a client built from `credential` (ClientOptions.userToken): for the
 * gateway credential only. Without sign-in settings (saved before sign-in existed), every request
 * is refused before it leaves, asking for sign-in.
 */
export function userTokenProvider(credential: Credential): UserTokenProvider | undefined {
  if (credential.kind !== "gateway") return undefined;
  const settings = credential.signIn;
  if (settings === undefined) {
    return () => Promise.reject(new UserTokenError(reason("auth.notSetUp")));
  }
  return (signal) => getToken(settings, signal);
}
