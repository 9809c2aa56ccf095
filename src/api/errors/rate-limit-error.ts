import { BillingError, hasErrorName } from "./billing-error";
import type { BillingErrorDetails } from "./billing-error";

/**
 * The service kept answering 429 (too many requests) after the retries, or asked to wait longer
 * than the client's wait budget. `retryAfterMs` is the wait the service last asked for, if any.
 */
export class RateLimitError extends BillingError {
  override name = "RateLimitError" as const;
  readonly retryAfterMs?: number;

  constructor(summary: string, details: BillingErrorDetails & { retryAfterMs?: number } = {}) {
    super(summary, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** True when `value` is a {@link RateLimitError}. */
export function isRateLimitError(value: unknown): value is RateLimitError {
  return value instanceof RateLimitError || hasErrorName(value, "RateLimitError");
}
