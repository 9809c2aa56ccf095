/**
 * The identity provider's attacks: against the local OpenID provider as a developer starts
 * it (`tsx idp/cli.ts`, its default redirect origin https://localhost:3000, its own certificate) and
 * the gateway as IT starts it (`gateway/cli.ts` with an environment file, trusting the provider's
 * certificate through NODE_EXTRA_CA_CERTS), in front of the simulator requiring auth.
 *
 * Open redirects, PKCE downgrades, authorization-code and refresh-token reuse, and the provider's
 * tokens with the wrong audience at the gateway: each is refused, and **nothing reaches the billing
 * service** (counted at the simulator). What is accepted by design says so in its test's name.
 *
 * What oidc-provider 9 does on reuse (read in its source and checked here): a second redemption of
 * a code, or a replayed rotated refresh token, is refused with invalid_grant AND revokes the whole
 * grant (every refresh token and code of that sign-in), as the OAuth 2.0 Security BCP (RFC 9700
 * §4.5 and §4.14.2) advises. Access tokens are JWTs the gateway checks by signature alone (as it
 * does Entra's): one already issued stays good until its `exp` (the access-token lifetime, 1 h by
 * default), which the last tests state.
 */
import { randomBytes } from "node:crypto";
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import {
  ADDIN_CLIENT_ID,
  API_APP_ID,
  DEMO_PASSWORD,
  DEMO_USERS,
  discover,
  fetchTrusting,
  pkcePair,
  redeemCode,
  refreshTokens,
  runPasswordSignIn,
  startIdentityProvider,
} from "../../support/identity-provider";
import type {
  Discovery,
  IdentityProvider,
  PasswordSignIn,
  TokenSet,
} from "../../support/identity-provider";
import { rawExchange, rawRequestText, spawnGateway } from "./attack-kit";
import type { GatewayProcess, RawReply } from "./attack-kit";
import { AUTH, ORIGIN, auditCalls, expectNoSecret } from "./helpers";

/** The add-in's origin as the provider is started by `npm run idp` (its default). */
const ADDIN = "https://localhost:3000";
const REDIRECT_URI = `${ADDIN}/taskpane.html`;
const CONTRACT = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;
const INVOICER = DEMO_USERS.find((u) => u.username.startsWith("ingrid.invoicer@"))!;

let sim: Simulator;
let idp: IdentityProvider;
let trusted: typeof fetch;
let discovery: Discovery;
let gw: GatewayProcess;
/** Every token the provider gave in these tests, to check none is in the gateway's output. */
const issued: string[] = [];

function gatewayEnvironment(): { env: Record<string, string> } {
  return { env: idp.caFile ? { NODE_EXTRA_CA_CERTS: idp.caFile } : {} };
}

beforeAll(async () => {
  sim = await createSimulator({ port: 0, auth: AUTH, approvalDelayMs: 50, numberDelayMs: 50 });
  idp = await startIdentityProvider();
  trusted = fetchTrusting(idp.caFile);
  discovery = await discover(idp.issuer, trusted);
  gw = await spawnGateway(sim.url, idp.issuer, {
    extra: { userAudience: API_APP_ID, userClientIds: [ADDIN_CLIENT_ID], userRate: 1000 },
    ...gatewayEnvironment(),
  });
  // The chain works: the invoicer's real token passes the gateway and reaches the service once, so
  // each refusal below is the attack's doing.
  sim.log.clear();
  const reply = await atGateway(await signedIn());
  expect(reply.status).toBe(200);
  expect(serviceCalls()).toBe(1);
}, 120_000);

afterAll(async () => {
  const code = await gw?.stop();
  expect(code).toBe(0);
  const out = `${gw.stdout().join("\n")}\n${gw.stderr()}`;
  expectNoSecret(out);
  for (const token of issued) expect(out).not.toContain(token.split(".").at(-1));
  await idp?.close();
  await sim?.close();
}, 30_000);

/** Calls the billing service received (its API, not its token endpoint). */
function serviceCalls(): number {
  return sim.log.count(undefined, /^\/api\//);
}

/** Runs `attack` and checks that not one call reached the billing service meanwhile. */
async function nothingReachesService(attack: () => Promise<void>): Promise<void> {
  sim.log.clear();
  await attack();
  expect(serviceCalls()).toBe(0);
}

/** A GET of a contract through the gateway with `token`, byte for byte as a browser sends it. */
function atGateway(token: string, port = gw.port): Promise<RawReply> {
  return rawExchange(
    port,
    rawRequestText("GET", CONTRACT, [
      ["Host", `127.0.0.1:${port}`],
      ["Origin", ORIGIN],
      ["Authorization", `Bearer ${token}`],
      ["Connection", "close"],
    ])
  );
}

/** Refused at the gateway with its own JSON error, CORS for the add-in, and a refused audit line. */
async function expectGatewayRefuses(token: string, port = gw.port): Promise<void> {
  const before = sim.log.count(undefined, /^\/api\//);
  const reply = await atGateway(token, port);
  expect(reply.status).toBe(401);
  expect((JSON.parse(reply.body) as { success: boolean }).success).toBe(false);
  expect(reply.headers["access-control-allow-origin"]).toBe(ORIGIN);
  expect(sim.log.count(undefined, /^\/api\//)).toBe(before);
}

/** The sign-in's steps for `redirectUri` and further request fields. */
function signIn(extra: Partial<PasswordSignIn> = {}) {
  return runPasswordSignIn(idp.issuer, trusted, {
    username: INVOICER.username,
    password: DEMO_PASSWORD,
    redirectUri: REDIRECT_URI,
    ...extra,
  });
}

/** The invoicer's tokens from a complete sign-in. */
async function signedInTokens(): Promise<TokenSet> {
  const tokens = (await signIn()).tokens!;
  issued.push(tokens.access_token, tokens.refresh_token!, tokens.id_token!);
  return tokens;
}

async function signedIn(): Promise<string> {
  return (await signedInTokens()).access_token;
}

/** The error of a token endpoint's answer (400 expected). */
async function grantError(response: Response): Promise<string> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: string }).error;
}

async function tokensOf(response: Response): Promise<TokenSet> {
  expect(response.status).toBe(200);
  const tokens = (await response.json()) as TokenSet;
  issued.push(tokens.access_token, tokens.refresh_token ?? "", tokens.id_token ?? "");
  return tokens;
}

/** A sign-in stopped at the code (not redeemed). */
async function codeOnly(extra: Partial<PasswordSignIn> = {}) {
  const steps = await signIn({ exchange: false, ...extra });
  expect(steps.code).toEqual(expect.any(String));
  return { code: steps.code!, verifier: steps.verifier };
}

describe("open redirects: the provider sends no browser anywhere but the registered origin", () => {
  const refused: [string, string][] = [
    ["not registered", "https://evil.example/taskpane.html"],
    ["look-alike host (the origin as a subdomain)", "https://localhost:3000.evil.example/"],
    ["look-alike host (evil domain after the name)", "https://localhost.evil.example:3000/"],
    ["look-alike host (trailing dot)", "https://localhost.:3000/taskpane.html"],
    ["good@evil (the registered origin as user info)", "https://localhost:3000@evil.example/"],
    ["evil@good (user info on the registered origin)", "https://evil.example@localhost:3000/"],
    ["backslash (good\\@evil)", "https://localhost:3000\\@evil.example/"],
    ["a fragment", "https://localhost:3000/taskpane.html#https://evil.example/"],
    ["an empty fragment", "https://localhost:3000/taskpane.html#"],
    ["path traversal (dot segments)", "https://localhost:3000/../../evil.example/"],
    ["path traversal (encoded dot segments)", "https://localhost:3000/%2e%2e/taskpane.html"],
    ["http instead of https", "http://localhost:3000/taskpane.html"],
    ["another localhost port", "https://localhost:3001/taskpane.html"],
    ["the default https port", "https://localhost/taskpane.html"],
    ["the same machine by another name", "https://127.0.0.1:3000/taskpane.html"],
    ["upper case", "HTTPS://LOCALHOST:3000/taskpane.html"],
    ["protocol-relative", "//evil.example/taskpane.html"],
    ["javascript:", "javascript:alert(document.domain)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
  ];

  it.each(refused)(
    "%s: refused on the provider's own page, no code, nothing at the service",
    async (_name, redirectUri) => {
      await nothingReachesService(async () => {
        const steps = await signIn({ redirectUri });
        expect(steps.loginPageStatus).toBe(400);
        expect(steps.loginPage).toContain("redirect_uri");
        // Not sent anywhere, and the page does not link to (or echo) the address either.
        expect(steps.redirectedTo).toBeUndefined();
        expect(steps.code).toBeUndefined();
        expect(steps.loginPage).not.toContain("evil.example");
      });
    }
  );

  it("an unknown client_id gets no redirect either, even to the registered origin", async () => {
    await nothingReachesService(async () => {
      const steps = await signIn({ clientId: "00000000-0000-4000-8000-0000000000ee" });
      expect(steps.loginPageStatus).toBe(400);
      expect(steps.redirectedTo).toBeUndefined();
    });
  });

  it.each([
    ["not registered", "https://evil.example/"],
    ["good@evil", "https://localhost:3000@evil.example/"],
    ["a fragment", "https://localhost:3000/#https://evil.example/"],
    ["http instead of https", "http://localhost:3000/"],
  ])(
    "sign-out's post_logout_redirect_uri, %s: refused on the provider's own page, not followed",
    async (_name, target) => {
      await nothingReachesService(async () => {
        const logout = new URL(discovery.end_session_endpoint!);
        logout.search = new URLSearchParams({
          client_id: ADDIN_CLIENT_ID,
          post_logout_redirect_uri: target,
        }).toString();
        const answer = await trusted(logout, { redirect: "manual" });
        const html = await answer.text();
        expect(answer.status).toBe(400);
        expect(answer.headers.get("location")).toBeNull();
        expect(html).toContain("post_logout_redirect_uri");
        expect(html).not.toContain("evil.example");
      });
    }
  );

  it("accepted by design: any page under the registered origin, written as a browser writes it, gets the code", async () => {
    const steps = await signIn({ redirectUri: `${ADDIN}/any/page.html?x=1`, exchange: false });
    expect(steps.redirectedTo?.origin).toBe(ADDIN);
    expect(steps.redirectedTo?.pathname).toBe("/any/page.html");
    expect(steps.code).toEqual(expect.any(String));
  });
});

describe("PKCE downgrades", () => {
  it("no code_challenge: sent back with invalid_request, no code", async () => {
    await nothingReachesService(async () => {
      const steps = await signIn({ pkce: "none" });
      expect(steps.redirectedTo?.origin).toBe(ADDIN);
      expect(steps.redirectedTo?.searchParams.get("error")).toBe("invalid_request");
      expect(steps.code).toBeUndefined();
    });
  });

  it("code_challenge_method=plain (the verifier itself as the challenge): invalid_request, no code", async () => {
    await nothingReachesService(async () => {
      const { verifier } = pkcePair();
      const steps = await signIn({
        extraParams: { code_challenge: verifier, code_challenge_method: "plain" },
      });
      expect(steps.redirectedTo?.searchParams.get("error")).toBe("invalid_request");
      expect(steps.redirectedTo?.searchParams.get("error_description")).toMatch(
        /code_challenge_method/
      );
      expect(steps.code).toBeUndefined();
    });
  });

  it("a code_challenge without its method (plain by RFC 7636's default): invalid_request, no code", async () => {
    await nothingReachesService(async () => {
      const steps = await signIn({
        extraParams: { code_challenge: pkcePair().challenge, code_challenge_method: "" },
      });
      expect(steps.redirectedTo?.searchParams.get("error")).toBe("invalid_request");
      expect(steps.code).toBeUndefined();
    });
  });

  it("an S256 code redeemed without a verifier, with a wrong one, or with the challenge itself: invalid_grant each time", async () => {
    await nothingReachesService(async () => {
      const { code, verifier } = await codeOnly();
      const challenge = pkcePair().challenge;
      for (const attempt of [undefined, pkcePair().verifier, challenge, `${verifier}x`]) {
        const answer = await redeemCode(discovery, trusted, {
          code,
          redirectUri: REDIRECT_URI,
          verifier: attempt,
        });
        expect(await grantError(answer)).toBe("invalid_grant");
      }
    });
  });

  it("a code redeemed with another redirect_uri than it was issued for: invalid_grant", async () => {
    await nothingReachesService(async () => {
      const { code, verifier } = await codeOnly();
      const answer = await redeemCode(discovery, trusted, {
        code,
        verifier,
        redirectUri: `${ADDIN}/other.html`,
      });
      expect(await grantError(answer)).toBe("invalid_grant");
    });
  });
});

describe("authorization code reuse", () => {
  it("the second redemption is refused, and it revokes the first's refresh token (the whole grant)", async () => {
    await nothingReachesService(async () => {
      const { code, verifier } = await codeOnly();
      const first = await tokensOf(
        await redeemCode(discovery, trusted, { code, verifier, redirectUri: REDIRECT_URI })
      );
      expect(first.refresh_token).toEqual(expect.any(String));

      const second = await redeemCode(discovery, trusted, {
        code,
        verifier,
        redirectUri: REDIRECT_URI,
      });
      expect(await grantError(second)).toBe("invalid_grant");

      // RFC 9700 §4.5: the tokens of the first redemption are revoked — the refresh token is.
      const renewed = await refreshTokens(idp.issuer, trusted, first.refresh_token!, ADDIN);
      expect(await grantError(renewed)).toBe("invalid_grant");
    });
  });

  it("accepted by design: the first redemption's access token (a JWT) still passes the gateway until its exp — the gateway checks signatures, as with Entra, not the provider's revocations", async () => {
    const { code, verifier } = await codeOnly();
    const first = await tokensOf(
      await redeemCode(discovery, trusted, { code, verifier, redirectUri: REDIRECT_URI })
    );
    await redeemCode(discovery, trusted, { code, verifier, redirectUri: REDIRECT_URI });
    sim.log.clear();
    expect((await atGateway(first.access_token)).status).toBe(200);
    expect(serviceCalls()).toBe(1);
    // It lasts no longer than the provider's access-token lifetime.
    const { exp, iat } = JSON.parse(
      Buffer.from(first.access_token.split(".")[1], "base64url").toString("utf8")
    ) as { exp: number; iat: number };
    expect(exp - iat).toBe(first.expires_in);
    expect(first.expires_in).toBeLessThanOrEqual(3600);
  });
});

describe("refresh-token reuse and rotation", () => {
  it("a refresh rotates the refresh token; the spent one replayed is refused and revokes the rotated one too", async () => {
    await nothingReachesService(async () => {
      const first = await signedInTokens();
      const next = await tokensOf(
        await refreshTokens(idp.issuer, trusted, first.refresh_token!, ADDIN)
      );
      expect(next.refresh_token).not.toBe(first.refresh_token);

      // A stolen copy of the spent token, replayed.
      const replay = await refreshTokens(idp.issuer, trusted, first.refresh_token!, ADDIN);
      expect(await grantError(replay)).toBe("invalid_grant");
      // The whole grant is revoked: the legitimate holder's rotated token is refused too (the user
      // signs in again), so the thief's replay cannot race the user to a live token.
      const after = await refreshTokens(idp.issuer, trusted, next.refresh_token!, ADDIN);
      expect(await grantError(after)).toBe("invalid_grant");
    });
  });

  it("a refresh token for another client_id, or a made-up one: refused", async () => {
    await nothingReachesService(async () => {
      const tokens = await signedInTokens();
      const made = randomBytes(32).toString("base64url");
      expect(await grantError(await refreshTokens(idp.issuer, trusted, made, ADDIN))).toBe(
        "invalid_grant"
      );
      const foreign = await trusted(discovery.token_endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ADDIN },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          client_id: "00000000-0000-4000-8000-0000000000ee",
          refresh_token: tokens.refresh_token!,
        }).toString(),
      });
      expect(foreign.status).toBeGreaterThanOrEqual(400);
      expect(foreign.status).toBeLessThan(500);
    });
  });

  it("a refresh token presented to the gateway as a bearer token: 401, nothing at the service", async () => {
    await nothingReachesService(async () => {
      await expectGatewayRefuses((await signedInTokens()).refresh_token!);
    });
  });
});

describe("the provider's tokens with the wrong audience at the gateway", () => {
  it("the ID token (the same issuer and key, aud = the add-in's client id): 401, nothing at the service", async () => {
    await nothingReachesService(async () => {
      const tokens = await signedInTokens();
      const aud = (
        JSON.parse(Buffer.from(tokens.id_token!.split(".")[1], "base64url").toString()) as {
          aud: string;
        }
      ).aud;
      expect(aud).toBe(ADDIN_CLIENT_ID);
      await expectGatewayRefuses(tokens.id_token!);
    });
  });

  it("a token asked for another resource: the provider issues none (invalid_target)", async () => {
    await nothingReachesService(async () => {
      const steps = await signIn({ extraParams: { resource: "api://another-api" } });
      expect(steps.redirectedTo?.searchParams.get("error")).toBe("invalid_target");
      expect(steps.code).toBeUndefined();
    });
  });

  it("a token asked without the gateway's scope (openid only): the gateway refuses it (no access_as_user), nothing at the service", async () => {
    await nothingReachesService(async () => {
      const steps = await signIn({ scope: "openid profile offline_access" });
      // The provider's default resource is the gateway API, so it is a JWT for it, but without the
      // delegated scope.
      const token = steps.tokens!.access_token;
      issued.push(token);
      const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as {
        aud: string;
        scp?: string;
      };
      expect(claims.aud).toBe(API_APP_ID);
      expect(claims.scp ?? "").not.toContain("access_as_user");
      await expectGatewayRefuses(token);
    });
  });

  it("a gateway for another API (its own audience) refuses this gateway's real token: 401, nothing at the service", async () => {
    const other = await spawnGateway(sim.url, idp.issuer, {
      extra: {
        userAudience: "0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b",
        userClientIds: [ADDIN_CLIENT_ID],
        userRate: 1000,
      },
      ...gatewayEnvironment(),
    });
    try {
      await nothingReachesService(async () => {
        await expectGatewayRefuses(await signedIn(), other.port);
      });
    } finally {
      expect(await other.stop()).toBe(0);
    }
    // Its refusal is audited, with the cause and not the token.
    const refused = auditCalls(other.stdout()).filter((l) => l.event === "refused");
    expect(refused.length).toBeGreaterThan(0);
    expect(JSON.stringify(refused)).toMatch(/aud/);
  }, 90_000);
});

it("every refusal at the gateway was audited, with the caller's origin answered and no token in the log", async () => {
  // The audit is on the gateway's stdout (buffered: it may take a turn of its loop).
  let refused: Record<string, unknown>[] = [];
  for (let i = 0; i < 100; i++) {
    refused = auditCalls(gw.stdout()).filter((l) => l.event === "refused");
    if (refused.length >= 3) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  // The refresh token, the ID token and the scope-less token above.
  expect(refused.length).toBeGreaterThanOrEqual(3);
  for (const line of refused) expect(line.status).toBe(401);
});
