/**
 * Money as decimal text, so that the cost rules can sum it exactly with big.js.
 */
import { malformed } from "./read-fields";

/** Plain or exponent decimal notation, as JSON numbers and String(number) produce. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The decimal text of an amount sent as a JSON number (`String(n)`) or as text; undefined when
 * absent; a ResponseFormatError for NaN, infinities or text that is not a decimal number.
 */
export function toDecimalText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) malformed(what, "is not a finite number");
    return String(value);
  }
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (!DECIMAL.test(trimmed)) malformed(what, "is not a decimal number");
    return trimmed.replace(/^\+/, "");
  }
  return malformed(what, "should be a decimal number");
}
