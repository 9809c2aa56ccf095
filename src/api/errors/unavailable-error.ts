import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** The service could not be reached or failed (5xx, network failure, time-out), after retries. */
export class UnavailableError extends BillingError {
  override name = "UnavailableError" as const;

  constructor(summary: string, details: BillingErrorDetails = {}) {
    super(summary, details);
  }
}

/** True when `value` is a {@link UnavailableError}. */
export function isUnavailableError(value: unknown): value is UnavailableError {
  return value instanceof UnavailableError || hasErrorName(value, "UnavailableError");
}
