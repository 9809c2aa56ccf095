/** A custom function gave up waiting; the cell shows `#N/A` instead of staying `#BUSY!`. */
import { tf } from "../i18n";
export class TimeoutError extends Error {
  override name = "TimeoutError" as const;
}

/** True when `e` is a {@link TimeoutError}. */
export function isTimeoutError(e: unknown): e is TimeoutError {
  return e instanceof TimeoutError || (e instanceof Error && e.name === "TimeoutError");
}

/**
 * Settles with `work`, or rejects with a {@link TimeoutError} after `ms`, whichever comes first. On
 * a time-out `controller` (the one whose signal `work` runs under) is aborted with that error, so
 * the work's requests stop with the wait instead of going on. The timer is cleared either way.
 */
export async function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  controller?: AbortController
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TimeoutError(tf("fn.timeout.seconds", { seconds: Math.ceil(ms / 1000) }));
      controller?.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
