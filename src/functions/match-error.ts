/**
 * A lookup found no record, or more than one, for what it was given; shown as `#N/A` with the
 * message (which says how many matched).
 */
export class MatchError extends Error {
  override name = "MatchError" as const;
}

/** True when `e` is a {@link MatchError}. */
export function isMatchError(e: unknown): e is MatchError {
  return e instanceof MatchError || (e instanceof Error && e.name === "MatchError");
}
