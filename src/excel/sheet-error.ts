/** Why a selection cannot be read as invoice rows; the task pane shows `message` as it is. */
export type SheetErrorCode =
  | "empty-selection"
  | "no-data"
  | "no-header"
  | "duplicate-header"
  | "no-rows"
  | "two-tables"
  | "outside-data";

/**
 * A problem with what the user selected or with the shape of the sheet, said in plain words for a
 * controller ("Select the rows…"), never an Excel stack trace.
 */
export class SheetError extends Error {
  override name = "SheetError" as const;
  readonly code: SheetErrorCode;

  constructor(code: SheetErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** True for a {@link SheetError}, also across bundles (compares `name`). */
export function isSheetError(e: unknown): e is SheetError {
  return e instanceof SheetError || (e instanceof Error && e.name === "SheetError");
}
