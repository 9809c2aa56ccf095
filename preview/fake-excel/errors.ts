/**
 * Errors as Excel's JavaScript API raises them: an `Error` whose `code` names the failure
 * (`PropertyNotLoaded`, `ItemNotFound`, `InvalidArgument`, ...), so code that checks `e.code` behaves
 * the same in the preview as in Excel.
 */

/** Excel's error codes that the preview raises. */
export type FakeErrorCode =
  | "PropertyNotLoaded"
  | "ItemNotFound"
  | "ItemAlreadyExists"
  | "InvalidArgument"
  | "InvalidOperation"
  | "InvalidSelection"
  | "InvalidRequestContext"
  | "ResponsePayloadSizeLimitExceeded"
  | "NotImplemented"
  | "ApiNotFound"
  | "RequestPayloadSizeLimitExceeded"
  | "RangeExceedsLimit";

/** An Excel API error (`OfficeExtension.Error`'s shape: name, code, message, debugInfo). */
export class FakeExcelError extends Error {
  override name = "RichApi.Error" as const;
  readonly debugInfo: { code: string; message: string; errorLocation?: string };

  constructor(
    readonly code: FakeErrorCode,
    message: string,
    errorLocation?: string
  ) {
    super(message);
    this.debugInfo = { code, message, ...(errorLocation ? { errorLocation } : {}) };
  }
}

/** Excel's message for reading a property that was not loaded and synced. */
export function propertyNotLoaded(typeName: string, property: string): FakeExcelError {
  return new FakeExcelError(
    "PropertyNotLoaded",
    `The property '${property}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
    `${typeName}.${property}`
  );
}

/** A call the preview's small host does not implement: said plainly, so it is added, not hidden. */
export function notImplemented(what: string): FakeExcelError {
  return new FakeExcelError(
    "NotImplemented",
    `${what} is not implemented by the preview's Excel host (preview/fake-excel).`,
    what
  );
}
