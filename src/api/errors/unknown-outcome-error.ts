import { reason, reasonText, type Reason } from "../../i18n";
import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** Why a create is not simply retried: it may already have been stored. */
export const UNKNOWN_OUTCOME_ADVICE = /*#__PURE__*/ reasonText(reason("api.unknownOutcome"));

/**
 * A create that may have reached the service failed without a definite answer (5xx, time-out,
 * connection cut after sending). It is never retried by the client.
 */
export class UnknownOutcomeError extends BillingError {
  override name = "UnknownOutcomeError" as const;

  /** `why` as a reason (`api.*`) is said with the advice in the shower's language. */
  constructor(why: string | Reason, details: BillingErrorDetails = {}) {
    super(
      typeof why === "string"
        ? `${why}; ${UNKNOWN_OUTCOME_ADVICE}`
        : reason("api.withAdvice", { reason: why, advice: reason("api.unknownOutcome") }),
      details
    );
  }
}

/** True when `value` is an {@link UnknownOutcomeError}. */
export function isUnknownOutcomeError(value: unknown): value is UnknownOutcomeError {
  return value instanceof UnknownOutcomeError || hasErrorName(value, "UnknownOutcomeError");
}
