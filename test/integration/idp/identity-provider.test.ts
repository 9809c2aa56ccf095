/**
 * The local identity provider (idp/), spawned as its own process (oidc-provider never loads inside
 * jest) and driven over HTTP as a browser and msal would: authorization code + PKCE through our
 * sign-in page, the token endpoint, refresh. The access tokens are checked with jose against the
 * keys the provider publishes, claim by claim against the identity contract (Entra v2 shape).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify } from "jose";
import type { JWTPayload } from "jose";
import { BILLING_ROLES, GATEWAY_USER_SCOPE } from "../../../src/api";
import {
  ADDIN_CLIENT_ID,
  API_APP_ID,
  CookieJar,
  DEMO_PASSWORD,
  DEMO_USERS,
  TENANT_ID,
  discover,
  fetchTrusting,
  refreshTokens,
  runPasswordSignIn,
  signInWithPassword,
  startIdentityProvider,
} from "../../support/identity-provider";
import type { DemoUser, Discovery, IdentityProvider } from "../../support/identity-provider";

/** The add-in's origin in these tests: an ephemeral-looking http://127.0.0.1 port, as in e2e. */
const ORIGIN = "http://127.0.0.1:45173";
const REDIRECT_URI = `${ORIGIN}/preview.html`;

const [READER, INVOICER, NOROLE] = (
  ["riley.reader", "ingrid.invoicer", "nora.norole"] as const
).map((name) => DEMO_USERS.find((u) => u.username.startsWith(`${name}@`))!);

let idp: IdentityProvider;
let trusted: typeof fetch;
let discovery: Discovery;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  idp = await startIdentityProvider({ redirectOrigins: [ORIGIN] });
  trusted = fetchTrusting(idp.caFile);
  discovery = await discover(idp.issuer, trusted);
  jwks = createRemoteJWKSet(new URL(discovery.jwks_uri), { [customFetch]: trusted });
}, 90_000);

afterAll(async () => {
  await idp?.close();
});

function signIn(user: DemoUser, password = DEMO_PASSWORD) {
  return runPasswordSignIn(idp.issuer, trusted, {
    username: user.username,
    password,
    redirectUri: REDIRECT_URI,
  });
}

/** Verifies an access token as the gateway does: the published keys, issuer, audience, RS256. */
async function verifyAccessToken(token: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, jwks, {
    issuer: idp.issuer,
    audience: API_APP_ID,
    algorithms: ["RS256"],
  });
  return payload;
}

/** Every URL in `text` that does not point at the provider itself. */
function foreignUrls(text: string): string[] {
  const own = new URL(idp.issuer).origin;
  return (text.match(/https?:\/\/[^\s"'<>)]+/g) ?? []).filter((url) => !url.startsWith(`${own}/`));
}

describe("the local identity provider", () => {
  it("announces an Entra-shaped issuer on localhost over HTTPS, and its discovery points only at itself", () => {
    expect(idp.issuer).toBe(`https://localhost:${idp.port}/${TENANT_ID}/v2.0`);
    expect(discovery.issuer).toBe(idp.issuer);
    expect(foreignUrls(JSON.stringify(discovery))).toEqual([]);
  });

  it("signs the invoicer in with authorization code + PKCE and issues an access token with every claim of the contract", async () => {
    const before = Math.floor(Date.now() / 1000);
    const steps = await signIn(INVOICER);
    expect(steps.loginPageStatus).toBe(200);
    expect(steps.loginStatus).toBe(303);
    const tokens = steps.tokens!;
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(3600);

    expect(decodeProtectedHeader(tokens.access_token).alg).toBe("RS256");
    const claims = await verifyAccessToken(tokens.access_token);
    expect(claims.iss).toBe(idp.issuer);
    expect(claims.aud).toBe(API_APP_ID); // the bare GUID, as Entra v2 writes it
    expect(String(claims.scp).split(" ")).toContain(GATEWAY_USER_SCOPE);
    expect(claims.roles).toEqual([BILLING_ROLES.invoice]);
    expect(claims.oid).toBe(INVOICER.oid);
    expect(claims.tid).toBe(TENANT_ID);
    expect(claims.preferred_username).toBe("ingrid.invoicer@contoso.example");
    expect(claims.name).toBe("Ingrid Invoicer");
    expect(claims.azp).toBe(ADDIN_CLIENT_ID);
    expect(claims.ver).toBe("2.0");
    expect(claims.sub).toBe(INVOICER.sub);
    expect(claims.sub).not.toBe(claims.oid);
    expect(claims.iat).toBeGreaterThanOrEqual(before - 5);
    expect(claims.nbf).toBe(claims.iat);
    expect(claims.exp! - claims.iat!).toBe(3600);
    // Entra writes neither: a gateway reading them would fail in production.
    expect(claims).not.toHaveProperty("scope");
    expect(claims).not.toHaveProperty("client_id");

    // The ID token, for msal's account: the add-in's audience, the user's names and ids.
    const { payload: id } = await jwtVerify(tokens.id_token!, jwks, {
      issuer: idp.issuer,
      audience: ADDIN_CLIENT_ID,
      algorithms: ["RS256"],
    });
    expect(id).toMatchObject({
      oid: INVOICER.oid,
      tid: TENANT_ID,
      name: "Ingrid Invoicer",
      preferred_username: "ingrid.invoicer@contoso.example",
    });
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });

  it("gives the reader Billing.Read and the user without a role no roles claim at all", async () => {
    const reader = await verifyAccessToken((await signIn(READER)).tokens!.access_token);
    expect(reader.roles).toEqual([BILLING_ROLES.read]);
    expect(reader.oid).toBe(READER.oid);

    const norole = await verifyAccessToken((await signIn(NOROLE)).tokens!.access_token);
    expect(norole).not.toHaveProperty("roles");
    expect(norole.oid).toBe(NOROLE.oid);
    expect(String(norole.scp).split(" ")).toContain(GATEWAY_USER_SCOPE);
  });

  it("renews with the refresh token as msal does (CORS for the add-in's origin), rotating it", async () => {
    const first = (await signIn(INVOICER)).tokens!;
    const renewed = await refreshTokens(idp.issuer, trusted, first.refresh_token!, ORIGIN);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const next = (await renewed.json()) as { access_token: string; refresh_token: string };
    expect(next.access_token).not.toBe(first.access_token);
    const claims = await verifyAccessToken(next.access_token);
    expect(claims).toMatchObject({ oid: INVOICER.oid, roles: [BILLING_ROLES.invoice] });
    expect(String(claims.scp).split(" ")).toContain(GATEWAY_USER_SCOPE);

    // Rotated: the used refresh token is spent (a stolen copy replayed is refused).
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const replay = await refreshTokens(idp.issuer, trusted, first.refresh_token!, ORIGIN);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("answers CORS on the token endpoint for the configured origins only", async () => {
    const first = (await signIn(READER)).tokens!;
    const foreign = await refreshTokens(
      idp.issuer,
      trusted,
      first.refresh_token!,
      "https://evil.example"
    );
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("refuses a wrong password and an unknown user with the same words, and issues no code", async () => {
    for (const attempt of [
      await signIn(INVOICER, "not-the-password"),
      await signIn({ ...INVOICER, username: "mallory@contoso.example" }),
    ]) {
      expect(attempt.loginStatus).toBe(401);
      expect(attempt.loginBody).toContain("The user name or password is not right.");
      expect(attempt.code).toBeUndefined();
      expect(attempt.tokens).toBeUndefined();
    }
    const page = await signIn(INVOICER, "wrong");
    expect(page.redirectedTo).toBeUndefined();
    // The name typed is kept, escaped; the password is not echoed.
    expect(page.loginBody).toContain(`value="${INVOICER.username}"`);
    expect(page.loginBody).not.toContain('value="wrong"');
  });

  it("refuses a redirect URI outside the configured origins without sending the browser there", async () => {
    const steps = await runPasswordSignIn(idp.issuer, trusted, {
      username: INVOICER.username,
      password: DEMO_PASSWORD,
      redirectUri: "https://evil.example/preview.html",
    });
    expect(steps.loginPageStatus).toBe(400);
    expect(steps.loginPage).toContain("redirect_uri");
    expect(steps.redirectedTo).toBeUndefined();
    expect(steps.tokens).toBeUndefined();
    expect(foreignUrls(steps.loginPage)).toEqual([]);
  });

  it("requires PKCE: no code challenge, or a code verifier that does not match, gets no token", async () => {
    const without = await runPasswordSignIn(idp.issuer, trusted, {
      username: INVOICER.username,
      password: DEMO_PASSWORD,
      redirectUri: REDIRECT_URI,
      pkce: "none",
    });
    expect(without.redirectedTo?.searchParams.get("error")).toBe("invalid_request");
    expect(without.tokens).toBeUndefined();

    await expect(
      signInWithPassword(idp.issuer, trusted, {
        username: INVOICER.username,
        password: DEMO_PASSWORD,
        redirectUri: REDIRECT_URI,
        pkce: "wrong-verifier",
      })
    ).rejects.toThrow(/invalid_grant/);
  });

  it("shows the sign-in page for prompt=select_account (as msal sends it), with its login_hint, and signs in", async () => {
    const steps = await runPasswordSignIn(idp.issuer, trusted, {
      username: READER.username,
      password: DEMO_PASSWORD,
      redirectUri: REDIRECT_URI,
      extraParams: { prompt: "select_account", login_hint: 'riley.reader@contoso.example">' },
    });
    expect(steps.loginPageStatus).toBe(200);
    // msal's login_hint is filled in (escaped).
    expect(steps.loginPage).toContain('value="riley.reader@contoso.example&quot;&gt;"');
    const claims = await verifyAccessToken(steps.tokens!.access_token);
    expect(claims.oid).toBe(READER.oid);
    expect(steps.tokens!.refresh_token).toEqual(expect.any(String));
  });

  it("answers prompt=none with login_required without a session, and with a code within one", async () => {
    const request = {
      username: INVOICER.username,
      password: DEMO_PASSWORD,
      redirectUri: REDIRECT_URI,
      extraParams: { prompt: "none" },
    };
    const alone = await runPasswordSignIn(idp.issuer, trusted, request);
    expect(alone.redirectedTo?.searchParams.get("error")).toBe("login_required");
    expect(alone.loginPage).toBe("");

    const cookies = new CookieJar();
    await signInWithPassword(idp.issuer, trusted, { ...request, extraParams: {}, cookies });
    const again = await runPasswordSignIn(idp.issuer, trusted, { ...request, cookies });
    expect(again.loginPage).toBe("");
    expect(again.redirectedTo?.searchParams.get("code")).toEqual(expect.any(String));
  });

  it("sends the user back with access_denied when they cancel", async () => {
    const steps = await runPasswordSignIn(idp.issuer, trusted, {
      username: INVOICER.username,
      password: "",
      redirectUri: REDIRECT_URI,
      cancel: true,
    });
    expect(steps.redirectedTo?.origin).toBe(ORIGIN);
    expect(steps.redirectedTo?.searchParams.get("error")).toBe("access_denied");
    expect(steps.code).toBeUndefined();
  });

  it("asks before signing out, on its own page, and goes back to the add-in", async () => {
    const cookies = new CookieJar();
    const tokens = await signInWithPassword(idp.issuer, trusted, {
      username: INVOICER.username,
      password: DEMO_PASSWORD,
      redirectUri: REDIRECT_URI,
      cookies,
    });
    const logout = new URL(discovery.end_session_endpoint!);
    logout.search = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${ORIGIN}/preview.html`,
    }).toString();
    const question = await trusted(logout, { headers: { cookie: cookies.header() } });
    cookies.take(question);
    const html = await question.text();
    expect(question.status).toBe(200);
    expect(html).toContain('form="op.logoutForm"');
    expect(foreignUrls(html)).toEqual([]);
    expect(html).not.toMatch(/<script|<link|@import|url\(/i);

    const action = /<form[^>]*id="op.logoutForm"[^>]*>/.exec(html)![0];
    const target = /action="([^"]+)"/.exec(action)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const confirmed = await trusted(target, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: cookies.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(new URL(confirmed.headers.get("location")!).href).toBe(`${ORIGIN}/preview.html`);
  });

  it("has a home page of its own (where the certificate is accepted once) naming the issuer", async () => {
    const home = await trusted(`${new URL(idp.issuer).origin}/`);
    const html = await home.text();
    expect(home.status).toBe(200);
    expect(html).toContain(idp.issuer);
    expect(html).toContain("ingrid.invoicer@contoso.example");
    expect(foreignUrls(html)).toEqual([]);
  });

  it("serves a sign-in page of its own that loads nothing from elsewhere", async () => {
    const steps = await signIn(READER, "wrong");
    for (const html of [steps.loginPage, steps.loginBody]) {
      expect(html).toContain('name="username"');
      expect(foreignUrls(html)).toEqual([]);
      expect(html).not.toMatch(/<script|<link|@import|url\(/i);
    }
    expect(steps.loginPageHeaders?.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("logs each request on stderr without a query string, and who signed in; stdout holds only the ready line", () => {
    const requests = idp.log.filter((line) => line.includes('"path"'));
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.some((line) => line.includes("?"))).toBe(false);
    expect(idp.log.some((line) => line.includes('"event":"signed-in"'))).toBe(true);
    // stdout carried the ready line and nothing else (oidc-provider's notices go to stderr).
    expect(idp.log.filter((line) => line.startsWith("stdout: "))).toEqual([]);
  });
});

describe("the local identity provider's command line", () => {
  it("issues access tokens with the lifetime --access-token-ttl asks for, and stops on SIGTERM", async () => {
    // A home without office-addin-dev-certs: the provider makes its own certificate with openssl,
    // and removes it when it stops.
    const home = mkdtempSync(path.join(os.tmpdir(), "idp-home-"));
    const short = await startIdentityProvider({
      redirectOrigins: [ORIGIN],
      accessTokenTtlSeconds: 5,
      env: { ...process.env, HOME: home },
    });
    expect(short.caFile).toMatch(/billing-idp-cert-/);
    expect(existsSync(short.caFile!)).toBe(true);
    const shortFetch = fetchTrusting(short.caFile);
    try {
      const tokens = await signInWithPassword(short.issuer, shortFetch, {
        username: READER.username,
        password: DEMO_PASSWORD,
        redirectUri: REDIRECT_URI,
      });
      expect(tokens.expires_in).toBe(5);
      const [, body] = tokens.access_token.split(".");
      const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as JWTPayload;
      expect(claims.exp! - claims.iat!).toBe(5);
    } finally {
      await short.close();
    }
    await expect(shortFetch(`${short.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
    expect(existsSync(short.caFile!)).toBe(false);
    rmSync(home, { recursive: true, force: true });
  }, 90_000);

  it("refuses bad arguments and unreadable certificate files with a message naming the flag", async () => {
    await expect(
      startIdentityProvider({ redirectOrigins: ["https://localhost:3000/taskpane.html"] })
    ).rejects.toThrow(
      /--redirect-origin "https:\/\/localhost:3000\/taskpane.html" is not an origin/
    );
    await expect(
      startIdentityProvider({
        certificate: {
          certFile: "/nonexistent/localhost.crt",
          keyFile: "/nonexistent/localhost.key",
        },
      })
    ).rejects.toThrow("--cert /nonexistent/localhost.crt: cannot read it (ENOENT)");
    await expect(startIdentityProvider({ port: idp.port })).rejects.toThrow(
      `--port ${idp.port}: the port is in use`
    );
  }, 90_000);
});
