import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/**
 * The caller cancelled the call (its AbortSignal fired: Excel cancelled the formula, or the
 * caller's own time-out ran out). `cause` is the signal's reason.
 */
export class CancelledError extends BillingError {
  override name = "CancelledError" as const;

  constructor(details: BillingErrorDetails = {}) {
    super("The request was cancelled", details);
  }
}

/** True when `value` is a {@link CancelledError}. */
export function isCancelledError(value: unknown): value is CancelledError {
  return value instanceof CancelledError || hasErrorName(value, "CancelledError");
}
