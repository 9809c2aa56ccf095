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
import { currentLanguage, reasonWords, tf } from "../i18n";
import { isArgumentError, isMatchError, PreviewPlaceholder } from "./function-errors";
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
  if (isArgumentError(e)) return excelError(ErrorCode.invalidValue, said(e));
  if (isCostError(e) || isMatchError(e)) return excelError(ErrorCode.notAvailable, said(e));
  if (e instanceof PreviewPlaceholder) return excelError(ErrorCode.notAvailable, e.message);
  const host = hostOf(context.baseUrl);
  if (isCancelledError(e) || (e instanceof Error && e.name === "ExcelCancelledError")) {
    // Excel drops the result of a cancelled formula; the message is for a cancel from elsewhere.
    return excelError(ErrorCode.notAvailable, tf("fn.cancelled"));
  }
  if (isTimeoutError(e)) {
    return excelError(ErrorCode.notAvailable, tf("fn.timeout", { message: e.message }));
  }
  if (isSettingsError(e)) {
    return excelError(ErrorCode.notAvailable, tf("fn.settings", { message: said(e) }));
  }
  // The user's sign-in or role at the company gateway: its plain sentence ("Sign in on the Billing
  // pane (Connection).", "Your account may read but not create invoices; …").
  const userAuth = userAuthAdvice(e, currentLanguage());
  if (userAuth !== undefined) return excelError(ErrorCode.notAvailable, userAuth);
  if (isAuthError(e)) {
    return excelError(ErrorCode.notAvailable, tf("fn.auth", { host }));
  }
  if (isRateLimitError(e)) {
    return excelError(ErrorCode.notAvailable, tf("fn.busy", { host }));
  }
  const gateway = gatewaySignInProblem(e);
  if (gateway !== undefined) {
    return excelError(ErrorCode.notAvailable, tf("fn.gateway", { problem: gateway }));
  }
  if (isUnavailableError(e)) {
    return excelError(ErrorCode.notAvailable, tf("fn.unreachable", { host }));
  }
  if (isNotFoundError(e))
    return excelError(ErrorCode.notAvailable, tf("fn.notFound", { message: said(e) }));
  if (isValidationError(e)) {
    return excelError(ErrorCode.invalidValue, tf("fn.refused", { message: said(e) }));
  }
  if (isUnknownOutcomeError(e) || isBillingError(e)) {
    return excelError(ErrorCode.notAvailable, tf("fn.failed", { message: said(e) }));
  }
  const message = e instanceof Error ? e.message : String(e);
  return excelError(ErrorCode.notAvailable, tf("fn.unexpected", { message }));
}

/**
 * The error's message in the language Office shows: the words of the reason it carries (src/i18n
 * reasons; Dutch once `loadReasonWords` has loaded them), else its message as made.
 */
function said(e: Error): string {
  return reasonWords(e, currentLanguage()) ?? e.message;
}

function excelError(code: CustomFunctions.ErrorCode, message: string): CustomFunctions.Error {
  const text = message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT - 1)}…` : message;
  return new CustomFunctions.Error(code, text);
}

function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl) return tf("fn.configuredAddress");
  try {
    return new URL(baseUrl).host;
  } catch {
    return tf("fn.configuredAddress");
  }
}
