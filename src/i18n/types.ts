/**
 * The message catalogue's types: a message is a text with `{name}` placeholders, or a pair of texts
 * for one and for several (`{count}` then chooses). English (en.ts) is the reference: every other
 * language has the same keys, and each message the same placeholders (a type error otherwise, and
 * test/unit/i18n/catalogue.test.ts checks the same at run time).
 */
import type { en } from "./en";
import type { enFunctions } from "./functions-en";
import type { enInvoices } from "./invoices-en";

/** A message that depends on a count: `one` for 1, `other` for every other count. */
export interface PluralMessage {
  readonly one: string;
  readonly other: string;
}

/** One message of a catalogue. */
export type Message = string | PluralMessage;

/** The English catalogue's shape, the reference. */
export type English = typeof en;

/** Every message's key. */
export type MessageKey = keyof English;

/** The functions' English messages (a part of English, carried alone by the functions bundle). */
export type EnglishFunctions = typeof enFunctions;

/** A function message's key (`fn.*`). */
export type FunctionMessageKey = keyof EnglishFunctions;

/** The functions' messages of another language. */
export type FunctionCatalogue = {
  readonly [K in FunctionMessageKey]: EnglishFunctions[K] extends PluralMessage
    ? PluralMessage
    : string;
};

/** The invoice engine's English messages (`check.*`, `run.*`, …: src/invoices says them). */
export type EnglishInvoices = typeof enInvoices;

/** An engine message's key. */
export type InvoiceMessageKey = keyof EnglishInvoices;

/** Another language's version of an English part catalogue `E`: same keys, same kinds. */
export type PartCatalogue<E> = {
  readonly [K in keyof E]: E[K] extends PluralMessage ? PluralMessage : string;
};

/** A catalogue of another language: the same keys, the same kind (text or plural) for each. */
export type Catalogue = {
  readonly [K in MessageKey]: English[K] extends PluralMessage ? PluralMessage : string;
};

/** The placeholder names of a text: "{count} of {total}" gives "count" | "total". */
export type PlaceholdersOf<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** The placeholder names of a message (a plural message always takes `count`). */
export type MessagePlaceholders<M> = M extends string
  ? PlaceholdersOf<M>
  : M extends PluralMessage
    ? PlaceholdersOf<M["one"]> | PlaceholdersOf<M["other"]> | "count"
    : never;

/** What a placeholder may be given. */
export type PlaceholderValue = string | number;

/** The values message `K` of catalogue `C` takes: none, or one per placeholder (no more, no fewer). */
export type ValuesIn<C, K extends keyof C> = [MessagePlaceholders<C[K]>] extends [never]
  ? []
  : [values: { readonly [P in MessagePlaceholders<C[K]>]: PlaceholderValue }];

/** The values a message takes. */
export type ValuesOf<K extends MessageKey> = ValuesIn<English, K>;

/**
 * Checks a literal catalogue against English: a message whose placeholders differ becomes the
 * type "placeholders differ from English", so assigning the catalogue to this type fails at that key.
 */
export type SamePlaceholders<T extends Catalogue> = {
  readonly [K in MessageKey]: [MessagePlaceholders<T[K]>] extends [MessagePlaceholders<English[K]>]
    ? [MessagePlaceholders<English[K]>] extends [MessagePlaceholders<T[K]>]
      ? T[K]
      : "placeholders differ from English"
    : "placeholders differ from English";
};

/** {@link SamePlaceholders} for a part catalogue `T` of English part `E`. */
export type SamePlaceholdersAs<E, T extends PartCatalogue<E>> = {
  readonly [K in keyof E]: [MessagePlaceholders<T[K]>] extends [MessagePlaceholders<E[K]>]
    ? [MessagePlaceholders<E[K]>] extends [MessagePlaceholders<T[K]>]
      ? T[K]
      : "placeholders differ from English"
    : "placeholders differ from English";
};

/**
 * A message maker of one language over an English part catalogue `E` (the engine's `say`): the
 * language is chosen by whoever makes it (the pane), never read here.
 */
export type Sayer<E> = <K extends keyof E>(key: K, ...values: ValuesIn<E, K>) => string;
