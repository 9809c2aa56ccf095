/** A custom function gave up waiting; the cell shows `#N/A` instead of staying `#BUSY!`. */
export class TimeoutError extends Error {
  override name = "TimeoutError" as const;
}

/** True when `e` is a {@link TimeoutError}. */
export function isTimeoutError(e: unknown): e is TimeoutError {
  return e instanceof TimeoutError || (e instanceof Error && e.name === "TimeoutError");
}

/**
 * Settles with `work`, or rejects with a {@link TimeoutError} after `ms`, whichever comes first. The
 * timer is cleared either way, so nothing is left running.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new TimeoutError(`The billing service did not answer within ${Math.round(ms / 1000)} s.`)
        ),
      ms
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
