import {
  isAuthError,
  isCancelledError,
  isNotFoundError,
  isRateLimitError,
  isSettingsError,
  isUnavailableError,
  isUnknownOutcomeError,
  isValidationError,
  isBillingError,
  gatewaySignInProblem,
  userAuthAdvice,
} from "../api";
import { isCostError } from "../costs";
import { isArgumentError, isMatchError } from "./function-errors";
import { isTimeoutError } from "./with-timeout";

/** Longest message handed to Excel; the error tooltip shows little more. */
const MESSAGE_LIMIT = 250;

/** Where the failure happened, for the advice in messages. */
export interface ErrorContext {
  baseUrl?: string;
}

/**
 * Maps any failure of a custom function to the Excel error the controller sees (STYLE.md): a bad
 * argument → `#VALUE!`; not found, no tariff, no match, network, sign-in, time-out → `#N/A`; each
 * with a message that says what is wrong and, where the controller can act, what to do.
 */
export function toExcelError(e: unknown, context: ErrorContext = {}): CustomFunctions.Error {
  const { ErrorCode } = CustomFunctions;
  if (isArgumentError(e)) return excelError(ErrorCode.invalidValue, e.message);
  if (isCostError(e) || isMatchError(e)) return excelError(ErrorCode.notAvailable, e.message);
  const host = hostOf(context.baseUrl);
  if (isCancelledError(e) || (e instanceof Error && e.name === "ExcelCancelledError")) {
    // Excel drops the result of a cancelled formula; the message is for a cancel from elsewhere.
    return excelError(
      ErrorCode.notAvailable,
      "The calculation was cancelled; recalculate to retry."
    );
  }
  if (isTimeoutError(e)) {
    return excelError(
      ErrorCode.notAvailable,
      `${e.message} Check the connection settings, then Refresh.`
    );
  }
  if (isSettingsError(e)) {
    return excelError(
      ErrorCode.notAvailable,
      `${e.message}. Fix them in the task pane, then Refresh.`
    );
  }
  // The user's sign-in or role at the company gateway: its plain sentence ("Sign in on the Billing
  // pane (Connection).", "Your account may read but not create invoices; …").
  const userAuth = userAuthAdvice(e);
  if (userAuth !== undefined) return excelError(ErrorCode.notAvailable, userAuth);
  if (isAuthError(e)) {
    return excelError(
      ErrorCode.notAvailable,
      `Sign-in failed at ${host}: set a valid token and API key in the task pane, then Refresh.`
    );
  }
  if (isRateLimitError(e)) {
    return excelError(
      ErrorCode.notAvailable,
      `The billing service at ${host} is busy (too many requests): wait a minute, then Refresh.`
    );
  }
  const gateway = gatewaySignInProblem(e);
  if (gateway !== undefined) {
    return excelError(ErrorCode.notAvailable, `${gateway} Refresh once IT has fixed it.`);
  }
  if (isUnavailableError(e)) {
    return excelError(
      ErrorCode.notAvailable,
      `Cannot reach the billing service at ${host}: check the connection settings and the network, then Refresh.`
    );
  }
  if (isNotFoundError(e)) return excelError(ErrorCode.notAvailable, `Not found: ${e.message}`);
  if (isValidationError(e)) {
    return excelError(
      ErrorCode.invalidValue,
      `The billing service refused the request: ${e.message}`
    );
  }
  if (isUnknownOutcomeError(e) || isBillingError(e)) {
    return excelError(ErrorCode.notAvailable, `The billing service failed: ${e.message}`);
  }
  const message = e instanceof Error ? e.message : String(e);
  return excelError(ErrorCode.notAvailable, `Unexpected error: ${message}`);
}

function excelError(code: CustomFunctions.ErrorCode, message: string): CustomFunctions.Error {
  const text = message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT - 1)}…` : message;
  return new CustomFunctions.Error(code, text);
}

function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl) return "the configured address";
  try {
    return new URL(baseUrl).host;
  } catch {
    return "the configured address";
  }
}
