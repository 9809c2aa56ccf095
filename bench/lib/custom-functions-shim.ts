/**
 * The part of Excel's `CustomFunctions` global the functions module needs (the Error class and the
 * ErrorCode enum), so that the benchmark runs the real functions in Node.
 */
const ErrorCode = { invalidValue: "#VALUE!", notAvailable: "#N/A" } as const;

class CustomFunctionsError extends Error {
  constructor(
    readonly code: string,
    message?: string
  ) {
    super(message);
  }
}

(globalThis as unknown as { CustomFunctions: unknown }).CustomFunctions = {
  Error: CustomFunctionsError,
  ErrorCode,
};
