/**
 * The sign-in page inside the Office dialog with msal stood in for: the first
 * visit keeps the request and goes to the directory with the account picker; back from it, the
 * answer becomes the message for the pane (token, expiry, account — nothing else), the kept
 * request is gone; a failure is msal's error code only; an address without a request says so.
 */
import type { AuthenticationResult, IPublicClientApplication } from "@azure/msal-browser";
import { dialogSignIn, type DialogPageEnvironment } from "../../../src/auth/index";
import { dialogRequestOf, dialogUrl } from "../../../src/auth/sign-in-dialog";

const SETTINGS = {
  directory: "https://localhost:3003/tid/v2.0",
  clientId: "client-1",
  scope: "api://api-1/access_as_user",
};
const PAGE = "https://localhost:3000/signin-dialog.html";

function environment(answer: AuthenticationResult | null | Error, search: string) {
  const storage = new Map<string, string>();
  const redirects: Record<string, unknown>[] = [];
  const configs: unknown[] = [];
  const env: DialogPageEnvironment = {
    search,
    pageUrl: PAGE,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    async createApp(config) {
      configs.push(config);
      return {
        handleRedirectPromise: async () => {
          if (answer instanceof Error) throw answer;
          return answer;
        },
        acquireTokenRedirect: async (request: Record<string, unknown>) => {
          redirects.push(request);
        },
      } as unknown as IPublicClientApplication;
    },
  };
  return { env, storage, redirects, configs };
}

describe("the sign-in dialog page", () => {
  it("goes to the directory with the account picker, then hands the answer to the pane", async () => {
    const search = new URL(
      dialogUrl("https://localhost:3000/taskpane.html", {
        settings: SETTINGS,
        prompt: "select_account",
      })
    ).search;
    expect(dialogRequestOf(search)).toEqual({ settings: SETTINGS, prompt: "select_account" });
    const first = environment(null, search);
    await expect(dialogSignIn(first.env)).resolves.toBeUndefined();
    expect(first.redirects).toEqual([{ scopes: [SETTINGS.scope], prompt: "select_account" }]);
    expect(first.configs[0]).toMatchObject({
      auth: { clientId: SETTINGS.clientId, redirectUri: PAGE, navigateToLoginRequestUrl: false },
    });

    // Back from the directory: no query any more; the kept request is used and then forgotten.
    const back = environment(
      {
        accessToken: "at-1",
        expiresOn: new Date(Date.UTC(2026, 10, 26, 14)),
        account: {
          homeAccountId: "oid.tid",
          environment: "localhost:3003",
          tenantId: "tid",
          username: "ingrid",
          localAccountId: "oid",
          name: "Ingrid Invoicer",
          idTokenClaims: { preferred_username: "ingrid.invoicer@contoso.example", secret: "x" },
        },
      } as unknown as AuthenticationResult,
      ""
    );
    for (const [k, v] of first.storage) back.storage.set(k, v);
    await expect(dialogSignIn(back.env)).resolves.toEqual({
      kind: "signed-in",
      accessToken: "at-1",
      expiresOn: Date.UTC(2026, 10, 26, 14),
      account: {
        homeAccountId: "oid.tid",
        environment: "localhost:3003",
        tenantId: "tid",
        username: "ingrid.invoicer@contoso.example",
        localAccountId: "oid",
        name: "Ingrid Invoicer",
      },
    });
    expect(back.storage.size).toBe(0);
    expect(back.redirects).toEqual([]);
  });

  it("reports msal's error code only, and a page opened without a request", async () => {
    const search = new URL(dialogUrl(PAGE, { settings: SETTINGS })).search;
    const failing = environment(
      Object.assign(new Error("AADSTS… https://login.example/?code=…"), {
        errorCode: "access_denied",
      }),
      search
    );
    await expect(dialogSignIn(failing.env)).resolves.toEqual({
      kind: "failed",
      code: "access_denied",
    });
    await expect(dialogSignIn(environment(null, "").env)).resolves.toEqual({
      kind: "failed",
      code: "dialog_no_request",
    });
  });
});
