/**
 * Excel's formula-bar value preview (CustomFunctionsRuntime 1.5: Microsoft 365 on Windows from
 * 2504, on the Mac from 16.96, and the web). While a formula is typed, Excel calls the function to
 * show a value beside the formula bar and says so (`invocation.isInValuePreview`). Such a call
 * never reaches the service: typing `=BILLING.INVOICES(` would spend the service's rate limit on
 * every keystroke. It gets the last answer this session gave for the same function and arguments,
 * or a short placeholder (an `#N/A` that says the value comes on Enter); Excel shows either only
 * in the preview, and calls again when the formula is entered.
 */
import { tf } from "../i18n";
import { PreviewPlaceholder } from "./function-errors";

interface Requirements {
  isSetSupported(name: string, version?: string): boolean;
}

/** True when the host has CustomFunctionsRuntime 1.5, where Excel tells a preview call. */
function valuePreviewKnown(): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: Requirements } } }).Office;
  try {
    return office?.context?.requirements?.isSetSupported("CustomFunctionsRuntime", "1.5") === true;
  } catch {
    return false;
  }
}

/** True when Excel calls for the formula bar's value preview (never on an older runtime). */
export function isValuePreview(invocation: CustomFunctions.Invocation | undefined): boolean {
  if (invocation === undefined || !valuePreviewKnown()) return false;
  // Typed as text in Microsoft's typings, documented as true / false: either is read.
  const flag: unknown = invocation.isInValuePreview;
  return flag === true || (typeof flag === "string" && flag.toLowerCase() === "true");
}

/** One call: the function's Excel name and its arguments (the cache key of a preview). */
export interface CallKey {
  name: string;
  args: readonly unknown[];
}

/** Answers kept for previews: the newest {@link ANSWERS_KEPT}, by function and arguments. */
export const ANSWERS_KEPT = 200;
const answers = new Map<string, unknown>();

function keyOf(call: CallKey): string | undefined {
  try {
    return `${call.name}\u0000${JSON.stringify(call.args)}`;
  } catch {
    return undefined; // arguments that cannot be written (never from Excel): nothing kept
  }
}

/** Keeps a settled answer, so that a preview of the same call can show it. */
export function rememberAnswer(call: CallKey | undefined, value: unknown): void {
  const key = call === undefined ? undefined : keyOf(call);
  if (key === undefined) return;
  answers.delete(key);
  answers.set(key, value);
  if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
}

/** The answer a preview shows: the last one of the same call, else the placeholder (thrown). */
export function previewAnswer<T>(call: CallKey | undefined): T {
  const key = call === undefined ? undefined : keyOf(call);
  if (key !== undefined && answers.has(key)) return answers.get(key) as T;
  throw new PreviewPlaceholder(tf("fn.preview.placeholder"));
}

/** Forgets every kept answer (Refresh, another connection, tests). */
export function forgetAnswers(): void {
  answers.clear();
}
