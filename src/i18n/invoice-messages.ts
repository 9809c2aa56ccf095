/**
 * The invoice engine's messages (src/invoices: Check's summary and row problems, a run's progress,
 * headline and row messages, the Billing log) in the language the pane passes in. The engine never
 * reads Office's language itself: `sayIn(options.language)`.
 */
import { enInvoices } from "./invoices-en";
import { nlInvoices } from "./invoices-nl";
import type { Language } from "./language";
import { partSayer } from "./part-messages";
import type { EnglishInvoices, SamePlaceholdersAs, Sayer } from "./types";

// A Dutch message whose placeholders differ from the English one fails to compile here.
const nlChecked: SamePlaceholdersAs<EnglishInvoices, typeof nlInvoices> = nlInvoices;

/** The engine's message maker: `say("check.summary", …)`; `say.language` is its language. */
export type Say = Sayer<EnglishInvoices> & { readonly language: Language };

const sayer = (language: Language): Say =>
  Object.assign(partSayer<EnglishInvoices>({ en: enInvoices, nl: nlChecked }, language), {
    language,
  });

const SAYERS: Readonly<Record<Language, Say>> = {
  en: /*#__PURE__*/ sayer("en"),
  nl: /*#__PURE__*/ sayer("nl"),
};

/** The engine's messages in `language` (English when none is given). */
export function sayIn(language: Language = "en"): Say {
  return SAYERS[language] ?? SAYERS.en;
}
