/** A custom function was given an argument it cannot use; shown as `#VALUE!` with the message. */
export class ArgumentError extends Error {
  override name = "ArgumentError" as const;
}

/** True when `e` is an {@link ArgumentError}. */
export function isArgumentError(e: unknown): e is ArgumentError {
  return e instanceof ArgumentError || (e instanceof Error && e.name === "ArgumentError");
}
