/**
 * The company gateway's (gateway/) own refusal to forward: it could not get a token from Microsoft
 * Entra ID, so nothing reached the service. Its message names the cause and what IT must fix; the
 * add-in shows it as it is instead of "cannot reach the service" (DESIGN.md "Settings and security").
 */
import type { ServiceErrorEntry } from "../types";
import { isBillingError } from "./billing-error";

/** The error key of the gateway's 502 when it has no token (nothing was forwarded). */
export const GATEWAY_TOKEN_FAILED = "GATEWAY_TOKEN_FAILED";

/** True when `entries` carry the gateway's "no token" refusal. */
export function isGatewayTokenRefusal(entries: readonly ServiceErrorEntry[]): boolean {
  return entries.some((e) => (e.key ?? "").toUpperCase() === GATEWAY_TOKEN_FAILED);
}

/** The gateway's own words when `error` is its "no token" refusal; undefined otherwise. */
export function gatewaySignInProblem(error: unknown): string | undefined {
  if (!isBillingError(error) || !isGatewayTokenRefusal(error.entries)) return undefined;
  const entry = error.entries.find((e) => (e.key ?? "").toUpperCase() === GATEWAY_TOKEN_FAILED);
  return (
    entry?.message ??
    "The company gateway could not sign in to the billing service; IT must check its configuration."
  );
}
