/**
 * A minimal stand-in for Excel's `CustomFunctions` global (the Error class and the ErrorCode enum),
 * installed on import so that src/functions runs in Node as it does in Excel.
 */
export enum FakeErrorCode {
  invalidValue = "#VALUE!",
  notAvailable = "#N/A",
  divisionByZero = "#DIV/0!",
  invalidNumber = "#NUM!",
  nullReference = "#NULL!",
  invalidName = "#NAME?",
  invalidReference = "#REF!",
}

/** What `new CustomFunctions.Error(code, message)` gives in Excel: a code and a message. */
export class FakeCustomFunctionsError extends Error {
  constructor(
    readonly code: FakeErrorCode,
    message?: string
  ) {
    super(message);
  }
}

(globalThis as unknown as { CustomFunctions: unknown }).CustomFunctions = {
  Error: FakeCustomFunctionsError,
  ErrorCode: FakeErrorCode,
};

/** The Excel error a promise rejects with (fails the test when it resolves instead). */
export async function excelErrorOf(promise: Promise<unknown>): Promise<FakeCustomFunctionsError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error })
  );
  if (!("error" in outcome))
    throw new Error(`expected an Excel error, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof FakeCustomFunctionsError)) {
    throw new Error(`expected a CustomFunctions.Error, got ${String(outcome.error)}`);
  }
  return outcome.error;
}
