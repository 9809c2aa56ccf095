/**
 * `t(key, values)`: a message of the catalogue in the language Office shows (Dutch when Office's
 * display language is Dutch, English otherwise; language.ts). The functions use `tf`
 * (function-messages.ts), which carries only their own messages.
 */
import { en } from "./en";
import { nl } from "./nl";
import { currentLanguage, format, type Language } from "./language";
import type { Catalogue, MessageKey, PlaceholderValue, SamePlaceholders, ValuesOf } from "./types";

// A Dutch message whose placeholders differ from the English one fails to compile here.
const nlChecked: SamePlaceholders<typeof nl> = nl;

const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, nl: nlChecked };

/** The catalogue of a language (for tests and for the build's localized functions.json). */
export function catalogueOf(language: Language): Catalogue {
  return CATALOGUES[language];
}

/** The message `key` in the current language, its placeholders filled with `values`. */
export function t<K extends MessageKey>(key: K, ...values: ValuesOf<K>): string {
  return tIn(currentLanguage(), key, ...values);
}

/** The message `key` in `language`. */
export function tIn<K extends MessageKey>(
  language: Language,
  key: K,
  ...values: ValuesOf<K>
): string {
  const message = CATALOGUES[language][key] ?? en[key];
  return format(message, values[0] as Readonly<Record<string, PlaceholderValue>> | undefined);
}

/** True when `key` names a message (for keys read from the page's HTML). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}
