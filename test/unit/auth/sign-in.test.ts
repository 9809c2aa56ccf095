/**
 * The sign-in module with msal stood in for (its instance is injected): silent tokens reused while
 * fresh and renewed before expiry, one renewal shared by concurrent callers, never interaction from
 * getToken, sign-out, the signed-in user and its change event, the gateway credential's provider.
 */
import type {
  AccountInfo,
  AuthenticationResult,
  IPublicClientApplication,
} from "@azure/msal-browser";
import {
  NOT_SIGNED_IN,
  RENEWAL_FAILED,
  SIGN_IN_NOT_SET_UP,
  configureSignInEnvironment,
  currentUser,
  getToken,
  onUserChanged,
  prepareSignIn,
  useHostNestedAppAuth,
  signIn,
  signInErrorText,
  signOut,
  userTokenProvider,
} from "../../../src/auth/index";
import { isUserTokenError } from "../../../src/api/index";
import type { SignInSettings } from "../../../src/api/index";
import { probeDuring } from "./token-probe";

const SETTINGS: SignInSettings = {
  directory: "https://localhost:8443/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0",
  clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
  scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
};

const INGRID: AccountInfo = {
  homeAccountId: "oid-1.tid",
  environment: "localhost:8443",
  tenantId: "tid",
  username: "ingrid.invoicer@contoso.example",
  localAccountId: "oid-1",
  name: "Ingrid Invoicer",
  idTokenClaims: { preferred_username: "ingrid.invoicer@contoso.example" },
};

/** A stand-in msal instance: tokens numbered, lifetime `ttlMs`, an account once signed in. */
function fakeMsal(clock: { now: number }, ttlMs = 60 * 60_000) {
  let issued = 0;
  let cachedAccount: AccountInfo | null = null;
  let active: AccountInfo | null = null;
  const calls = { silent: 0, popup: 0, clearCache: 0 };
  let silentFails = false;
  const result = (account: AccountInfo): AuthenticationResult =>
    ({
      accessToken: `at-${++issued}`,
      account,
      expiresOn: new Date(clock.now + ttlMs),
    }) as AuthenticationResult;
  const app = {
    getActiveAccount: () => active,
    getAllAccounts: () => (cachedAccount ? [cachedAccount] : []),
    setActiveAccount: (a: AccountInfo | null) => {
      active = a;
    },
    acquireTokenSilent: async (request: { account?: AccountInfo }) => {
      calls.silent += 1;
      await Promise.resolve();
      if (silentFails || !request.account)
        throw Object.assign(new Error("x"), { errorCode: "interaction_required" });
      return result(request.account);
    },
    acquireTokenPopup: async () => {
      calls.popup += 1;
      cachedAccount = INGRID;
      return result(INGRID);
    },
    clearCache: async () => {
      calls.clearCache += 1;
      cachedAccount = null;
    },
  };
  return {
    app: app as unknown as IPublicClientApplication,
    calls,
    failSilently: (fails: boolean) => (silentFails = fails),
    remember: () => (cachedAccount = INGRID),
  };
}

function setUp(ttlMs?: number) {
  const clock = { now: Date.parse("2026-11-24T08:00:00Z") };
  const msal = fakeMsal(clock, ttlMs);
  const created: boolean[] = [];
  configureSignInEnvironment({
    createApp: async (_settings, nested) => {
      created.push(nested);
      return msal.app;
    },
    now: () => clock.now,
    page: () => ({
      href: "https://localhost:3000/taskpane.html",
      origin: "https://localhost:3000",
    }),
  });
  return { clock, msal, created };
}

afterEach(() => configureSignInEnvironment());

describe("sign-in", () => {
  it("refuses a silent token before anyone signed in, without a popup", async () => {
    const { msal } = setUp();
    const error = await getToken(SETTINGS).catch((e: unknown) => e);
    expect(isUserTokenError(error)).toBe(true);
    expect((error as Error).message).toBe(NOT_SIGNED_IN);
    expect(NOT_SIGNED_IN).toBe("Sign in on the Billing pane (Connection).");
    expect(msal.calls.popup).toBe(0);
  });

  it("signs in with a popup, names the user and tells listeners", async () => {
    const { msal, created } = setUp();
    const seen: (string | undefined)[] = [];
    const off = onUserChanged((u) => seen.push(u?.username));
    const user = await signIn(SETTINGS);
    off();
    expect(user).toEqual({
      username: "ingrid.invoicer@contoso.example",
      name: "Ingrid Invoicer",
      nested: false,
    });
    expect(currentUser()?.username).toBe("ingrid.invoicer@contoso.example");
    expect(seen).toEqual(["ingrid.invoicer@contoso.example"]);
    expect(msal.calls.popup).toBe(1);
    // Outside Office (no NestedAppAuth 1.1): the standard public client.
    expect(created).toEqual([false]);
  });

  it("takes the nested (Office) client when the host's edge check says NestedAppAuth 1.1", async () => {
    const { created } = setUp();
    useHostNestedAppAuth(() => true);
    try {
      await prepareSignIn(SETTINGS);
      expect(created).toEqual([true]);
    } finally {
      useHostNestedAppAuth(() => false);
    }
  });

  it("reuses a fresh token and renews it before it expires", async () => {
    const { msal, clock } = setUp(60 * 60_000);
    await signIn(SETTINGS); // at-1
    expect(await getToken(SETTINGS)).toBe("at-1");
    expect(msal.calls.silent).toBe(0);
    clock.now += 50 * 60_000; // 10 min before expiry: still reused (renewed 5 min before)
    expect(await getToken(SETTINGS)).toBe("at-1");
    clock.now += 6 * 60_000; // 4 min before expiry: renewed silently
    expect(await getToken(SETTINGS)).toBe("at-2");
    expect(msal.calls.silent).toBe(1);
  });

  it("renews a short-lived token at half its life, once for many callers at the same time", async () => {
    const { msal, clock } = setUp(20_000);
    await signIn(SETTINGS);
    clock.now += 11_000;
    const tokens = await Promise.all(Array.from({ length: 25 }, () => getToken(SETTINGS)));
    expect(new Set(tokens)).toEqual(new Set(["at-2"]));
    expect(msal.calls.silent).toBe(1);
  });

  it("says the sign-in expired when the renewal fails, and never opens a popup for it", async () => {
    const { msal, clock } = setUp(20_000);
    await signIn(SETTINGS);
    clock.now += 60_000;
    msal.failSilently(true);
    const error = await getToken(SETTINGS).catch((e: unknown) => e);
    expect((error as Error).message).toBe(RENEWAL_FAILED);
    expect(msal.calls.popup).toBe(1);
  });

  it("finds an account signed in earlier (msal's cache) without asking", async () => {
    const { msal } = setUp();
    msal.remember();
    await prepareSignIn(SETTINGS);
    expect(currentUser()?.username).toBe("ingrid.invoicer@contoso.example");
    expect(await getToken(SETTINGS)).toBe("at-1");
    expect(msal.calls.popup).toBe(0);
  });

  it("signs out: no token until Sign in, msal's cache cleared, listeners told", async () => {
    const { msal } = setUp();
    await signIn(SETTINGS);
    const seen: (string | undefined)[] = [];
    onUserChanged((u) => seen.push(u?.username));
    await signOut();
    expect(currentUser()).toBeUndefined();
    expect(seen).toEqual([undefined]);
    expect(msal.calls.clearCache).toBe(1);
    await expect(getToken(SETTINGS)).rejects.toThrow(NOT_SIGNED_IN);
    await signIn(SETTINGS);
    expect(await getToken(SETTINGS)).toMatch(/^at-/);
  });

  it("lets a request's cancellation end its wait for a token", async () => {
    const { clock } = setUp(20_000);
    await signIn(SETTINGS);
    clock.now += 15_000;
    const controller = new AbortController();
    const waiting = getToken(SETTINGS, controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
  });
});

describe("a listener that asks for a token as soon as it is told (commit 4561ee1)", () => {
  it("is refused on sign-out, not given the token still remembered", async () => {
    const { msal } = setUp();
    await signIn(SETTINGS);
    expect(await getToken(SETTINGS)).toBe("at-1"); // kept, fresh for another hour
    const outcomes = await probeDuring(SETTINGS, (u) => u === undefined, signOut);
    expect(outcomes).toEqual([{ refused: NOT_SIGNED_IN, userTokenError: true }]);
    expect(msal.calls.silent).toBe(0);
  });

  it("is given the new sign-in's token, not refused, when Sign in follows a sign-out", async () => {
    const { msal } = setUp();
    await signIn(SETTINGS); // at-1
    await signOut();
    const outcomes = await probeDuring(
      SETTINGS,
      (u) => u !== undefined,
      () => signIn(SETTINGS)
    );
    expect(outcomes).toEqual([{ token: "at-2" }]); // the new sign-in's, kept: no silent call
    expect(msal.calls).toMatchObject({ popup: 2, silent: 0 });
  });
});

describe("the gateway credential's token provider", () => {
  it("exists only for the gateway credential", () => {
    setUp();
    expect(userTokenProvider({ kind: "none" })).toBeUndefined();
    expect(userTokenProvider({ kind: "bearer", token: "x" })).toBeUndefined();
    expect(userTokenProvider({ kind: "gateway", signIn: SETTINGS })).toBeInstanceOf(Function);
  });

  it("asks for sign-in when saved settings predate it (kind gateway without sign-in)", async () => {
    setUp();
    const provider = userTokenProvider({ kind: "gateway" })!;
    const error = await provider().catch((e: unknown) => e);
    expect(isUserTokenError(error)).toBe(true);
    expect((error as Error).message).toBe(SIGN_IN_NOT_SET_UP);
    expect(SIGN_IN_NOT_SET_UP).toMatch(/sign in on the Billing pane \(Connection\)\.$/);
  });

  it("gives the signed-in user's token", async () => {
    setUp();
    await signIn(SETTINGS);
    expect(await userTokenProvider({ kind: "gateway", signIn: SETTINGS })!()).toBe("at-1");
  });
});

describe("a failed sign-in in plain words", () => {
  it.each([
    ["user_cancelled", /cancelled/],
    ["popup_window_error", /allow pop-ups/],
    ["invalid_grant", /Sign-in failed \(invalid_grant\)/],
  ])("%s", (errorCode, words) => {
    expect(
      signInErrorText(Object.assign(new Error("…https://idp/?code=secret…"), { errorCode }))
    ).toMatch(words);
  });

  it("never repeats msal's own text (it may quote URLs)", () => {
    expect(signInErrorText(new Error("https://idp/authorize?code=SECRET"))).not.toContain("SECRET");
  });
});
