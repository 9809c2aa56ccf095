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

/**
 * The gateway's refusals of the caller (issue 17): the keys of its 401/403/429 answers, shared by the
 * gateway that sends them and the add-in that explains them.
 */
export const GATEWAY_REFUSAL_KEYS = {
  /** 401: no token, or one that is not a valid token of the company's directory: sign in again. */
  signInRequired: "GATEWAY_SIGN_IN_REQUIRED",
  /** 403: a valid user without the app role the operation needs; the message names the role. */
  roleMissing: "GATEWAY_ROLE_MISSING",
  /** 403: an operation the add-in never makes; refused whoever asks. */
  operationNotAllowed: "GATEWAY_OPERATION_NOT_ALLOWED",
  /** 429: this user's own rate at the gateway (GATEWAY_USER_RATE), not the service's. */
  userRateLimited: "GATEWAY_USER_RATE_LIMITED",
} as const;

/** The Entra app roles the gateway knows (DESIGN.md "Identity"). */
export const BILLING_ROLES = {
  /** Costs, lookups, reading invoices. */
  read: "Billing.Read",
  /** Also create, approve, delete a draft, send, credit. */
  invoice: "Billing.Invoice",
} as const;

/** The delegated scope every user token must carry (`scp`). */
export const GATEWAY_USER_SCOPE = "access_as_user";
