/** Prefix of the User Timing entries the Excel layer records (read by `npm run bench:sheet`). */
export const TIMING_PREFIX = "billing:";

/**
 * Runs `work` and records how long it took as a User Timing measure `billing:<name>`, so that the
 * browser's profiler and the sheet benchmark see each sheet step. A measure is a few bytes; where
 * the runtime has no `performance.measure`, nothing is recorded.
 */
export async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    globalThis.performance?.measure?.(`${TIMING_PREFIX}${name}`, { start, end: performance.now() });
  }
}
