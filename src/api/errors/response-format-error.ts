import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/** The service answered, but not in a shape the client understands (not JSON, missing id, wrong types). */
export class ResponseFormatError extends BillingError {
  override name = "ResponseFormatError" as const;

  constructor(summary: string, details: BillingErrorDetails = {}) {
    super(summary, details);
  }
}

/** True when `value` is a {@link ResponseFormatError}. */
export function isResponseFormatError(value: unknown): value is ResponseFormatError {
  return value instanceof ResponseFormatError || hasErrorName(value, "ResponseFormatError");
}
