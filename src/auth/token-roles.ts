/**
 * The app roles an access token carries (its `roles` claim, Entra app roles), read from the token's
 * payload so the pane knows before it offers Create, Approve, Send or Credit whether the gateway
 * would let this account do them. Display only: the gateway checks the signed token.
 */

/** The token's `roles` (possibly none); undefined when the token is not a readable JWT. */
export function rolesOfToken(token: string): string[] | undefined {
  const payload = token.split(".")[1];
  if (payload === undefined || payload === "") return undefined;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")), (c) =>
        c.charCodeAt(0)
      )
    );
    const claims = JSON.parse(json) as { roles?: unknown };
    if (!Array.isArray(claims.roles)) return [];
    return claims.roles.filter((r): r is string => typeof r === "string");
  } catch {
    return undefined;
  }
}
