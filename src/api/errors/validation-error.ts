import type { Reason } from "../../i18n";
import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** The service rejected the input (400, 409, 422); `entries` says why. Nothing was changed. */
export class ValidationError extends BillingError {
  override name = "ValidationError" as const;

  constructor(summary: string | Reason, details: BillingErrorDetails = {}) {
    super(summary, details);
  }
}

/** True when `value` is a {@link ValidationError}. */
export function isValidationError(value: unknown): value is ValidationError {
  return value instanceof ValidationError || hasErrorName(value, "ValidationError");
}
