/**
 * The two failures of the functions' own making (the service's are the client's BillingErrors):
 * a bad argument (`#VALUE!`) and a lookup without exactly one match (`#N/A`). `to-excel-error.ts`
 * turns them into Excel errors with their message.
 */

import { reasonText, type Reason } from "../i18n";

/** A custom function was given an argument it cannot use; shown as `#VALUE!` with the message. */
export class ArgumentError extends Error {
  override name = "ArgumentError" as const;
  /** The message as a code and values (src/i18n reasons), when made from one. */
  readonly reason?: Reason;

  /** @param message - the sentence, or its reason (the message is then its English words) */
  constructor(message: string | Reason) {
    super(typeof message === "string" ? message : reasonText(message));
    if (typeof message !== "string") this.reason = message;
  }
}

/** True when `e` is an {@link ArgumentError}. */
export function isArgumentError(e: unknown): e is ArgumentError {
  return e instanceof ArgumentError || (e instanceof Error && e.name === "ArgumentError");
}

/**
 * The short answer of a formula-bar value preview that has no earlier answer to show (see
 * ./value-preview.ts); shown as `#N/A` with its message, in the preview only.
 */
export class PreviewPlaceholder extends Error {
  override name = "PreviewPlaceholder" as const;
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
