import { currentBaseUrl } from "./connection";
import { toExcelError } from "./to-excel-error";
import { withTimeout } from "./with-timeout";

/**
 * The longest a cell waits for the service. Above the client's own budget (per-request time-out and
 * retries) so that its clearer errors come first; this one only guarantees the cell settles.
 */
export const CALL_TIMEOUT_MS = 60_000;

let timeoutMs = CALL_TIMEOUT_MS;

/** Changes the time-out of every call (tests); no argument restores {@link CALL_TIMEOUT_MS}. */
export function setCallTimeoutMs(ms: number = CALL_TIMEOUT_MS): void {
  timeoutMs = ms;
}

/**
 * Runs the body of a custom function: always settles within the time-out, and any failure becomes
 * the one Excel error {@link toExcelError} gives for it.
 */
export async function settle<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withTimeout(work(), timeoutMs);
  } catch (e) {
    throw toExcelError(e, { baseUrl: currentBaseUrl() });
  }
}
