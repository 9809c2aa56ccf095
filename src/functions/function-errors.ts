/**
 * The two failures of the functions' own making (the service's are the client's BillingErrors):
 * a bad argument (`#VALUE!`) and a lookup without exactly one match (`#N/A`). `to-excel-error.ts`
 * turns them into Excel errors with their message.
 */

/** A custom function was given an argument it cannot use; shown as `#VALUE!` with the message. */
export class ArgumentError extends Error {
  override name = "ArgumentError" as const;
}

/** True when `e` is an {@link ArgumentError}. */
export function isArgumentError(e: unknown): e is ArgumentError {
  return e instanceof ArgumentError || (e instanceof Error && e.name === "ArgumentError");
}

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
