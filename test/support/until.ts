/**
 * Waits for something asynchronous that a test cannot await directly (a handler that talks to the
 * service, a page in Chromium): the one `until` of the test suites.
 */

export interface UntilOptions {
  /** Named in the error when the wait runs out ("timed out waiting for <what>"). */
  what?: string;
  /** How long to wait at most; generous, so that a loaded machine does not fail a test. */
  timeoutMs?: number;
  /** How often to look again. */
  everyMs?: number;
}

/**
 * Resolves as soon as `check` holds (looked at every `everyMs`, default 10 ms); rejects with
 * "timed out waiting for …" after `timeoutMs` (default 15 s). A string is taken as `what`.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  options: UntilOptions | string = {}
): Promise<void> {
  const {
    what = "a condition",
    timeoutMs = 15_000,
    everyMs = 10,
  } = typeof options === "string" ? { what: options } : options;
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
