/**
 * The one owner of sign-in (STYLE.md "Sign-in and runs"; issue 17): the msal instance, silent
 * tokens for the gateway, the interactive sign-in (a popup, only from a click in the pane), sign-out,
 * and the signed-in account with a change event. The task pane, the custom functions and the ribbon
 * commands share one webpack runtime, so this module state exists once and one sign-in serves them
 * all.
 *
 * Inside Office with NestedAppAuth 1.1, `createNestablePublicClientApplication` gets tokens from the
 * account Office is signed in with (nested app authentication, through the host's bridge); anywhere
 * else (the preview, an older Office) it is the standard public client, signing in with a popup.
 */
import type {
  AccountInfo,
  AuthenticationResult,
  IPublicClientApplication,
} from "@azure/msal-browser";
import type { Credential, SignInSettings, UserTokenProvider } from "../api";
import { SIGN_IN_ON_PANE, UserTokenError } from "../api";
import { interactivePrompt, msalConfiguration, signInKey } from "./msal-config";
import { hasNestedAppAuthBridge, hostSupportsNestedAppAuth } from "./nested-app-auth";
import { rolesOfToken } from "./token-roles";

/** Who is signed in, as the pane and the Billing log name them. */
export interface SignedInUser {
  /** `preferred_username` (e.g. name@company); display only — it can change, `oid` does not. */
  username: string;
  /** The display name, when the directory gives one. */
  name?: string;
  /** True when the token comes from Office's own account (nested app authentication). */
  nested: boolean;
  /** The app roles of the user's access token (`roles`), once a token was issued. */
  roles?: readonly string[];
}

/** Told after every change of the signed-in user (undefined = signed out). */
export type UserListener = (user: SignedInUser | undefined) => void;

/** The words of a missing sign-in: a cell shows exactly these (issue 17). */
export const NOT_SIGNED_IN = `${SIGN_IN_ON_PANE}.`;

/** The words when the silent renewal failed (the refresh token expired, the account changed, …). */
export const RENEWAL_FAILED = `Your sign-in has expired and could not be renewed. ${SIGN_IN_ON_PANE}.`;

/** When the company gateway is chosen but its sign-in settings were never filled in. */
export const SIGN_IN_NOT_SET_UP = `The company gateway needs you to sign in: fill in the sign-in settings and ${SIGN_IN_ON_PANE.charAt(0).toLowerCase()}${SIGN_IN_ON_PANE.slice(1)}.`;

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

function userOf(account: AccountInfo, nested: boolean): SignedInUser {
  const claims = account.idTokenClaims as { preferred_username?: unknown } | undefined;
  const preferred =
    typeof claims?.preferred_username === "string" ? claims.preferred_username : undefined;
  const username = preferred ?? account.username;
  return account.name ? { username, name: account.name, nested } : { username, nested };
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
    setUser({ ...userOf(result.account, s.nested), ...(roles ? { roles } : {}) });
  }
  return result.accessToken;
}

async function silentToken(s: Session): Promise<string> {
  let app: IPublicClientApplication;
  try {
    app = await s.app;
  } catch {
    throw new UserTokenError(
      "Sign-in could not start (check the sign-in settings on the Billing pane, Connection)."
    );
  }
  const account = s.account ?? (s.nested ? undefined : (app.getActiveAccount() ?? undefined));
  // Nested: Office's account may give a token without any sign-in in the pane.
  if (account === undefined && !s.nested) throw new UserTokenError(NOT_SIGNED_IN);
  try {
    const request = account
      ? { scopes: [s.settings.scope], account }
      : { scopes: [s.settings.scope] };
    return remember(s, await app.acquireTokenSilent(request));
  } catch {
    // Interaction required, a refresh token that expired, a network failure: never a popup here.
    s.memo = undefined;
    if (account === undefined) throw new UserTokenError(NOT_SIGNED_IN);
    throw new UserTokenError(RENEWAL_FAILED);
  }
}

/**
 * The user's access token for the gateway, silently: the kept one while it is fresh, else msal's
 * (its cache, else a refresh). Never starts interaction. Throws a UserTokenError with the plain
 * sentence when there is none (not signed in; renewal failed).
 */
export async function getToken(settings: SignInSettings, signal?: AbortSignal): Promise<string> {
  const s = sessionFor(settings);
  if (s.signedOut) throw new UserTokenError(NOT_SIGNED_IN);
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
 * Signs in interactively: Office's own sign-in under nested app authentication, else a popup of the
 * directory's sign-in page. Call it only from a click in the pane (a popup needs the user's gesture;
 * the msal instance is ready by then — see prepareSignIn — so the popup opens without waiting).
 */
export async function signIn(settings: SignInSettings): Promise<SignedInUser> {
  const s = sessionFor(settings);
  const prompt = interactivePrompt(settings);
  const request = prompt ? { scopes: [settings.scope], prompt } : { scopes: [settings.scope] };
  // No await before the popup opens when the instance is ready (a popup blocker would stop it).
  const result = s.ready
    ? s.ready.acquireTokenPopup(request)
    : s.app.then((app) => app.acquireTokenPopup(request));
  const answer = await result;
  s.signedOut = false;
  remember(s, answer);
  return user ?? userOf(answer.account, s.nested);
}

/**
 * Signs out of the add-in: forgets the tokens and the account in this browser (msal's cache), so
 * nothing is sent to the gateway until Sign in. Under nested app authentication Office's own
 * account stays signed in to Office; the add-in just stops using it until Sign in is pressed.
 */
export async function signOut(): Promise<void> {
  setUser(undefined);
  await Promise.all([...sessions.values()].map(signOutOf));
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
    return () => Promise.reject(new UserTokenError(SIGN_IN_NOT_SET_UP));
  }
  return (signal) => getToken(settings, signal);
}
