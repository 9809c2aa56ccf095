/**
 * The message catalogue: every word the pane and the functions show, in English
 * (en.ts) and Dutch (nl.ts). Pure — no Office, no DOM; any layer may use it.
 * How to add a message: docs/developers/messages.md.
 */
export {
  LANGUAGES,
  currentLanguage,
  format,
  languageOf,
  numberText,
  useDisplayLanguage,
} from "./language";
export type { Language } from "./language";
export { catalogueOf, isMessageKey, t, tIn } from "./messages";
export { tf } from "./function-messages";
export { sayIn } from "./invoice-messages";
export type { Say } from "./invoice-messages";
export type {
  Catalogue,
  FunctionMessageKey,
  InvoiceMessageKey,
  Message,
  MessageKey,
  PluralMessage,
  ValuesOf,
} from "./types";
export {
  hasReasonWords,
  isReason,
  loadReasonWords,
  reason,
  reasonOf,
  reasonText,
  reasonWords,
} from "./reasons";
export type { Reason, ReasonKey, ReasonValue } from "./reasons";
