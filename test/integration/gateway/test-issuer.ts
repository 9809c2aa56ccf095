/**
 * A small stand-in for the company's directory, for the gateway's tests: a real HTTP server serving
 * an OpenID discovery document and a JWKS (keys made with jose's `generateKeyPair`), and tokens
 * signed with jose's `SignJWT`, shaped like Entra ID's v2 access tokens. It counts the fetches of
 * its documents, and can publish a new signing key (rotation).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import type { CryptoKey, JWK, JWTPayload } from "jose";

/** The directory (tenant) id of the identity contract. */
export const DIRECTORY_ID = "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17";
/** The gateway API's application id: the tokens' `aud`. */
export const AUDIENCE = "4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34";
/** The add-in's application id: the tokens' `azp`. */
export const ADDIN_CLIENT_ID = "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13";

/** A demo user of the directory. */
export interface DemoUser {
  oid: string;
  username: string;
  name: string;
  roles?: string[];
}

/** The demo users of the identity contract. */
export const USERS = {
  reader: {
    oid: "0a1b2c3d-1111-4aaa-8bbb-000000000001",
    username: "riley.reader@contoso.example",
    name: "Riley Reader",
    roles: ["Billing.Read"],
  },
  invoicer: {
    oid: "0a1b2c3d-2222-4aaa-8bbb-000000000002",
    username: "ingrid.invoicer@contoso.example",
    name: "Ingrid Invoicer",
    roles: ["Billing.Invoice"],
  },
  norole: {
    oid: "0a1b2c3d-3333-4aaa-8bbb-000000000003",
    username: "nora.norole@contoso.example",
    name: "Nora Norole",
  },
} satisfies Record<string, DemoUser>;

/** A signing key: private half for signing, public JWK for the key set. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** Makes an RS256 key pair with a fresh key id. */
export async function makeSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, use: "sig", alg: "RS256" };
  return { kid, privateKey, publicJwk };
}

/** How a test token differs from a good one. */
export interface TokenOptions {
  /** The user (default: the invoicer). */
  user?: DemoUser;
  /** Shorthand for the user's roles (`undefined` in `claims` removes the claim). */
  roles?: string[];
  /** Claims to set or, with `undefined`, remove. */
  claims?: Record<string, unknown>;
  /** Sign with this key instead of the issuer's current one. */
  key?: SigningKey;
  /** Lifetime from now in seconds (negative: already expired). */
  expiresIn?: number;
  /** `nbf` this many seconds from now. */
  notBeforeIn?: number;
  /** The header's `typ` (Entra writes `JWT`, oidc-provider `at+jwt`). */
  typ?: string;
}

/** A running test directory. */
export interface TestIssuer {
  /** `http://127.0.0.1:PORT/<directory id>/v2.0`, as in the tokens' `iss`. */
  issuer: string;
  /** The key tokens are signed with now. */
  current: SigningKey;
  /** Requests for the key set so far. */
  jwksFetches(): number;
  /** Requests for the discovery document so far. */
  discoveryFetches(): number;
  /** Publishes a new key beside the old ones and signs with it from now on. */
  rotate(): Promise<SigningKey>;
  /** A signed access token (a good one unless `options` say otherwise). */
  token(options?: TokenOptions): Promise<string>;
  close(): Promise<void>;
}

/** Starts a directory on an ephemeral port of 127.0.0.1. */
export async function startTestIssuer(): Promise<TestIssuer> {
  const keys: SigningKey[] = [await makeSigningKey()];
  let jwks = 0;
  let discovery = 0;
  let issuer = "";
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const base = new URL(issuer).pathname;
    if (req.method === "GET" && path === `${base}/.well-known/openid-configuration`) {
      discovery += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${new URL(issuer).origin}/${DIRECTORY_ID}/discovery/v2.0/keys`,
          id_token_signing_alg_values_supported: ["RS256"],
        })
      );
      return;
    }
    if (req.method === "GET" && path === `/${DIRECTORY_ID}/discovery/v2.0/keys`) {
      jwks += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${DIRECTORY_ID}/v2.0`;

  const self: TestIssuer = {
    issuer,
    current: keys[0],
    jwksFetches: () => jwks,
    discoveryFetches: () => discovery,
    async rotate() {
      const key = await makeSigningKey();
      keys.push(key);
      self.current = key;
      return key;
    },
    async token(options = {}) {
      const user = options.user ?? USERS.invoicer;
      const now = Math.floor(Date.now() / 1000);
      const roles = options.roles ?? user.roles;
      const claims: Record<string, unknown> = {
        iss: issuer,
        aud: AUDIENCE,
        iat: now,
        nbf: now + (options.notBeforeIn ?? 0),
        exp: now + (options.expiresIn ?? 3600),
        tid: DIRECTORY_ID,
        oid: user.oid,
        sub: `sub-${user.oid}`,
        scp: "access_as_user",
        ...(roles ? { roles } : {}),
        preferred_username: user.username,
        name: user.name,
        azp: ADDIN_CLIENT_ID,
        ver: "2.0",
        ...options.claims,
      };
      for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
      const key = options.key ?? self.current;
      return new SignJWT(claims as JWTPayload)
        .setProtectedHeader({ alg: "RS256", typ: options.typ ?? "JWT", kid: key.kid })
        .sign(key.privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}
