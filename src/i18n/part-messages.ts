/**
 * A part of the catalogue said in a language given by the caller: the invoice engine's messages
 * (`sayIn`) and the service layers' (`serviceSayIn`). Each part is its own pair of files, so a
 * bundle carries only the parts it says (the functions bundle's 60 KB budget).
 */
import { format, type Language } from "./language";
import type { Message, PlaceholderValue, Sayer } from "./types";

/** The sayer of `language` over `catalogues` (English fills any gap). */
export function partSayer<E extends Readonly<Record<string, Message>>>(
  catalogues: Readonly<Record<Language, Readonly<Record<keyof E, Message>>>>,
  language: Language
): Sayer<E> {
  const chosen = catalogues[language] ?? catalogues.en;
  return (key, ...values) =>
    format(
      chosen[key] ?? catalogues.en[key],
      values[0] as Readonly<Record<string, PlaceholderValue>> | undefined
    );
}
