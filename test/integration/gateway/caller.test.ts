/**
 * As an attacker tries it: every caller without a valid token of the company's directory,
 * with `access_as_user` and the role the operation needs, is refused — 401 (with
 * `WWW-Authenticate` and CORS, so the add-in can say "sign in again") or 403 — and not one request
 * reaches the service. Operations off the allow-list are refused whoever asks.
 */
import { SignJWT, exportSPKI, importJWK } from "jose";
import { DEMO } from "../../../simulator";
import { createGateway } from "../../../gateway";
import {
  ORIGIN,
  USERS,
  expectNoSecret,
  expectNoUserToken,
  gatewayConfig,
  logEntries,
  rawRequest,
  startChain,
  startTestIssuer,
  tokenOf,
} from "./helpers";
import type { Chain, RawAnswer, TestIssuer, TokenOptions } from "./helpers";
import { ADDIN_CLIENT_ID, makeSigningKey } from "./test-issuer";

const CONTRACT = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;

/** A create the service would accept. */
const INVOICE = JSON.stringify({
  customerId: DEMO.customers.jansen,
  companyBankAccountId: DEMO.bankAccounts.main,
  externalReference: "ATTACK-1",
  lines: [{ taxCodeId: DEMO.taxCodes.vat21, description: "Meter", quantity: 1, unitPrice: 10 }],
});

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function errorOf(answer: RawAnswer): { key: string; message: string; messageValues: string[] } {
  return (
    JSON.parse(answer.body) as {
      errors: { key: string; message: string; messageValues: string[] }[];
    }
  ).errors[0];
}

describe("who the gateway lets in", () => {
  let chain: Chain;
  let other: TestIssuer;
  /** Every token made here: none may appear in the log. */
  const tokens: string[] = [];

  beforeAll(async () => {
    chain = await startChain();
    other = await startTestIssuer();
  });
  afterAll(async () => {
    const log = chain.lines.join("\n");
    expectNoSecret(log);
    expectNoUserToken(log, tokens);
    await other.close();
    await chain.close();
  });
  beforeEach(() => chain.sim.log.clear());

  /** Requests that reached the service (its token endpoint aside). */
  const upstream = () => chain.sim.log.count(undefined, /^\/api\//);

  const bearer = (token: string): Record<string, string> => {
    tokens.push(token);
    return { origin: ORIGIN, authorization: `Bearer ${token}` };
  };
  const signed = async (options: TokenOptions = {}) => bearer(await chain.issuer.token(options));

  /** The claims of a good token, for hand-made ones. */
  const goodClaims = () => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: chain.issuer.issuer,
      aud: "4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34",
      iat: now,
      nbf: now,
      exp: now + 3600,
      oid: USERS.invoicer.oid,
      scp: "access_as_user",
      roles: ["Billing.Invoice"],
      preferred_username: USERS.invoicer.username,
    };
  };

  const cases: [string, () => Promise<Record<string, string>>][] = [
    ["no token", async () => ({ origin: ORIGIN })],
    ["a bearer that is not a JWT", async () => bearer("not-a-jwt")],
    ["a Basic credential", async () => ({ origin: ORIGIN, authorization: "Basic dXNlcjpwdw==" })],
    [
      "a token signed by a key the directory never published",
      async () => signed({ key: await makeSigningKey() }),
    ],
    [
      "a token signed by another key under the directory's key id",
      async () => signed({ key: { ...(await makeSigningKey()), kid: chain.issuer.current.kid } }),
    ],
    [
      "alg none",
      async () => bearer(`${base64url({ alg: "none", typ: "JWT" })}.${base64url(goodClaims())}.`),
    ],
    [
      "HS256 signed with the directory's public key",
      async () => {
        const publicKey = await importJWK(chain.issuer.current.publicJwk, "RS256");
        const pem = await exportSPKI(publicKey as CryptoKey);
        const token = await new SignJWT(goodClaims())
          .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: chain.issuer.current.kid })
          .sign(new TextEncoder().encode(pem));
        return bearer(token);
      },
    ],
    ["an expired token (beyond 60 s of skew)", async () => signed({ expiresIn: -61 - 5 })],
    ["a token not yet valid (beyond 60 s of skew)", async () => signed({ notBeforeIn: 120 })],
    [
      "a token for another audience",
      async () => signed({ claims: { aud: "0d9e8f7a-6b5c-4d3e-9f2a-1b0c9d8e7f6a" } }),
    ],
    [
      "the gateway's audience as a v1 api:// URI",
      async () => signed({ claims: { aud: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34" } }),
    ],
    ["a token of another directory", async () => bearer(await other.token())],
    [
      "another directory's issuer signed with this directory's key",
      async () => signed({ claims: { iss: other.issuer } }),
    ],
    [
      "an app-only token (roles, no scp)",
      async () =>
        signed({
          claims: { scp: undefined, roles: ["Billing.Invoice"], idtyp: "app", oid: "app-oid" },
        }),
    ],
    ["a token without access_as_user", async () => signed({ claims: { scp: "User.Read" } })],
    [
      "a token whose scp only contains the word",
      async () => signed({ claims: { scp: "not_access_as_user" } }),
    ],
    ["a token without oid", async () => signed({ claims: { oid: undefined } })],
  ];

  it.each(cases)(
    "refuses %s with 401, WWW-Authenticate and CORS, and forwards nothing (read and create)",
    async (_name, make) => {
      const headers = await make();
      const before = chain.sim.store.invoices.size;
      const read = await rawRequest(chain.gw.url, "GET", CONTRACT, headers);
      const create = await rawRequest(
        chain.gw.url,
        "POST",
        "/api/bill/Invoices",
        { ...headers, "content-type": "application/json" },
        INVOICE
      );
      for (const answer of [read, create]) {
        expect(answer.status).toBe(401);
        expect(answer.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
        expect(answer.headers["access-control-allow-origin"]).toBe(ORIGIN);
        expect(errorOf(answer).key).toBe("GATEWAY_SIGN_IN_REQUIRED");
      }
      expect(upstream()).toBe(0);
      expect(chain.sim.store.invoices.size).toBe(before);
    }
  );

  it("says so when the sign-in has merely expired", async () => {
    const answer = await rawRequest(
      chain.gw.url,
      "GET",
      CONTRACT,
      await signed({ expiresIn: -90 })
    );
    expect(answer.status).toBe(401);
    expect(errorOf(answer).message).toBe(
      "Your sign-in has expired; sign in again with your work account."
    );
  });

  it("does not pin the token type: at+jwt (the local provider's) passes like JWT (Entra's)", async () => {
    const answer = await rawRequest(chain.gw.url, "GET", CONTRACT, await signed({ typ: "at+jwt" }));
    expect(answer.status).toBe(200);
  });

  it("accepts up to 60 s of clock skew on exp and nbf", async () => {
    const late = await rawRequest(chain.gw.url, "GET", CONTRACT, await signed({ expiresIn: -30 }));
    const early = await rawRequest(
      chain.gw.url,
      "GET",
      CONTRACT,
      await signed({ notBeforeIn: 30 })
    );
    expect([late.status, early.status]).toEqual([200, 200]);
    expect(upstream()).toBe(2);
  });

  it("never takes a token from the query string, and refuses one sent there", async () => {
    const token = await chain.issuer.token();
    tokens.push(token);
    for (const name of ["access_token", "ACCESS_TOKEN", "id_token", "access%5Ftoken"]) {
      const alone = await rawRequest(chain.gw.url, "GET", `${CONTRACT}?${name}=${token}`);
      expect(alone.status).toBe(401);
      expect(alone.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
      // Even beside a good header: a token in an address ends up in proxies' and browsers' logs.
      const both = await rawRequest(
        chain.gw.url,
        "GET",
        `${CONTRACT}?keep=1&${name}=${token}`,
        chain.headers
      );
      expect(both.status).toBe(401);
    }
    expect(upstream()).toBe(0);
  });

  it("lets a reader read costs, and treats the path's letter case as the service does", async () => {
    const reader = await signed({ user: USERS.reader });
    const answer = await rawRequest(chain.gw.url, "GET", CONTRACT.toLowerCase(), reader);
    expect(answer.status).toBe(200);
    expect(upstream()).toBe(1);
  });

  it("refuses a valid user with no role with 403 naming the role, and forwards nothing", async () => {
    const answer = await rawRequest(
      chain.gw.url,
      "GET",
      CONTRACT,
      await signed({ user: USERS.norole })
    );
    expect(answer.status).toBe(403);
    expect(answer.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(errorOf(answer)).toEqual({
      key: "GATEWAY_ROLE_MISSING",
      message:
        "Your account has no role for Billing for Excel, so it may not read contracts; ask IT for Billing.Read.",
      messageValues: ["Billing.Read"],
    });
    expect(upstream()).toBe(0);
  });

  it("refuses a reader's create, approve and delete with the plain message, and creates nothing", async () => {
    const reader = await signed({ user: USERS.reader });
    const before = chain.sim.store.invoices.size;
    const create = await rawRequest(
      chain.gw.url,
      "POST",
      "/api/bill/Invoices",
      { ...reader, "content-type": "application/json" },
      INVOICE
    );
    expect(create.status).toBe(403);
    expect(errorOf(create)).toEqual({
      key: "GATEWAY_ROLE_MISSING",
      message: "Your account may read but not create invoices; ask IT for Billing.Invoice.",
      messageValues: ["Billing.Invoice"],
    });
    const id = "5b0d2c1e-0000-4000-8000-00000000abcd";
    const approve = await rawRequest(
      chain.gw.url,
      "POST",
      `/api/bill/Invoices/${id}/approve`,
      { ...reader, "content-type": "application/json" },
      "{}"
    );
    const remove = await rawRequest(chain.gw.url, "DELETE", `/api/bill/Invoices/${id}`, reader);
    expect(errorOf(approve).message).toBe(
      "Your account may read but not approve invoices; ask IT for Billing.Invoice."
    );
    expect(errorOf(remove).message).toBe(
      "Your account may read but not delete draft invoices; ask IT for Billing.Invoice."
    );
    expect([approve.status, remove.status]).toEqual([403, 403]);
    expect(upstream()).toBe(0);
    expect(chain.sim.store.invoices.size).toBe(before);
  });

  const offTheList: [string, string][] = [
    ["POST", "/api/bill/Invoices/bulk/delete"],
    // The vendor's own operations the add-in never makes (bulk approve, send and credit are not
    // among them: the add-in makes those).
    ["POST", "/api/bill/Invoices/bulk/regenerate"],
    ["DELETE", `/api/md/Customers/${DEMO.customers.jansen}`],
    ["POST", "/api/md/Customers"],
    ["POST", "/api/bill/Invoices/5b0d2c1e-0000-4000-8000-00000000abcd/creditpartially"],
    ["POST", "/api/bill/Invoices/5b0d2c1e-0000-4000-8000-00000000abcd/regenerate"],
    ["GET", "/api/bill/Invoices"],
    ["GET", "/api/md/Customers"],
    ["PUT", CONTRACT],
    ["PATCH", "/api/bill/Invoices/5b0d2c1e-0000-4000-8000-00000000abcd"],
    ["GET", `${CONTRACT}/extra`],
    ["HEAD", "/api/cfg/TaxCodes"],
  ];

  it.each(offTheList)(
    "refuses %s %s, which the add-in never makes, to a reader and to an invoicer",
    async (method, path) => {
      for (const user of [USERS.reader, USERS.invoicer]) {
        const answer = await rawRequest(
          chain.gw.url,
          method,
          path,
          // Node sends no body framing for DELETE unless told: give the length.
          {
            ...(await signed({ user })),
            "content-type": "application/json",
            "content-length": "2",
          },
          "{}"
        );
        expect(answer.status).toBe(403);
        if (method !== "HEAD") {
          expect(errorOf(answer).key).toBe("GATEWAY_OPERATION_NOT_ALLOWED");
          expect(answer.headers["access-control-allow-origin"]).toBe(ORIGIN);
        }
      }
      expect(upstream()).toBe(0);
    }
  );

  it("answers GET /healthz and preflights without a token", async () => {
    expect((await fetch(`${chain.gw.url}/healthz`)).status).toBe(200);
    const preflight = await rawRequest(chain.gw.url, "OPTIONS", "/api/bill/Invoices/x", {
      origin: ORIGIN,
      "access-control-request-method": "DELETE",
      "access-control-request-headers": "authorization",
    });
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers["access-control-allow-methods"])).toContain("DELETE");
    expect(String(preflight.headers["access-control-allow-headers"])).toContain("authorization");
    expect(String(preflight.headers["access-control-expose-headers"])).toContain(
      "www-authenticate"
    );
    // Only GET is open there.
    const post = await rawRequest(chain.gw.url, "POST", "/healthz", { origin: ORIGIN }, "{}");
    expect(post.status).toBe(401);
    expect(upstream()).toBe(0);
  });

  it("never forwards the user's token: the service gets the gateway's own", async () => {
    const headers = await signed();
    expect((await rawRequest(chain.gw.url, "GET", CONTRACT, headers)).status).toBe(200);
    const seen = chain.sim.log.entries();
    expect(seen).toHaveLength(1);
    expectNoUserToken(JSON.stringify(seen), [tokenOf(headers)]);
  });
});

describe("a gateway that names the add-in (GATEWAY_USER_CLIENT_IDS)", () => {
  let chain: Chain;
  beforeAll(async () => {
    chain = await startChain({ config: { userClientIds: [ADDIN_CLIENT_ID] } });
  });
  afterAll(async () => chain.close());
  beforeEach(() => chain.sim.log.clear());

  const read = async (options: TokenOptions) =>
    rawRequest(chain.gw.url, "GET", CONTRACT, {
      origin: ORIGIN,
      authorization: `Bearer ${await chain.issuer.token(options)}`,
    });

  it.each<[string, TokenOptions]>([
    [
      "another application's token for the same user and scope",
      { claims: { azp: "0d9e8f7a-6b5c-4d3e-9f2a-1b0c9d8e7f6a" } },
    ],
    ["a token that names no application", { claims: { azp: undefined } }],
  ])("refuses %s with 401 and forwards nothing", async (_name, options) => {
    const answer = await read(options);
    expect(answer.status).toBe(401);
    expect(errorOf(answer).key).toBe("GATEWAY_SIGN_IN_REQUIRED");
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
    expect(chain.lines.at(-1)).toContain("azp is not an allowed application");
  });

  it("lets the add-in's users in (azp, or appid in a v1 token)", async () => {
    expect((await read({})).status).toBe(200);
    const v1 = await read({ claims: { azp: undefined, appid: ADDIN_CLIENT_ID, ver: "1.0" } });
    expect(v1.status).toBe(200);
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(2);
  });
});

describe("a gateway that cannot read the directory's keys", () => {
  it("answers 502 for IT (not 401 to the user) and forwards nothing", async () => {
    const chain = await startChain();
    const headers = chain.headers;
    await chain.issuer.close();
    try {
      const answer = await rawRequest(chain.gw.url, "GET", CONTRACT, headers);
      expect(answer.status).toBe(502);
      expect(answer.headers["access-control-allow-origin"]).toBe(ORIGIN);
      expect(errorOf(answer).key).toBe("GATEWAY_TOKEN_FAILED");
      expect(errorOf(answer).message).toContain("GATEWAY_USER_ISSUER");
      expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
    } finally {
      await chain.close();
    }
  });

  it("refuses a discovery document that names another issuer than GATEWAY_USER_ISSUER", async () => {
    const lines: string[] = [];
    const chain = await startChain();
    const gw = await createGateway({
      // The same directory written with a trailing slash: `iss` is compared as text.
      config: gatewayConfig(chain.sim.url, chain.sim.url, {
        userIssuer: `${chain.issuer.issuer}/`,
      }),
      log: (l) => lines.push(l),
    });
    try {
      const answer = await rawRequest(gw.url, "GET", CONTRACT, chain.headers);
      expect(answer.status).toBe(502);
      expect(logEntries(lines).at(-1)).toMatchObject({
        reason: "GATEWAY_TOKEN_FAILED",
        detail: expect.stringContaining("names another issuer than GATEWAY_USER_ISSUER"),
      });
      expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
    } finally {
      await gw.close();
      await chain.close();
    }
  });
});
