/**
 * Reasons: what went wrong below the pane and the functions, as a code and values
 * (`{ code: "cost.noTariff", values: { … } }`), made where the error is made, with no language. The
 * words are chosen where the reason is shown: `reasonText(reason, language)`. English is always
 * here (an error's `message` stays the English sentence); Dutch is a chunk of its own that
 * `loadReasonWords("nl")` loads, so the functions bundle does not carry it (its 60 KB budget).
 * Until it has loaded, a reason reads English.
 */
import { format, numberText, type Language } from "./language";
import { enReasons } from "./reasons-en";
import type {
  FunctionCatalogue,
  MessagePlaceholders,
  PartCatalogue,
  PlaceholderValue,
} from "./types";

/** The English reasons (the reference). */
export type EnglishReasons = typeof enReasons;

/** A reason's code. */
export type ReasonKey = keyof EnglishReasons;

/**
 * A value put into a reason: text (said as it is: ids, references, invoice numbers, codes, amounts
 * of money), a number (written as the reason's language writes numbers: 1.5 in English, 1,5 in
 * Dutch; `numberText`), or another reason said in the same language.
 */
export type ReasonValue = PlaceholderValue | Reason;

/** What went wrong, without words: a code of the reasons catalogue and its values. */
export interface Reason {
  readonly code: ReasonKey;
  readonly values?: Readonly<Record<string, ReasonValue>>;
}

/** The values reason `K` takes: none, or one per placeholder. */
export type ReasonValuesOf<K extends ReasonKey> = [MessagePlaceholders<EnglishReasons[K]>] extends [
  never,
]
  ? []
  : [values: { readonly [P in MessagePlaceholders<EnglishReasons[K]>]: ReasonValue }];

const loaded: Partial<Record<Language, PartCatalogue<EnglishReasons>>> = { en: enReasons };
const loading: Partial<Record<Language, Promise<void>>> = {};
const functionWords: Partial<Record<Language, FunctionCatalogue>> = {};

/** The functions' messages of `language` that came with its chunk (`tf` reads them), if loaded. */
export function loadedFunctionWords(language: Language): FunctionCatalogue | undefined {
  return functionWords[language];
}

/** The reason `code` with `values` (typed from its English text). */
export function reason<K extends ReasonKey>(code: K, ...values: ReasonValuesOf<K>): Reason {
  return values[0] === undefined ? { code } : { code, values: values[0] };
}

/** True when `value` is a reason (also one carried across module copies). */
export function isReason(value: unknown): value is Reason {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { code?: unknown }).code === "string" &&
    Object.prototype.hasOwnProperty.call(enReasons, (value as { code: string }).code)
  );
}

/** How a value reads inside a reason said in `language` (a string always as it is). */
function said(value: ReasonValue, language: Language): string {
  if (isReason(value)) return reasonText(value, language);
  return typeof value === "number" ? numberText(value, language) : value;
}

/**
 * The words of `r` in `language` (English while that language's words have not loaded). Its
 * numbers are written the way the words' language writes them (the language the words are in,
 * English until the Dutch ones have loaded): "binnen 1,5 s", "within 1.5 s".
 */
export function reasonText(r: Reason, language: Language = "en"): string {
  const catalogue = loaded[language];
  const wordsIn: Language = catalogue === undefined ? "en" : language;
  const values: Record<string, PlaceholderValue> = {};
  for (const [name, value] of Object.entries(r.values ?? {})) {
    values[name] = said(value, wordsIn);
  }
  return format(catalogue?.[r.code] ?? enReasons[r.code], values);
}

/** The reason an error carries (`error.reason`), if any. */
export function reasonOf(error: unknown): Reason | undefined {
  const carried =
    typeof error === "object" && error !== null
      ? (error as { reason?: unknown }).reason
      : undefined;
  return isReason(carried) ? carried : undefined;
}

/** The words of the reason `error` carries in `language`, or undefined when it carries none. */
export function reasonWords(error: unknown, language: Language): string | undefined {
  const carried = reasonOf(error);
  return carried === undefined ? undefined : reasonText(carried, language);
}

/** True once `language`'s reasons are here (English always is). */
export function hasReasonWords(language: Language): boolean {
  return loaded[language] !== undefined;
}

/**
 * Loads the words of `language` (Dutch: a lazily loaded chunk, `reasons-nl`, with the reasons and
 * the functions' own messages, dutch-words.ts); English needs nothing. Loads once; a failed load
 * leaves the words English and may be tried again.
 */
export function loadReasonWords(language: Language): Promise<void> {
  if (loaded[language] !== undefined) return Promise.resolve();
  if (language !== "nl") return Promise.resolve();
  loading.nl ??= import(/* webpackChunkName: "reasons-nl" */ "./dutch-words").then(
    (module) => {
      functionWords.nl = module.nlFunctions;
      loaded.nl = module.nlReasons;
    },
    () => {
      loading.nl = undefined;
    }
  );
  return loading.nl;
}
