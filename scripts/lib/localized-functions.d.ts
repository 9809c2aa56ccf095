/** Types of scripts/lib/localized-functions.js (plain JavaScript, because webpack.config.js requires it). */
import type { Compiler } from "webpack";

/** A function's translated description and its arguments' (by argument name). */
export interface FunctionTranslation {
  description: string;
  parameters?: Record<string, string>;
}

/** Every missing or unknown translation, as sentences (none: complete). */
export function translationProblems(
  metadata: { functions: { id: string; parameters: { name: string }[] }[] },
  translations: Record<string, FunctionTranslation>
): string[];

/** functions.json's text with the translated descriptions; throws on any gap. */
export function localizeFunctionsJson(
  text: string,
  translations: Record<string, FunctionTranslation>
): string;

/** Emits the localized functions.json beside functions.json. */
export class LocalizedFunctionsPlugin {
  constructor(options: { output: string; translationsFile: string });
  apply(compiler: Compiler): void;
}
