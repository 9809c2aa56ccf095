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
