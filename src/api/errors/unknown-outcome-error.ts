import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** Why a create is not simply retried: it may already have been stored. */
export const UNKNOWN_OUTCOME_ADVICE =
  "the outcome is unknown: the invoice may or may not have been created — check for it (by its external reference) before retrying";

/**
 * A create that may have reached the service failed without a definite answer (5xx, time-out,
 * connection cut after sending). It is never retried by the client.
 */
export class UnknownOutcomeError extends BillingError {
  override name = "UnknownOutcomeError" as const;

  constructor(reason: string, details: BillingErrorDetails = {}) {
    super(`${reason}; ${UNKNOWN_OUTCOME_ADVICE}`, details);
  }
}

/** True when `value` is an {@link UnknownOutcomeError}. */
export function isUnknownOutcomeError(value: unknown): value is UnknownOutcomeError {
  return value instanceof UnknownOutcomeError || hasErrorName(value, "UnknownOutcomeError");
}
