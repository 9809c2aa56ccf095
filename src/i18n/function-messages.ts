/**
 * `tf(key, values)`: a custom function's message (`fn.*`) in the language Office shows. The same
 * words as `t` gives for these keys, from the functions' own part of the catalogue only
 * (functions-en.ts, functions-nl.ts), so the functions bundle stays small: English is here, Dutch
 * comes with the Dutch reasons in their lazily loaded chunk (`loadReasonWords("nl")`, dutch-words.ts);
 * until it has loaded, `tf` says English.
 */
import { enFunctions } from "./functions-en";
import { currentLanguage, format, type Language } from "./language";
import { loadedFunctionWords } from "./reasons";
import type {
  EnglishFunctions,
  FunctionCatalogue,
  FunctionMessageKey,
  MessagePlaceholders,
  PlaceholderValue,
  ValuesIn,
} from "./types";

/** Checks the Dutch function messages' placeholders against English (a type error otherwise). */
export type SameFunctionPlaceholders<T extends FunctionCatalogue> = {
  readonly [K in FunctionMessageKey]: [MessagePlaceholders<T[K]>] extends [
    MessagePlaceholders<EnglishFunctions[K]>,
  ]
    ? [MessagePlaceholders<EnglishFunctions[K]>] extends [MessagePlaceholders<T[K]>]
      ? T[K]
      : "placeholders differ from English"
    : "placeholders differ from English";
};

/** The functions' words of `language`: English here, another once its chunk has loaded. */
function wordsOf(language: Language): FunctionCatalogue | undefined {
  return language === "en" ? enFunctions : loadedFunctionWords(language);
}

/** The function message `key` in the current language, its placeholders filled with `values`. */
export function tf<K extends FunctionMessageKey>(
  key: K,
  ...values: ValuesIn<EnglishFunctions, K>
): string {
  const message = wordsOf(currentLanguage())?.[key] ?? enFunctions[key];
  return format(message, values[0] as Readonly<Record<string, PlaceholderValue>> | undefined);
}
