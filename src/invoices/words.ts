/**
 * The engine's words: every message src/invoices makes comes from the catalogue
 * (src/i18n, invoices-en.ts / invoices-nl.ts) in the language the caller passes in
 * (`PlanOptions.language`, `EngineOptions.language`). Office's language is never read here.
 */
import { numberText, sayIn, type Language, type Say } from "../i18n";

export type { Language, Say };
export { sayIn };

/** English: what a caller that names no language gets. */
export const ENGLISH: Say = /*#__PURE__*/ sayIn("en");

/** "a", "a and b", "a, b and c" in the words of `say`. */
export function listed(items: readonly string[], say: Say): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : say("check.list", { list: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

/** A whole number as the language writes it (4,000 in English, 4.000 in Dutch). */
export function whole(n: number, say: Say): string {
  return numberText(n, say.language);
}

/** An exact decimal ("1234.56") as the language writes it (1234,56 in Dutch); digits unchanged. */
export function money(text: string, say: Say): string {
  return say.language === "nl" ? text.replace(".", ",") : text;
}
