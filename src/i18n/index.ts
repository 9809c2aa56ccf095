/**
 * The message catalogue (issue 29 item 6): every word the pane and the functions show, in English
 * (en.ts) and Dutch (nl.ts). Pure — no Office, no DOM; any layer may use it.
 * How to add a message: docs/developers/messages.md.
 */
export {
  LANGUAGES,
  catalogueOf,
  currentLanguage,
  format,
  isMessageKey,
  languageOf,
  t,
  tIn,
  useDisplayLanguage,
} from "./messages";
export type { Language } from "./messages";
export type { Catalogue, Message, MessageKey, PluralMessage, ValuesOf } from "./types";
