/**
 * How long the service asks the client to wait before trying again.
 */

/** Minimal view of response headers (fetch `Headers` fits). */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * The non-standard header the live service may send on 429 instead of Retry-After
 * (docs/developers/live-service.md#limits-and-cors).
 */
export const X_RETRY_AFTER_SECONDS = "x-retry-after-seconds";

function parseSeconds(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 1000);
}

/**
 * The wait asked for, in milliseconds, from `Retry-After` (seconds or an HTTP date) or else
 * `x-retry-after-seconds`; a date in the past is 0; undefined when absent or unreadable.
 */
export function parseRetryAfter(
  headers: HeaderReader,
  nowMs: number = Date.now()
): number | undefined {
  const standard = headers.get("retry-after");
  if (standard !== null && standard.trim() !== "") {
    const seconds = parseSeconds(standard);
    if (seconds !== undefined) return seconds;
    const date = Date.parse(standard);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const custom = headers.get(X_RETRY_AFTER_SECONDS);
  if (custom !== null) return parseSeconds(custom);
  return undefined;
}

/** Back-off before retry number `attempt` (1-based) when the service names no wait: 300 ms doubling. */
export function backoffDelay(attempt: number, baseMs = 300, capMs = 10_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
