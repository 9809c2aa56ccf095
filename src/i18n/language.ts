/**
 * Which language messages are made in: Dutch when Office's display language is Dutch, English
 * otherwise. Pure: the caller says where the display language comes from (`useDisplayLanguage`,
 * given `Office.context.displayLanguage` by the pane and the functions), so this layer never
 * touches Office. Also the filling of `{placeholders}`, shared by both catalogues.
 */
import type { Message, PlaceholderValue } from "./types";

/** The languages the add-in speaks. */
export const LANGUAGES = ["en", "nl"] as const;
export type Language = (typeof LANGUAGES)[number];

/** "nl-NL", "nl-BE", "nl" → Dutch; anything else (or nothing) → English. */
export function languageOf(displayLanguage: string | null | undefined): Language {
  return typeof displayLanguage === "string" && /^nl(-|_|$)/i.test(displayLanguage.trim())
    ? "nl"
    : "en";
}

let readDisplayLanguage: () => string | null | undefined = () => undefined;

/**
 * Where the display language comes from: read at every message, so a message made before Office
 * is ready, and one made after, each speak the language Office shows then.
 */
export function useDisplayLanguage(read: () => string | null | undefined): void {
  readDisplayLanguage = read;
}

/** The language messages are made in now. */
export function currentLanguage(): Language {
  try {
    return languageOf(readDisplayLanguage());
  } catch {
    return "en";
  }
}

const NUMBER_LOCALES: Readonly<Record<Language, string>> = { en: "en-US", nl: "nl-NL" };

/**
 * A number as `language` writes it: 4,000 and 1.5 in English, 4.000 and 1,5 in Dutch. Every digit
 * of the number is kept (its shortest exact form, as `String(n)` has it; nothing is rounded). The
 * one number formatter of the words: the engine's counts (src/invoices words.ts `whole`) and the
 * numbers put into reasons (`reasonText`). Text that only looks like a number (an id, a reference,
 * an invoice number, a code, an amount of money) is a string and never comes here.
 */
export function numberText(n: number, language: Language): string {
  return n.toLocaleString(NUMBER_LOCALES[language] ?? NUMBER_LOCALES.en, {
    maximumFractionDigits: 20,
  });
}

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
function fill(
  text: string,
  values: Readonly<Record<string, PlaceholderValue>> | undefined
): string {
  if (!values) return text;
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole
  );
}

/** The text of a message for its values (a plural message chooses by `count`). */
export function format(
  message: Message,
  values?: Readonly<Record<string, PlaceholderValue>>
): string {
  if (typeof message === "string") return fill(message, values);
  const count = Number(values?.count);
  return fill(count === 1 ? message.one : message.other, values);
}
