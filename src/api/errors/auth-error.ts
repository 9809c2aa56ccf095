import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** What a controller should do about a 401/403; it names no token and no key. */
export const AUTH_ADVICE =
  "sign in again, or check the token and the API key in the connection settings";

/**
 * The service refused the credentials (401) or the access (403). The message says what to do and
 * never contains the token or a secret header value.
 */
export class AuthError extends BillingError {
  override name = "AuthError" as const;

  constructor(details: BillingErrorDetails = {}) {
    const what = details.status === 403 ? "Access was refused" : "Not signed in";
    super(`${what} (${details.status ?? 401}): ${AUTH_ADVICE}`, details);
  }
}

/** True when `value` is an {@link AuthError}. */
export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError || hasErrorName(value, "AuthError");
}
