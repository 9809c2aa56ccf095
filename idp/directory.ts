/**
 * The local identity provider's directory: the fixed ids of the identity contract and
 * the demo users. Plain data, so that tests and scripts can import it without loading
 * oidc-provider (ESM-only, never inside jest).
 */
import { BILLING_ROLES, GATEWAY_USER_SCOPE } from "../src/api";

/** The directory (tenant) id, `tid` in every token. */
export const TENANT_ID = "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17";

/** The gateway API's application id: the access token's `aud` (bare GUID, as Entra v2 writes it). */
export const API_APP_ID = "4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34";

/** The gateway API's application id URI: the resource the add-in's scope belongs to. */
export const API_RESOURCE = `api://${API_APP_ID}`;

/** The scope the add-in asks for (msal-browser: `scopes: [API_SCOPE]`). */
export const API_SCOPE = `${API_RESOURCE}/${GATEWAY_USER_SCOPE}`;

/** The add-in's application (a public single-page client: authorization code + PKCE, no secret). */
export const ADDIN_CLIENT_ID = "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13";

/** Its display name on the sign-in page. */
export const ADDIN_CLIENT_NAME = "Billing for Excel";

/** Redirect origin when none is given: the add-in's dev server (`npm start`). */
export const DEFAULT_REDIRECT_ORIGIN = "https://localhost:3000";

/** The port `npm run start:company` uses (simulator 3001, gateway 3002). */
export const DEFAULT_IDP_PORT = 3003;

/** Access token lifetime when `--access-token-ttl` is not given (Entra's default is 60–90 min). */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 3600;

/** The one password of every demo user. A development provider: no real account behind it. */
export const DEMO_PASSWORD = "demo";

/** A person in the demo directory. */
export interface DemoUser {
  /** The sign-in name, `preferred_username`. */
  username: string;
  /** Display name, `name`. */
  name: string;
  /** The stable object id, `oid` (what the gateway logs). */
  oid: string;
  /**
   * The subject, `sub`: in Entra pairwise per application and different from `oid`, so here too —
   * a gateway that logged `sub` as the user would show it at once.
   */
  sub: string;
  /** App roles of the gateway API; empty = no `roles` claim at all, as Entra does. */
  roles: readonly string[];
}

/** The three demo users: one per role, and one with none. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: "riley.reader@contoso.example",
    name: "Riley Reader",
    oid: "3a1f6c2e-8b4d-4e97-a5c0-1d2e3f4a5b61",
    sub: "rR7c4XnQ2b9LkTz1wPq8sVe3JmYdHfGa0UoNiC6xB5E",
    roles: [BILLING_ROLES.read],
  },
  {
    username: "ingrid.invoicer@contoso.example",
    name: "Ingrid Invoicer",
    oid: "9c2e4b7a-1f3d-4a68-b0e5-7c8d9e0f1a22",
    sub: "iI3kLm8Qx2Wv5Bn0Rt7YpZs4Cd9Fg1HjEa6UoTe2Nq",
    roles: [BILLING_ROLES.invoice],
  },
  {
    username: "nora.norole@contoso.example",
    name: "Nora Norole",
    oid: "5e8b1d3c-6a2f-4c09-8e7d-4b5a6c7d8e93",
    sub: "nN5pQr1Sx8Ty3Uv6Wz0Ab4Cd7Ef2Gh9Ij5Kl1Mn8Op",
    roles: [],
  },
];

/** The demo user with this sign-in name (case-insensitive, as Entra), or undefined. */
export function findDemoUser(username: string): DemoUser | undefined {
  const wanted = username.trim().toLowerCase();
  return DEMO_USERS.find((user) => user.username === wanted);
}

/** The demo user with this subject, or undefined. */
export function findDemoUserBySub(sub: string): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.sub === sub);
}

/** The path the provider is mounted at: `/<tid>/v2.0`, shaped like Entra's issuer. */
export const ISSUER_PATH = `/${TENANT_ID}/v2.0`;

/** The issuer (and msal authority) of a provider listening on `port` on this machine. */
export function issuerFor(port: number): string {
  return `https://localhost:${port}${ISSUER_PATH}`;
}

/**
 * The gateway's own app registration (a confidential client): it signs in with a certificate
 * (`private_key_jwt`, RFC 7523) for client-credentials tokens to the billing service, as the
 * gateway does in Entra. Its certificates are given at start (`--service-client-cert`).
 */
export const SERVICE_CLIENT_ID = "c81f4d27-5e9a-4b3c-8d60-2f7a1e9b4c58";

/** The billing service's application id: `aud` of the gateway's client-credentials tokens. */
export const SERVICE_APP_ID = "e3b6a9d1-7c42-4f85-a0d9-5b1c8e2f6a47";

/** The billing service's application id URI. */
export const SERVICE_RESOURCE = `api://${SERVICE_APP_ID}`;

/** What the gateway asks for (GATEWAY_SCOPE): client credentials always ask for `/.default`. */
export const SERVICE_SCOPE = `${SERVICE_RESOURCE}/.default`;
