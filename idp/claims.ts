/**
 * Entra-shaped claims for the local identity provider's tokens (pure functions, unit-tested).
 *
 * oidc-provider writes RFC 9068 access tokens (`scope`, `client_id`); Entra v2 writes `scp` (the
 * delegated scopes without the `api://…/` prefix), `roles`, `oid`, `tid`, `azp`, `ver`. The gateway
 * must work against Entra, so the local tokens carry Entra's claims and not the RFC ones (see
 * `withoutRfc9068Claims`): a gateway reading `scope` would fail here as it would in production.
 */
import { API_RESOURCE, TENANT_ID, type DemoUser } from "./directory";

/** The claims of an access token for the gateway API, beyond iss/aud/sub/exp/iat/jti. */
export interface EntraAccessTokenClaims {
  /** Space-separated delegated scopes, without the resource prefix (`access_as_user`). */
  scp?: string;
  /** App roles; absent when the user has none (Entra omits the claim). */
  roles?: string[];
  oid: string;
  tid: string;
  preferred_username: string;
  name: string;
  /** The client the token was issued to (the add-in). */
  azp: string;
  ver: "2.0";
}

/**
 * `scp` from a granted scope string: the scopes of the gateway API (`api://<app id>/x` → `x`);
 * OpenID scopes (`openid`, `profile`, `offline_access`) and other resources' scopes are left out,
 * as Entra does. Undefined when none is left (Entra then writes no `scp`).
 */
export function scpFromScope(scope: string | undefined): string | undefined {
  const prefix = `${API_RESOURCE}/`;
  const names = (scope ?? "")
    .split(" ")
    .filter((s) => s.startsWith(prefix) && s.length > prefix.length)
    .map((s) => s.slice(prefix.length));
  return names.length > 0 ? [...new Set(names)].join(" ") : undefined;
}

/** The Entra claims of an access token issued to `clientId` for `user` with the granted `scope`. */
export function accessTokenClaims(
  user: DemoUser,
  clientId: string,
  scope: string | undefined
): EntraAccessTokenClaims {
  const claims: EntraAccessTokenClaims = {
    oid: user.oid,
    tid: TENANT_ID,
    preferred_username: user.username,
    name: user.name,
    azp: clientId,
    ver: "2.0",
  };
  const scp = scpFromScope(scope);
  if (scp !== undefined) claims.scp = scp;
  if (user.roles.length > 0) claims.roles = [...user.roles];
  return claims;
}

/** The user's claims for the ID token and userinfo, keyed as Entra's v2 ID tokens. */
export function userClaims(user: DemoUser): Record<string, string> {
  return {
    sub: user.sub,
    oid: user.oid,
    tid: TENANT_ID,
    name: user.name,
    preferred_username: user.username,
    ver: "2.0",
  };
}

/**
 * An access token payload with the RFC 9068 claims Entra does not write removed (`scope`,
 * `client_id`), and `nbf` set to `iat` as Entra does.
 */
export function withoutRfc9068Claims(payload: Record<string, unknown>): Record<string, unknown> {
  const { scope: _scope, client_id: _clientId, ...rest } = payload;
  if (typeof rest.iat === "number" && rest.nbf === undefined) rest.nbf = rest.iat;
  return rest;
}
