/**
 * The preview's own words (its header, grid, lists and alerts, the messages Excel itself gives a
 * cell) in the display language of `preview.html?lang=` (Dutch or English; English elsewhere, as
 * in a test without a page address). The words are the catalogue's `preview.*` messages.
 */
import { languageOf, tIn, type Language, type MessageKey, type ValuesOf } from "../src/i18n";

/** The display language the page was opened with. */
export function previewLanguage(): Language {
  const search = typeof location === "undefined" ? "" : location.search;
  return languageOf(new URLSearchParams(search).get("lang"));
}

/** The preview's message `key` in its display language. */
export function previewSay<K extends MessageKey>(key: K, ...values: ValuesOf<K>): string {
  return tIn(previewLanguage(), key, ...values);
}
