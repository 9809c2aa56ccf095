/**
 * Sign-in as Microsoft's NAA guidance does it, with msal and Office stood in for:
 * `ssoSilent` with the `loginHint` of `getAuthContext()` under nested app authentication; the
 * account picker (`select_account`) on every interactive sign-in outside NAA, so Sign out then Sign
 * in can switch the account; a blocked popup and an Office without NAA fall back to the Office
 * dialog, whose answer is accepted only from the add-in's own origin; the Billing log's user.
 */
import type {
  AccountInfo,
  AuthenticationResult,
  IPublicClientApplication,
} from "@azure/msal-browser";
import {
  INTERACTIVE_PROMPT,
  NOT_SIGNED_IN,
  configureSignInEnvironment,
  currentUser,
  getToken,
  hostAccount,
  logUserName,
  signIn,
  signInErrorText,
  signOut,
  useHostAuthContext,
  useHostDialog,
  useHostNestedAppAuth,
} from "../../../src/auth/index";
import type { DialogAnswer } from "../../../src/auth/index";
import type { SignInSettings } from "../../../src/api/index";
import { probeDuring } from "./token-probe";

const SETTINGS: SignInSettings = {
  directory: "https://localhost:3003/7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17/v2.0",
  clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
  scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
};
const ORIGIN = "https://localhost:3000";

function account(username: string): AccountInfo {
  return {
    homeAccountId: `${username}.tid`,
    environment: "localhost:3003",
    tenantId: "tid",
    username,
    localAccountId: username,
    idTokenClaims: { preferred_username: username },
  };
}

/** A stand-in msal instance that records every call and its request. */
function fakeMsal(
  options: { popupBlocked?: boolean; popupUser?: string; silentFails?: boolean } = {}
) {
  const calls: { method: string; request: Record<string, unknown> }[] = [];
  const result = (who: string): AuthenticationResult =>
    ({
      accessToken: `token-of-${who}`,
      account: account(who),
      expiresOn: new Date(Date.now() + 3_600_000),
    }) as AuthenticationResult;
  const app = {
    getActiveAccount: () => null,
    getAllAccounts: () => [],
    setActiveAccount: () => undefined,
    clearCache: async () => undefined,
    ssoSilent: async (request: Record<string, unknown>) => {
      calls.push({ method: "ssoSilent", request });
      return result(String(request.loginHint));
    },
    acquireTokenSilent: async (request: Record<string, unknown>) => {
      calls.push({ method: "acquireTokenSilent", request });
      if (options.silentFails)
        throw Object.assign(new Error("x"), { errorCode: "interaction_required" });
      return result("office.user@contoso.example");
    },
    acquireTokenPopup: async (request: Record<string, unknown>) => {
      calls.push({ method: "acquireTokenPopup", request });
      if (options.popupBlocked)
        throw Object.assign(new Error("blocked"), { errorCode: "popup_window_error" });
      return result(options.popupUser ?? "popup.user@contoso.example");
    },
  };
  return { app: app as unknown as IPublicClientApplication, calls };
}

function setUp(msal: ReturnType<typeof fakeMsal>, nested = false) {
  useHostNestedAppAuth(() => nested);
  configureSignInEnvironment({
    createApp: async () => msal.app,
    now: () => Date.now(),
    page: () => ({ href: `${ORIGIN}/taskpane.html?x=1`, origin: ORIGIN }),
  });
}

/** An Office dialog stand-in: records the address it was opened with and answers `answer`. */
function dialogAnswering(answer: (url: string) => DialogAnswer) {
  const opened: string[] = [];
  useHostDialog({
    available: () => true,
    open: async (url) => {
      opened.push(url);
      return answer(url);
    },
  });
  return opened;
}

const signedInMessage = (username: string) =>
  JSON.stringify({
    kind: "signed-in",
    accessToken: `dialog-token-of-${username}`,
    expiresOn: Date.now() + 3_600_000,
    account: {
      homeAccountId: `${username}.tid`,
      environment: "localhost:3003",
      tenantId: "tid",
      username,
      localAccountId: username,
    },
  });

afterEach(() => {
  configureSignInEnvironment();
  useHostNestedAppAuth(() => false);
  useHostAuthContext(() => Promise.resolve(undefined));
  useHostDialog(undefined);
});

/** Inside an Office with NestedAppAuth 1.1 whose account (with its loginHint) is office.user. */
function insideOfficeWithNaa() {
  const msal = fakeMsal();
  setUp(msal, true);
  useHostAuthContext(async () => ({
    username: "office.user@contoso.example",
    loginHint: "office.user@contoso.example",
  }));
  return msal;
}

describe("nested app authentication (Office's account)", () => {
  it("asks ssoSilent with the loginHint of getAuthContext first, without any prompt", async () => {
    const msal = insideOfficeWithNaa();
    await expect(getToken(SETTINGS)).resolves.toBe("token-of-office.user@contoso.example");
    expect(msal.calls.map((c) => c.method)).toEqual(["ssoSilent"]);
    expect(msal.calls[0]!.request).toEqual({
      scopes: [SETTINGS.scope],
      loginHint: "office.user@contoso.example",
    });
    expect(currentUser()).toMatchObject({ username: "office.user@contoso.example", nested: true });
  });

  it("uses acquireTokenSilent where the host gives no auth context", async () => {
    const msal = fakeMsal();
    setUp(msal, true);
    await getToken(SETTINGS);
    expect(msal.calls.map((c) => c.method)).toEqual(["acquireTokenSilent"]);
  });

  it("signs in on a click silently first; no popup when Office's account gives a token", async () => {
    const msal = fakeMsal();
    setUp(msal, true);
    useHostAuthContext(async () => ({
      username: "a@contoso.example",
      loginHint: "a@contoso.example",
    }));
    await expect(signIn(SETTINGS)).resolves.toMatchObject({ username: "a@contoso.example" });
    expect(msal.calls.map((c) => c.method)).toEqual(["ssoSilent"]);
  });
});

describe("outside nested app authentication", () => {
  it("opens the popup with the account picker, so Sign out then Sign in can switch the account", async () => {
    const msal = fakeMsal({ popupUser: "first@contoso.example" });
    setUp(msal);
    await signIn(SETTINGS);
    await signOut();
    expect(currentUser()).toBeUndefined();
    const popups = msal.calls.filter((c) => c.method === "acquireTokenPopup");
    await signIn(SETTINGS);
    expect(popups.length + 1).toBe(
      msal.calls.filter((c) => c.method === "acquireTokenPopup").length
    );
    for (const c of msal.calls.filter((c) => c.method === "acquireTokenPopup"))
      expect(c.request).toEqual({ scopes: [SETTINGS.scope], prompt: INTERACTIVE_PROMPT });
    expect(INTERACTIVE_PROMPT).toBe("select_account");
  });

  it("falls back to the Office dialog when Office's popup is blocked, and takes its answer", async () => {
    const msal = fakeMsal({ popupBlocked: true, silentFails: true });
    setUp(msal, true);
    const opened = dialogAnswering(() => ({
      kind: "message",
      message: signedInMessage("dialog.user@contoso.example"),
      origin: ORIGIN,
    }));
    await expect(signIn(SETTINGS)).resolves.toMatchObject({
      username: "dialog.user@contoso.example",
      nested: false,
    });
    expect(msal.calls.map((c) => c.method)).toEqual(["acquireTokenSilent", "acquireTokenPopup"]);
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0]!);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/signin-dialog.html`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      directory: SETTINGS.directory,
      clientId: SETTINGS.clientId,
      scope: SETTINGS.scope,
      prompt: "select_account",
    });
    await expect(getToken(SETTINGS)).resolves.toBe("dialog-token-of-dialog.user@contoso.example");
  });

  it("goes to the Office dialog at once in an Office without NAA (no popup)", async () => {
    const msal = fakeMsal();
    setUp(msal);
    const opened = dialogAnswering(() => ({
      kind: "message",
      message: signedInMessage("old.office@contoso.example"),
      origin: undefined, // a host without DialogOrigin 1.1 says no origin
    }));
    await expect(signIn(SETTINGS)).resolves.toMatchObject({
      username: "old.office@contoso.example",
    });
    expect(msal.calls).toEqual([]);
    expect(opened).toHaveLength(1);
  });

  it("ignores a dialog answer from another origin, and never repeats the message", async () => {
    const msal = fakeMsal();
    setUp(msal);
    dialogAnswering(() => ({
      kind: "message",
      message: signedInMessage("mallory@evil.example"),
      origin: "https://evil.example",
    }));
    const error = await signIn(SETTINGS).catch((e: unknown) => e);
    const words = signInErrorText(error);
    expect(words).toBe(
      `The sign-in window answered from https://evil.example, not from the add-in (${ORIGIN}); the answer was ignored.`
    );
    expect(words).not.toContain("dialog-token");
    expect(currentUser()).toBeUndefined();
  });

  it("says a closed dialog cancelled the sign-in, and reports the dialog's own failure code", async () => {
    setUp(fakeMsal());
    dialogAnswering(() => ({ kind: "closed" }));
    expect(signInErrorText(await signIn(SETTINGS).catch((e: unknown) => e))).toBe(
      "Sign-in was cancelled (the sign-in window was closed)."
    );
    dialogAnswering(() => ({
      kind: "message",
      message: JSON.stringify({ kind: "failed", code: "access_denied" }),
      origin: ORIGIN,
    }));
    expect(signInErrorText(await signIn(SETTINGS).catch((e: unknown) => e))).toBe(
      "Sign-in failed (access_denied); check the sign-in settings, then press Sign in again."
    );
  });
});

describe("a listener that asks for a token as soon as it is told (commit 4561ee1)", () => {
  it("is refused on sign-out under NAA, and Office's account is not asked again", async () => {
    const msal = insideOfficeWithNaa();
    await signIn(SETTINGS);
    const outcomes = await probeDuring(SETTINGS, (u) => u === undefined, signOut);
    expect(outcomes).toEqual([{ refused: NOT_SIGNED_IN, userTokenError: true }]);
    expect(msal.calls.map((c) => c.method)).toEqual(["ssoSilent"]);
  });

  it("is given the new account's token when Sign out then Sign in switches the account", async () => {
    setUp(fakeMsal());
    const accounts = ["first@contoso.example", "second@contoso.example"];
    dialogAnswering(() => ({
      kind: "message",
      message: signedInMessage(accounts.shift()!),
      origin: ORIGIN,
    }));
    await signIn(SETTINGS);
    await signOut();
    const outcomes = await probeDuring(
      SETTINGS,
      (u) => u !== undefined,
      () => signIn(SETTINGS)
    );
    expect(outcomes).toEqual([{ token: "dialog-token-of-second@contoso.example" }]);
    expect(currentUser()?.username).toBe("second@contoso.example");
  });
});

describe("the Billing log's user", () => {
  it("is the gateway's signed-in user, else Office's account, else empty", async () => {
    const msal = fakeMsal({ popupUser: "gateway.user@contoso.example" });
    setUp(msal);
    expect(logUserName()).toBeUndefined();
    useHostAuthContext(async () => ({ username: "office.user@contoso.example" }));
    await hostAccount();
    expect(logUserName()).toBe("office.user@contoso.example");
    await signIn(SETTINGS);
    expect(logUserName()).toBe("gateway.user@contoso.example");
    await signOut();
    expect(logUserName()).toBe("office.user@contoso.example");
  });
});
