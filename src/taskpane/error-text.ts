/**
 * Errors in plain words for the pane, shown next to the action that failed. Every text passes
 * through a last-line redaction of the secrets the settings hold, so a token or key that some
 * lower layer echoed still never reaches the page ("Secrets hygiene").
 */
import {
  isAuthError,
  userAuthAdvice,
  isNotFoundError,
  isRateLimitError,
  isResponseFormatError,
  isSettingsError,
  isUnavailableError,
  isUnknownOutcomeError,
  isValidationError,
} from "../api";
import { redactSecrets } from "../api";
import { currentLanguage, reasonWords, t, tIn } from "../i18n";

/** What the pane says on a 401/403 anywhere: what to do, never the token (English; Dutch in nl.ts). */
export const SIGN_IN_FAILED = tIn("en", "error.signInFailed");

/** Longest error text shown; a service may answer with a whole HTML page. */
const MAX_ERROR_TEXT = 400;

/** Context for {@link errorText}. */
export interface ErrorTextContext {
  /** Secret values (token, secret header values) to blank out of any text. */
  secrets?: readonly string[];
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > MAX_ERROR_TEXT ? `${oneLine.slice(0, MAX_ERROR_TEXT - 1)}…` : oneLine;
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === "string") return e;
  return "";
}

function sheetText(e: unknown): string | undefined {
  // src/excel's SheetError is matched by name so this module needs no Office-side import.
  return e instanceof Error && e.name === "SheetError" ? e.message : undefined;
}

/** The error's message in the pane's language: the words of its reason, else its message as made. */
function said(e: Error): string {
  return reasonWords(e, currentLanguage()) ?? e.message;
}

/** The error `e` in plain words for a controller; no stack, no token, no secret header value. */
export function errorText(e: unknown, context: ErrorTextContext = {}): string {
  let text: string;
  if (isAuthError(e)) {
    text = userAuthAdvice(e, currentLanguage()) ?? t("error.signInFailed");
  } else if (isSettingsError(e)) {
    text = t("error.settings", { message: said(e) });
  } else if (isRateLimitError(e)) {
    text = t("error.busy");
  } else if (isUnavailableError(e)) {
    text =
      e.status !== undefined && e.status >= 500
        ? t("error.failedStatus", { status: e.status })
        : t("error.unreachable");
  } else if (isResponseFormatError(e)) {
    text = t("error.notService");
  } else if (isNotFoundError(e)) {
    text = t("error.notFound", { message: said(e) });
  } else if (isValidationError(e)) {
    text = t("error.refused", { message: said(e) });
  } else if (isUnknownOutcomeError(e)) {
    text = said(e);
  } else if (sheetText(e) !== undefined) {
    text = sheetText(e) as string;
  } else {
    const message = messageOf(e);
    text = message === "" ? t("error.unknown") : t("error.unknownWith", { message });
  }
  return clip(redactSecrets(text, context.secrets ?? []));
}
