/**
 * `tf(key, values)`: a custom function's message (`fn.*`) in the language Office shows. The same
 * words as `t` gives for these keys, from the functions' own part of the catalogue only
 * (functions-en.ts, functions-nl.ts), so the functions bundle stays small.
 */
import { enFunctions } from "./functions-en";
import { nlFunctions } from "./functions-nl";
import { currentLanguage, format, type Language } from "./language";
import type {
  EnglishFunctions,
  FunctionCatalogue,
  FunctionMessageKey,
  MessagePlaceholders,
  PlaceholderValue,
  ValuesIn,
} from "./types";

/** Checks the Dutch function messages' placeholders against English (a type error otherwise). */
type SameFunctionPlaceholders<T extends FunctionCatalogue> = {
  readonly [K in FunctionMessageKey]: [MessagePlaceholders<T[K]>] extends [
    MessagePlaceholders<EnglishFunctions[K]>,
  ]
    ? [MessagePlaceholders<EnglishFunctions[K]>] extends [MessagePlaceholders<T[K]>]
      ? T[K]
      : "placeholders differ from English"
    : "placeholders differ from English";
};

const nlChecked: SameFunctionPlaceholders<typeof nlFunctions> = nlFunctions;

const FUNCTION_CATALOGUES: Readonly<Record<Language, FunctionCatalogue>> = {
  en: enFunctions,
  nl: nlChecked,
};

/** The function message `key` in the current language, its placeholders filled with `values`. */
export function tf<K extends FunctionMessageKey>(
  key: K,
  ...values: ValuesIn<EnglishFunctions, K>
): string {
  const message = FUNCTION_CATALOGUES[currentLanguage()][key] ?? enFunctions[key];
  return format(message, values[0] as Readonly<Record<string, PlaceholderValue>> | undefined);
}
