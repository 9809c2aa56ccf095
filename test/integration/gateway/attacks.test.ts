/**
 * The attacks on the gateway, against it as IT starts it (`gateway/cli.ts` with an environment
 * file, the audit on its stdout), in front of the simulator requiring auth, with the company
 * directory's stand-in (test-issuer.ts: its real keys sign what only the directory could sign).
 * Requests go over raw `net` sockets, byte for byte. Each attack is refused with the gateway's own
 * JSON error, CORS for the allowed origin, an audit line — and **nothing reaches the service**,
 * counted at the simulator. The cases accepted by design are stated as such at the end.
 */
import { KeyObject, createHmac, createSign } from "node:crypto";
import type { webcrypto } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { CompactSign, SignJWT, exportJWK, exportSPKI, generateKeyPair, importJWK } from "jose";
import type { JWTPayload } from "jose";
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { createBody, rawExchange, rawRequestText, b64url, spawnGateway } from "./attack-kit";
import type { GatewayProcess, RawReply } from "./attack-kit";
import {
  AUDIENCE,
  AUTH,
  ORIGIN,
  USERS,
  auditCalls,
  expectNoSecret,
  startTestIssuer,
} from "./helpers";
import type { TestIssuer } from "./helpers";
import { makeSigningKey } from "./test-issuer";

const CONTRACT = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;
const CREATE = "/api/bill/Invoices";

let sim: Simulator;
let issuer: TestIssuer;
let gw: GatewayProcess;
let invoicer: string;
let reader: string;
/** A server the attacker controls (jku / x5u point at it): it must never be asked. */
let attacker: http.Server;
let attackerHits = 0;
let attackerUrl = "";

/** The standard headers of a call from the add-in (host, origin, token). */
function base(token = invoicer): [string, string][] {
  return [
    ["Host", `127.0.0.1:${gw.port}`],
    ["Origin", ORIGIN],
    ["Authorization", `Bearer ${token}`],
  ];
}

function withBody(body: string, headers: [string, string][] = []): [string, string][] {
  return [
    ["Content-Type", "application/json"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ...headers,
  ];
}

/** The payload of a good token for `user` (to forge around). */
function goodClaims(user = USERS.invoicer): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: issuer.issuer,
    aud: AUDIENCE,
    iat: now,
    nbf: now,
    exp: now + 3600,
    oid: user.oid,
    scp: "access_as_user",
    roles: user.roles,
    preferred_username: user.username,
    ver: "2.0",
  };
}

/** Signed with an attacker's own key. */
async function attackerSigned(header: Record<string, unknown>, claims = goodClaims()) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(publicKey);
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: "RS256", ...header, ...(header.jwk === true ? { jwk } : {}) })
    .sign(privateKey);
}

beforeAll(async () => {
  sim = await createSimulator({ port: 0, auth: AUTH, approvalDelayMs: 50, numberDelayMs: 50 });
  issuer = await startTestIssuer();
  attacker = http.createServer((_req, res) => {
    attackerHits += 1;
    res.writeHead(200, { "content-type": "application/json" }).end('{"keys":[]}');
  });
  await new Promise<void>((r) => attacker.listen(0, "127.0.0.1", r));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  gw = await spawnGateway(sim.url, issuer.issuer, { extra: { userRate: 1000 } });
  invoicer = await issuer.token({ user: USERS.invoicer });
  reader = await issuer.token({ user: USERS.reader });
  // The gateway works: one real call (and its directory keys are fetched once).
  const ok = await rawExchange(
    gw.port,
    rawRequestText("GET", CONTRACT, [...base(), ["Connection", "close"]])
  );
  expect(ok.status).toBe(200);
}, 60_000);

afterAll(async () => {
  const code = await gw?.stop();
  expect(code).toBe(0);
  const out = gw.stdout().join("\n");
  expectNoSecret(out);
  expect(out).not.toContain(invoicer.split(".")[2]);
  await sim?.close();
  await issuer?.close();
  await new Promise<void>((r) => attacker.close(() => r()));
});

/** Sends one attack and checks: refused with the gateway's JSON, nothing at the service. */
async function expectRefused(
  bytes: string | Buffer,
  statuses: number[],
  key?: string | RegExp,
  cors = true
): Promise<RawReply> {
  sim.log.clear();
  const before = sim.store.invoices.size;
  const reply = await rawExchange(gw.port, bytes);
  expect(statuses).toContain(reply.status);
  const body = JSON.parse(reply.body) as { errors: { key: string }[]; success: boolean };
  expect(body.success).toBe(false);
  if (key !== undefined) expect(body.errors[0].key).toMatch(key);
  if (cors) expect(reply.headers["access-control-allow-origin"]).toBe(ORIGIN);
  else expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
  expect(sim.log.count(undefined, /^\/api\//)).toBe(0);
  expect(sim.store.invoices.size).toBe(before);
  return reply;
}

describe("path and encoding tricks", () => {
  it.each([
    ["dot segments out of the prefixes", "/api/cfg/../../admin/users"],
    ["encoded dot segments", "/api/cfg/%2e%2e/%2E%2E/internal"],
    ["an encoded slash", "/api/cfg/TaxCodes%2f..%2f..%2fadmin"],
    ["an encoded backslash", "/api/cfg/..%5c..%5cadmin"],
    ["an encoded NUL", "/api/cfg/TaxCodes%00.json"],
    ["overlong UTF-8 dots", "/api/cfg/%c0%ae%c0%ae/%c0%ae%c0%ae/admin"],
    ["an absolute-form target to another host", "http://evil.example/admin"],
    ["outside the three areas", "/api/admin/Users"],
    ["double slashes to leave the prefix", "//api/../../etc/passwd"],
  ])("%s: %s → refused", async (_name, target) => {
    await expectRefused(
      rawRequestText("GET", target, base()),
      [400, 403],
      /GATEWAY_(PATH_NOT_ALLOWED|BAD_REQUEST)/
    );
  });

  it.each([
    ["a matrix parameter", "/api/cfg/TaxCodes;jsessionid=1"],
    ["a sibling bulk route", "/api/bill/Invoices/bulk/delete"],
    ["an id that is no service id", "/api/md/Contracts/..%2f"],
    ["a trailing extra segment", `${CONTRACT}/owner`],
  ])("%s (%s) is no allowed operation → 403", async (_name, target) => {
    const method = target.includes("bulk") ? "POST" : "GET";
    await expectRefused(
      rawRequestText(method, target, base()),
      [403],
      /GATEWAY_(OPERATION|PATH)_NOT_ALLOWED/
    );
  });

  it("a malformed percent-encoding gets the gateway's JSON error with CORS (not the framework's)", async () => {
    await expectRefused(
      rawRequestText("GET", "/api/cfg/%zzTaxCodes", base()),
      [400, 403],
      /GATEWAY_/
    );
  });

  it.each(["PUT", "PATCH", "HEAD", "TRACE", "PROPFIND"])("method %s → refused", async (method) => {
    sim.log.clear();
    const reply = await rawExchange(
      gw.port,
      rawRequestText(method, "/api/cfg/TaxCodes", [...base(), ["Connection", "close"]])
    );
    expect([400, 403, 405]).toContain(reply.status);
    expect(sim.log.count(undefined, /^\/api\//)).toBe(0);
  });
});

describe("request smuggling and duplicate headers", () => {
  const body = '{"filter":{}}';
  it("Content-Length and Transfer-Encoding together → 400, the gateway's JSON with CORS", async () => {
    await expectRefused(
      rawRequestText(
        "POST",
        "/api/md/Customers/filter",
        [
          ...base(),
          ["Content-Type", "application/json"],
          ["Content-Length", "4"],
          ["Transfer-Encoding", "chunked"],
        ],
        `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`
      ),
      [400],
      "GATEWAY_BAD_REQUEST"
    );
  });

  it.each([
    [
      "two different Content-Lengths",
      [
        ["Content-Length", "13"],
        ["Content-Length", "4"],
      ],
    ],
    [
      "two equal Content-Lengths",
      [
        ["Content-Length", "13"],
        ["Content-Length", "13"],
      ],
    ],
  ] as [string, [string, string][]][])("%s → 400", async (_name, lengths) => {
    await expectRefused(
      rawRequestText(
        "POST",
        "/api/md/Customers/filter",
        [...base(), ["Content-Type", "application/json"], ...lengths],
        body
      ),
      [400],
      "GATEWAY_BAD_REQUEST"
    );
  });

  it.each([
    ["an obfuscated Transfer-Encoding", [["Transfer-Encoding", "xchunked"]]],
    ["a Transfer-Encoding list", [["Transfer-Encoding", "gzip, chunked"]]],
    ["a space before the colon", [["Transfer-Encoding ", "chunked"]]],
  ] as [string, [string, string][]][])("%s → 400", async (_name, te) => {
    await expectRefused(
      rawRequestText(
        "POST",
        "/api/md/Customers/filter",
        [...base(), ["Content-Type", "application/json"], ...te],
        `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`
      ),
      [400],
      /GATEWAY_(BAD_REQUEST|BODY_UNREADABLE)/
    );
  });

  it("a second request hidden in a GET's body is a body, refused (a GET takes none)", async () => {
    const hidden = rawRequestText("POST", "/api/bill/Invoices/bulk/credit", base(), "");
    await expectRefused(
      rawRequestText(
        "GET",
        "/api/cfg/TaxCodes",
        [...base(), ["Content-Length", String(hidden.length)]],
        hidden
      ),
      [413],
      "GATEWAY_BODY_TOO_LARGE"
    );
  });

  it.each([
    ["Authorization (a reader's, then an invoicer's)", "Authorization"],
    ["Content-Type", "Content-Type"],
    ["Host", "Host"],
  ])("%s twice → 400", async (_name, header) => {
    const extra: [string, string][] =
      header === "Authorization"
        ? [["Authorization", `Bearer ${reader}`]]
        : header === "Host"
          ? [["Host", "billing.internal"]]
          : [["Content-Type", "text/plain"]];
    await expectRefused(
      rawRequestText(
        "POST",
        CREATE,
        [...base(), ...withBody(createBody("DUP-1")), ...extra],
        createBody("DUP-1")
      ),
      [400],
      "GATEWAY_BAD_REQUEST"
    );
  });

  it("two Origins are no allowed origin → 403 without CORS", async () => {
    await expectRefused(
      rawRequestText("GET", CONTRACT, [...base(), ["Origin", "https://evil.example"]]),
      [403],
      "GATEWAY_ORIGIN_NOT_ALLOWED",
      false
    );
  });

  it("a control byte in a header → 400, the gateway's JSON with CORS", async () => {
    await expectRefused(
      rawRequestText("GET", CONTRACT, [...base(), ["X-Note", "a\u0001b"]]),
      [400],
      "GATEWAY_BAD_REQUEST"
    );
  });

  it("headers over 16 KB → 431, the gateway's JSON with CORS", async () => {
    await expectRefused(
      rawRequestText("GET", CONTRACT, [...base(), ["X-Padding", "a".repeat(17 * 1024)]]),
      [431],
      "GATEWAY_BAD_REQUEST"
    );
  });
});

describe("forged and confused tokens", () => {
  const signIn = (token: string, target = CONTRACT) =>
    expectRefused(rawRequestText("GET", target, base(token)), [401], "GATEWAY_SIGN_IN_REQUIRED");

  it("alg none", async () => {
    await signIn(`${b64url({ alg: "none", typ: "JWT" })}.${b64url(goodClaims())}.`);
  });

  it("HS256 signed with the directory's public key as the secret", async () => {
    const key = await importJWK(issuer.current.publicJwk, "RS256");
    const pem = await exportSPKI(key as CryptoKey);
    for (const secret of [pem, JSON.stringify(issuer.current.publicJwk)]) {
      const head = `${b64url({ alg: "HS256", typ: "JWT", kid: issuer.current.kid })}.${b64url(goodClaims())}`;
      const sig = createHmac("sha256", secret).update(head).digest("base64url");
      await signIn(`${head}.${sig}`);
    }
  });

  it("kid path traversal and injection", async () => {
    for (const kid of [
      "../../../../dev/null",
      "/etc/passwd",
      "' OR 1=1 --",
      `${issuer.current.kid}/../x`,
    ]) {
      await signIn(await attackerSigned({ kid }));
    }
  });

  it("jku, x5u and an embedded jwk pointing at the attacker's keys: refused, and the attacker's server is never asked", async () => {
    const realKid = issuer.current.kid;
    await signIn(await attackerSigned({ kid: realKid, jku: `${attackerUrl}/jwks.json` }));
    await signIn(await attackerSigned({ kid: "attacker", jku: `${attackerUrl}/jwks.json` }));
    await signIn(await attackerSigned({ kid: realKid, x5u: `${attackerUrl}/cert.pem` }));
    await signIn(await attackerSigned({ kid: realKid, jwk: true }));
    await signIn(await attackerSigned({ jwk: true }));
    expect(attackerHits).toBe(0);
  });

  it("crit with an extension the gateway does not know, signed by the directory's own key", async () => {
    // Signed by hand: jose itself refuses to make such a token.
    const sign = (header: Record<string, unknown>) => {
      const head = `${b64url({ alg: "RS256", typ: "JWT", kid: issuer.current.kid, ...header })}.${b64url(goodClaims())}`;
      const key = KeyObject.from(issuer.current.privateKey as unknown as webcrypto.CryptoKey);
      return `${head}.${createSign("RSA-SHA256").update(head).sign(key).toString("base64url")}`;
    };
    await signIn(sign({ crit: ["exp"] }));
    await signIn(sign({ crit: ["urn:example:x"], "urn:example:x": true }));
    await signIn(sign({ crit: ["b64"], b64: false }));
  });

  it("a nested JWT (cty JWT, the directory's signature around an inner token)", async () => {
    const inner = await attackerSigned({ kid: "inner" });
    const outer = await new CompactSign(new TextEncoder().encode(inner))
      .setProtectedHeader({ alg: "RS256", kid: issuer.current.kid, cty: "JWT" })
      .sign(issuer.current.privateKey);
    await signIn(outer);
  });

  it.each([
    ["scp with a look-alike scope", { scp: "access_as_user_admin" }],
    ["scp in another letter case", { scp: "Access_As_User" }],
    ["scp with a trailing comma", { scp: "access_as_user," }],
    ["scp as an array", { scp: ["access_as_user"] }],
    ["scp with a zero-width space", { scp: "access_as_user\u200b" }],
    ["no scp (an app-only token)", { scp: undefined }],
    ["another audience", { aud: "api://another" }],
    [
      "an audience array without ours",
      { aud: ["api://another", "00000000-0000-0000-0000-000000000000"] },
    ],
    ["an issuer with a trailing slash", { iss: "__ISSUER__/" }],
    ["expired two minutes ago", { exp: Math.floor(Date.now() / 1000) - 120 }],
    ["not valid for an hour yet", { nbf: Math.floor(Date.now() / 1000) + 3600 }],
    ["no oid", { oid: undefined }],
    ["oid as a number", { oid: 42 }],
  ])("%s, signed by the directory → 401", async (_name, claims) => {
    const fixed = Object.fromEntries(
      Object.entries(claims).map(([k, v]) => [k, v === "__ISSUER__/" ? `${issuer.issuer}/` : v])
    );
    await signIn(await issuer.token({ claims: fixed }));
  });

  it.each([
    ['as a string ("Billing.Invoice")', "Billing.Invoice"],
    [
      'with look-alikes ("billing.invoice", "Billing.Invoice ")',
      ["billing.invoice", "Billing.Invoice "],
    ],
    ["as an object", { "Billing.Invoice": true }],
  ])("roles %s are no role: a create is refused 403", async (_name, roles) => {
    const token = await issuer.token({ user: USERS.reader, claims: { roles } });
    const body = createBody("ROLES-ODD-1");
    await expectRefused(
      rawRequestText("POST", CREATE, [...base(token), ...withBody(body)], body),
      [403],
      "GATEWAY_ROLE_MISSING"
    );
  });

  it("a signature from a key the directory never published, kid copied", async () => {
    const other = await makeSigningKey();
    await signIn(await issuer.token({ key: { ...other, kid: issuer.current.kid } }));
  });

  it("the payload altered after signing (a reader made invoicer)", async () => {
    const [h, , s] = reader.split(".");
    await signIn(`${h}.${b64url(goodClaims(USERS.invoicer))}.${s}`);
  });

  it("the token in the query string, two tokens in one header, a Basic header", async () => {
    await signIn(invoicer, `${CONTRACT}?access_token=${invoicer}`);
    await expectRefused(
      rawRequestText("GET", CONTRACT, [...base(`${invoicer} ${reader}`)]),
      [401],
      "GATEWAY_SIGN_IN_REQUIRED"
    );
    await expectRefused(
      rawRequestText("GET", CONTRACT, [
        ["Host", "x"],
        ["Origin", ORIGIN],
        ["Authorization", "Basic dXNlcjpwYXNz"],
      ]),
      [401],
      "GATEWAY_SIGN_IN_REQUIRED"
    );
  });
});

describe("CORS", () => {
  it.each([
    ["another origin", "https://evil.example"],
    ["the origin with a suffix", `${ORIGIN}.evil.example`],
    ["the null origin", "null"],
    ["the origin over http", ORIGIN.replace("https:", "http:")],
  ])("%s gets 403 and no CORS header, even for a preflight", async (_name, origin) => {
    await expectRefused(
      rawRequestText("GET", CONTRACT, [
        ["Host", "x"],
        ["Origin", origin],
        ["Authorization", `Bearer ${invoicer}`],
      ]),
      [403],
      "GATEWAY_ORIGIN_NOT_ALLOWED",
      false
    );
    await expectRefused(
      rawRequestText("OPTIONS", CREATE, [
        ["Host", "x"],
        ["Origin", origin],
        ["Access-Control-Request-Method", "POST"],
      ]),
      [403],
      "GATEWAY_ORIGIN_NOT_ALLOWED",
      false
    );
  });
});

describe("bodies", () => {
  it("50 MB announced for a create → 413 before a byte is read", async () => {
    await expectRefused(
      rawRequestText("POST", CREATE, [
        ...base(),
        ["Content-Type", "application/json"],
        ["Content-Length", String(50 * 1024 * 1024)],
      ]),
      [413],
      "GATEWAY_BODY_TOO_LARGE"
    );
  });

  it("5 MB chunked for a create → 413 once past the create's 4 MiB", async () => {
    const chunk = "a".repeat(256 * 1024);
    const chunks = Array.from(
      { length: 20 },
      () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`
    ).join("");
    await expectRefused(
      rawRequestText(
        "POST",
        CREATE,
        [...base(), ["Content-Type", "application/json"], ["Transfer-Encoding", "chunked"]],
        `${chunks}0\r\n\r\n`
      ),
      [413],
      "GATEWAY_BODY_TOO_LARGE"
    );
  });

  it("a filter body over 64 KiB → 413", async () => {
    const body = JSON.stringify({ filter: "x".repeat(70 * 1024) });
    await expectRefused(
      rawRequestText("POST", "/api/md/Customers/filter", [...base(), ...withBody(body)], body),
      [413],
      "GATEWAY_BODY_TOO_LARGE"
    );
  });

  it("a reader's large upload to a create is refused before its body is read (403)", async () => {
    await expectRefused(
      rawRequestText(
        "POST",
        CREATE,
        [
          ...base(reader),
          ["Content-Type", "application/json"],
          ["Content-Length", String(9 * 1024 * 1024)],
        ],
        "{"
      ),
      [403],
      "GATEWAY_ROLE_MISSING"
    );
  });

  const json = createBody("HIDDEN-REF-1");
  it.each([
    ["gzip", [["Content-Encoding", "gzip"]], gzipSync(json), 415],
    ["deflate", [["Content-Encoding", "deflate"]], Buffer.from(json), 415],
    [
      "charset=utf-16le",
      [["Content-Type", "application/json; charset=utf-16le"]],
      Buffer.from(json, "utf16le"),
      415,
    ],
    ["text/plain", [["Content-Type", "text/plain"]], Buffer.from(json), 415],
    [
      "a byte-order mark",
      [],
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]),
      400,
    ],
    ["2 KB of leading whitespace", [], Buffer.from(`${" ".repeat(2048)}${json}`), 400],
    [
      "ExternalReference in another letter case",
      [],
      Buffer.from(json.replace("externalReference", "ExternalReference")),
      400,
    ],
    [
      "externalReference twice",
      [],
      Buffer.from(json.replace("{", '{"externalReference":"DECOY",')),
      400,
    ],
    [
      "externalReference as an object",
      [],
      Buffer.from(json.replace('"HIDDEN-REF-1"', '{"v":"HIDDEN-REF-1"}')),
      400,
    ],
  ] as [string, [string, string][], Buffer, number][])(
    "a create with %s → %d (the audit could not read its reference as the service would)",
    async (_name, headers, bytes, status) => {
      const names = new Set(headers.map(([k]) => k.toLowerCase()));
      const head: [string, string][] = [
        ...base(),
        ...(names.has("content-type")
          ? []
          : ([["Content-Type", "application/json"]] as [string, string][])),
        ["Content-Length", String(bytes.length)],
        ...headers,
      ];
      await expectRefused(
        Buffer.concat([Buffer.from(rawRequestText("POST", CREATE, head)), bytes]),
        [status],
        "GATEWAY_BODY_UNREADABLE"
      );
      expect(
        [...sim.store.invoices.values()].some((i) => i.externalReference === "HIDDEN-REF-1")
      ).toBe(false);
    }
  );
});

describe("accepted by design", () => {
  it("an aud array holding the gateway's audience (RFC 7519 §4.1.3): forwarded, audited", async () => {
    sim.log.clear();
    const token = await issuer.token({ claims: { aud: ["api://another", AUDIENCE] } });
    const reply = await rawExchange(
      gw.port,
      rawRequestText("GET", CONTRACT, [...base(token), ["Connection", "close"]])
    );
    expect(reply.status).toBe(200);
    expect(sim.log.count(undefined, /^\/api\//)).toBe(1);
  });

  it("a create whose reference is read exactly: stored by the service, the same reference in the audit line", async () => {
    sim.log.clear();
    const body = createBody("ATTACK-RUN-REF-7");
    const reply = await rawExchange(
      gw.port,
      rawRequestText("POST", CREATE, [...base(), ...withBody(body), ["Connection", "close"]], body)
    );
    expect(reply.status).toBeLessThan(300);
    const stored = [...sim.store.invoices.values()].filter(
      (i) => i.externalReference === "ATTACK-RUN-REF-7"
    );
    expect(stored).toHaveLength(1);
    // The audit is on the gateway's stdout (buffered: it may take a turn of its loop).
    let lines: Record<string, unknown>[] = [];
    for (let i = 0; i < 100; i++) {
      lines = auditCalls(gw.stdout()).filter((l) => l.externalReference === "ATTACK-RUN-REF-7");
      if (lines.length === 1 && lines[0].status !== undefined) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      event: "forward",
      oid: USERS.invoicer.oid,
      status: reply.status,
    });
  });
});
