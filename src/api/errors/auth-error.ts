import { reasonText, type Language, type Reason } from "../../i18n";
import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** What a controller should do about a 401/403; it names no token and no key. */
export const AUTH_ADVICE =
  "sign in again, or check the token and the API key in the connection settings";

/**
 * Why the credentials were refused:
 * - `credentials`: the service (or anything but our gateway) answered 401/403;
 * - `sign-in-required`: no user token could be had (not signed in, renewal failed) or the company
 *   gateway refused the one sent (401 `GATEWAY_SIGN_IN_REQUIRED`);
 * - `role-missing`: the gateway knows the user, who lacks the app role (403 `GATEWAY_ROLE_MISSING`);
 * - `operation-not-allowed`: the gateway refuses the operation for everybody (403).
 */
export type AuthProblem =
  "credentials" | "sign-in-required" | "role-missing" | "operation-not-allowed";

/** The plain sentence and the kind of an {@link AuthError} that is not about the service's credentials. */
export interface AuthReason {
  problem: AuthProblem;
  /** One sentence for a controller (a row, a cell, the pane), without the endpoint or entries. */
  advice: string;
  /** The same sentence as a code and values, said in the language of whoever shows it. */
  why?: Reason;
}

/**
 * The service refused the credentials (401) or the access (403), or the company gateway needs a
 * signed-in user. The message says what to do and never contains the token or a secret header value.
 */
export class AuthError extends BillingError {
  override name = "AuthError" as const;
  /** Why: the service's credentials, a missing sign-in, a missing role, an operation refused. */
  readonly problem: AuthProblem;
  /** One plain sentence for a controller: what happened and what to do. */
  readonly advice: string;

  constructor(details: BillingErrorDetails = {}, reason?: AuthReason) {
    const what = details.status === 403 ? "Access was refused" : "Not signed in";
    const advice = reason?.advice ?? `${what} (${details.status ?? 401}): ${AUTH_ADVICE}`;
    super(advice, details);
    this.problem = reason?.problem ?? "credentials";
    this.advice = advice;
    this.reason = reason?.why;
  }
}

/** True when `value` is an {@link AuthError}. */
export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError || hasErrorName(value, "AuthError");
}

/**
 * The plain sentence of an AuthError about the user's sign-in or role (what a row or a cell shows
 * as it is), in `language` (English by default), or undefined for the service's own credential
 * refusal (callers word that one).
 */
export function userAuthAdvice(value: unknown, language: Language = "en"): string | undefined {
  if (!isAuthError(value)) return undefined;
  const e = value as Partial<AuthError>;
  if (e.problem === undefined || e.problem === "credentials") return undefined;
  return e.reason !== undefined ? reasonText(e.reason, language) : e.advice;
}
