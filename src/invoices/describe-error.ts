/**
 * Client errors → one plain sentence for a row's `message` cell. Never a stack trace, never a
 * header value (the client's errors carry none).
 */
import {
  AUTH_ADVICE,
  isAuthError,
  isNotFoundError,
  isRateLimitError,
  isUnavailableError,
  isUnknownOutcomeError,
  isValidationError,
  gatewaySignInProblem,
  userAuthAdvice,
} from "../api";
import type { ServiceErrorEntry } from "../api";

/**
 * The error key the live service answers when an invoice with the same client reference exists
 * (REAL-SERVICE.md, "Shapes the interface does not show"; DESIGN.md "Invoice sheet").
 */
export const INVOICE_ALREADY_EXISTS = "INVOICE_ALREADY_EXISTS";

/** True when a refused create says the invoice exists already. */
export function isAlreadyExists(error: unknown): boolean {
  return (
    isValidationError(error) &&
    error.entries.some((e) => (e.key ?? "").toUpperCase() === INVOICE_ALREADY_EXISTS)
  );
}

/** The service's own words of its error entries: "customerId … does not exist; …". */
export function entriesText(entries: readonly ServiceErrorEntry[]): string {
  const texts = entries
    .map((e) => (e.message && e.message.trim() !== "" ? e.message.trim() : (e.key ?? "").trim()))
    // The sentence gets its own full stop: "required." would end in "..".
    .map((t) => t.replace(/[.\s]+$/, ""))
    .filter((t) => t !== "");
  return [...new Set(texts)].join("; ");
}

/** What to tell a controller when the credentials are refused. */
export const SIGN_IN_MESSAGE = `The billing service refused the credentials: ${AUTH_ADVICE}, then run again.`;

/**
 * One sentence about `error` during `action` ("create the invoice", "approve the invoice", …).
 */
export function describeError(error: unknown, action: string): string {
  if (isValidationError(error)) {
    const words = entriesText(error.entries);
    return `The billing service refused to ${action}${words ? `: ${words}` : ` (HTTP ${error.status ?? 400})`}.`;
  }
  if (isAuthError(error)) return userAuthAdvice(error) ?? SIGN_IN_MESSAGE;
  if (isNotFoundError(error))
    return `Could not ${action}: the billing service does not know it (not found).`;
  if (isRateLimitError(error))
    return `Could not ${action}: the billing service is busy (too many requests).`;
  const gateway = gatewaySignInProblem(error);
  if (gateway !== undefined) return `Could not ${action}: ${gateway}`;
  if (isUnavailableError(error))
    return `Could not ${action}: the billing service could not be reached or did not answer in time.`;
  if (isUnknownOutcomeError(error))
    return `The connection broke while trying to ${action}; the outcome is unknown.`;
  const text = error instanceof Error ? error.message : String(error);
  return `Could not ${action}: unexpected problem (${text.split("\n")[0]}).`;
}
