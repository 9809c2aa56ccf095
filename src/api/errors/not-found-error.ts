import type { Reason } from "../../i18n";
import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** The thing asked for does not exist (404). */
export class NotFoundError extends BillingError {
  override name = "NotFoundError" as const;

  constructor(summary: string | Reason, details: BillingErrorDetails = {}) {
    super(summary, details);
  }
}

/** True when `value` is a {@link NotFoundError}. */
export function isNotFoundError(value: unknown): value is NotFoundError {
  return value instanceof NotFoundError || hasErrorName(value, "NotFoundError");
}
