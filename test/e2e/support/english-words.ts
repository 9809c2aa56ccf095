/**
 * Words only English has: the deny-list of the Dutch pane's test. Built from the catalogue: every
 * word of an English message (src/i18n/en.ts, with the engine's and the functions' messages) that
 * no Dutch message (nl.ts) uses, leaving out what is no English word — placeholders, ids and
 * column names (`invoiceRef`, `#customerName`), codes (`#VALUE!`, `VF2026`), product names — and
 * words under 3 letters ("in", "of", "is" are Dutch too). A text on the Dutch pane that holds
 * one of these words is English the translation missed.
 */
import { en } from "../../../src/i18n/en";
import { nl } from "../../../src/i18n/nl";

/** Names that stay as they are in every language. */
const NAMES = new Set([
  "billing",
  "excel",
  "office",
  "microsoft",
  "entra",
  "fluent",
  "windows",
  "mac",
  "json",
  "simulator",
]);

/** The texts of a catalogue's messages (a plural message gives both forms). */
function textsOf(catalogue: Record<string, unknown>): string[] {
  return Object.values(catalogue).flatMap((m) =>
    typeof m === "string"
      ? [m]
      : typeof m === "object" && m !== null
        ? Object.values(m).filter((v): v is string => typeof v === "string")
        : []
  );
}

/** The plain words of `text`, lower case: no placeholders, ids, column names or codes. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/\{[^}]*\}/g, " ")
    .replace(/`[^`]*`/g, " ")
    .split(/\s+/)
    .filter((token) => !/[0-9#_/@=]|\p{Ll}\p{Lu}|^\p{Lu}{2,}/u.test(token))
    .flatMap((token) => token.split(/[^\p{L}]+/u))
    .filter((w) => w.length >= 3)
    .map((w) => w.toLowerCase());
}

/** Every word of an English message that no Dutch message has: the deny-list. */
export function englishOnlyWords(): Set<string> {
  const dutch = new Set(textsOf(nl).flatMap(wordsOf));
  return new Set(
    textsOf(en)
      .flatMap(wordsOf)
      .filter((w) => !dutch.has(w) && !NAMES.has(w))
  );
}

/** `text`'s words that are on the deny-list, in the order they come. */
export function englishIn(text: string, deny: ReadonlySet<string>): string[] {
  return wordsOf(text).filter((w) => deny.has(w));
}
