/**
 * msal-browser 4 (the add-in's sign-in library) against the local identity provider, in Chromium:
 * the popup sign-in through our own page, the account msal builds from the ID token, and silent
 * renewal with the refresh token once the access token is near its end — what the add-in relies on,
 * proved on the library itself so a failure here points at the provider, not at the add-in.
 *
 * Chromium trusts exactly the provider's certificate (its SPKI hash), nothing more.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRemoteJWKSet, customFetch, jwtVerify } from "jose";
import type { Browser, Page } from "playwright-core";
import {
  ADDIN_CLIENT_ID,
  API_APP_ID,
  API_SCOPE,
  DEMO_PASSWORD,
  TENANT_ID,
  certificateSpkiHash,
  discover,
  fetchTrusting,
  startIdentityProvider,
} from "../support/identity-provider";
import type { IdentityProvider } from "../support/identity-provider";
import { launchBrowser } from "./support/browser";

const MSAL_JS = path.resolve(
  __dirname,
  "../../node_modules/@azure/msal-browser/lib/msal-browser.min.js"
);

/** A page with msal-browser's browser bundle, and an empty page for the popup to land on. */
async function startPageServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const msal = readFileSync(MSAL_JS);
  const server = http.createServer((req, res) => {
    const page = (html: string) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(html);
    };
    if (req.url === "/msal.js") {
      res.setHeader("content-type", "text/javascript");
      res.end(msal);
    } else if (req.url?.startsWith("/redirect.html")) {
      page("<!DOCTYPE html><title>Signed in</title>");
    } else if (req.url === "/") {
      page('<!DOCTYPE html><title>msal</title><script src="/msal.js"></script>');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the page hands back from msal (no token leaves the test). */
interface MsalResult {
  accessToken: string;
  username: string;
  name?: string;
  tenantId: string;
  oid?: unknown;
  scopes: string[];
}

let idp: IdentityProvider;
let pages: { origin: string; close(): Promise<void> };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  pages = await startPageServer();
  // 60 s: under msal's 5-minute renewal offset, so every silent call renews with the refresh token.
  idp = await startIdentityProvider({ redirectOrigins: [pages.origin], accessTokenTtlSeconds: 60 });
  const spki = await certificateSpkiHash(idp.port);
  browser = await launchBrowser([`--ignore-certificate-errors-spki-list=${spki}`]);
  page = await (await browser.newContext()).newPage();
  await page.goto(`${pages.origin}/`);
  await page.evaluate(
    async ({ clientId, authority, host, redirectUri }) => {
      const msal = (window as unknown as { msal: typeof import("@azure/msal-browser") }).msal;
      const pca = new msal.PublicClientApplication({
        auth: { clientId, authority, knownAuthorities: [host], protocolMode: "OIDC", redirectUri },
        cache: { cacheLocation: "sessionStorage" },
      });
      await pca.initialize();
      (window as unknown as { pca: unknown }).pca = pca;
    },
    {
      clientId: ADDIN_CLIENT_ID,
      authority: idp.issuer,
      host: new URL(idp.issuer).host,
      redirectUri: `${pages.origin}/redirect.html`,
    }
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await pages?.close();
});

describe("msal-browser 4 against the local identity provider", () => {
  it("signs in through the popup, builds the account from the ID token, and renews silently", async () => {
    const popup = page.waitForEvent("popup");
    const signedIn = page.evaluate(async (scope) => {
      const pca = (
        window as unknown as { pca: import("@azure/msal-browser").PublicClientApplication }
      ).pca;
      const r = await pca.loginPopup({ scopes: [scope] });
      pca.setActiveAccount(r.account);
      return {
        accessToken: r.accessToken,
        username: r.account.username,
        name: r.account.name,
        tenantId: r.account.tenantId,
        oid: r.account.idTokenClaims?.oid,
        scopes: r.scopes,
      };
    }, API_SCOPE);
    const login = await popup;
    // msal opens the popup blank, then sends it to the authorization endpoint; it lands on ours.
    await login.waitForURL(/\/interaction\//, { timeout: 30_000 });
    // Our own sign-in page, nothing loaded from elsewhere.
    expect(new URL(login.url()).origin).toBe(new URL(idp.issuer).origin);
    await login.fill("#username", "ingrid.invoicer@contoso.example");
    await login.fill("#password", DEMO_PASSWORD);
    await login.click('button[type="submit"]');
    const first: MsalResult = await signedIn;

    expect(first.username).toBe("ingrid.invoicer@contoso.example");
    expect(first.name).toBe("Ingrid Invoicer");
    expect(first.tenantId).toBe(TENANT_ID);
    expect(first.scopes).toContain(API_SCOPE);

    const trusted = fetchTrusting(idp.caFile);
    const discovery = await discover(idp.issuer, trusted);
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri), { [customFetch]: trusted });
    const verify = async (token: string) =>
      (
        await jwtVerify(token, jwks, {
          issuer: idp.issuer,
          audience: API_APP_ID,
          algorithms: ["RS256"],
        })
      ).payload;
    const claims = await verify(first.accessToken);
    expect(claims).toMatchObject({
      scp: "access_as_user",
      roles: ["Billing.Invoice"],
      oid: first.oid,
    });

    // Silent renewal: no popup and no hidden frame (no authorization request at all), one more
    // call of the token endpoint (the refresh token grant), a new access token.
    const count = (pattern: RegExp) => idp.log.filter((line) => pattern.test(line)).length;
    const authorizeRequests = /"path":"[^"]*\/auth(\/[^"]*)?"/;
    const tokenRequests = /"method":"POST","path":"[^"]*\/token"/;
    // The provider logs a request when its answer has finished, which may be after the browser
    // read it: wait for a line (a state, not a time) before counting.
    const logged = async (pattern: RegExp, n: number) => {
      for (let i = 0; i < 100 && count(pattern) < n; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await logged(tokenRequests, 1);
    const [authorizeBefore, tokenBefore] = [count(authorizeRequests), count(tokenRequests)];
    expect(authorizeBefore).toBeGreaterThan(0);
    expect(tokenBefore).toBe(1);
    const renewed = await page.evaluate(async (scope) => {
      const pca = (
        window as unknown as { pca: import("@azure/msal-browser").PublicClientApplication }
      ).pca;
      const r = await pca.acquireTokenSilent({ scopes: [scope] });
      return { accessToken: r.accessToken, fromCache: r.fromCache };
    }, API_SCOPE);
    expect(renewed.fromCache).toBe(false);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(await verify(renewed.accessToken)).toMatchObject({
      oid: first.oid,
      scp: "access_as_user",
    });
    await logged(tokenRequests, tokenBefore + 1);
    expect(count(authorizeRequests)).toBe(authorizeBefore);
    expect(count(tokenRequests)).toBe(tokenBefore + 1);
    expect(browser.contexts()[0].pages()).toHaveLength(1); // the popup is gone, no new one
  });
});
