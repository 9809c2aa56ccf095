/**
 * Client errors → one plain sentence for a row's `message` cell. Never a stack trace, never a
 * header value (the client's errors carry none).
 */
import {
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
import { ENGLISH, type Say } from "./words";

/**
 * The error key the live service answers when an invoice with the same client reference exists
 * (docs/developers/live-service.md#shapes-the-interface-does-not-show; docs/developers/rules.md#invoice-sheet).
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

/** What was being done when an error came: a catalogue key of `act.*` ("create the invoice"). */
export type ErrorAction = Extract<Parameters<Say>[0], `act.${string}`>;

/**
 * One sentence about `error` during `action` ("create the invoice", "approve the invoice", …), in
 * the words of `say`. The service's own words (its error entries) are passed on as they are.
 */
export function describeError(
  error: unknown,
  action: ErrorAction | ActionPhrase,
  say: Say = ENGLISH
): string {
  // The credentials refused: the engine's own sentence; the gateway's refusals keep their words.
  if (isAuthError(error)) return userAuthAdvice(error, say.language) ?? say("row.signIn");
  const phrase = typeof action === "string" ? say(action) : action.phrase;
  return capitalised(describeIn(error, phrase, say));
}

/** An action already in words (an action table's own phrase, "send it"). */
export interface ActionPhrase {
  phrase: string;
}

function describeIn(error: unknown, action: string, say: Say): string {
  if (isValidationError(error)) {
    const words = entriesText(error.entries);
    return words
      ? say("err.refused", { action, words })
      : say("err.refusedStatus", { action, status: error.status ?? 400 });
  }
  if (isNotFoundError(error)) return say("err.notFound", { action });
  if (isRateLimitError(error)) return say("err.busy", { action });
  const gateway = gatewaySignInProblem(error);
  if (gateway !== undefined) return say("err.gateway", { action, problem: gateway });
  if (isUnavailableError(error)) return say("err.unavailable", { action });
  if (isUnknownOutcomeError(error)) return say("err.cut", { action });
  const text = error instanceof Error ? error.message : String(error);
  return say("err.unexpected", { action, text: text.split("\n")[0] });
}

/** The sentence with a capital first letter (a Dutch one may start with its action). */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
