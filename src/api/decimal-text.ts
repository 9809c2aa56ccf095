/**
 * Money as decimal text, so that the cost rules can sum it exactly with big.js. The one decimal
 * pattern of the add-in: what the client accepts from the service is what the cost rules price.
 */
import Big from "big.js";
import { malformed } from "./read-fields";

/**
 * Decimal text as big.js reads it exactly: an optional minus, digits with an optional fraction, an
 * optional exponent ("12", "-3.5", "0.0425", "1e-7"). "5." and ".5" are decimals too: big.js reads
 * them, and a service that writes its amounts as text may send them.
 */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** True when `text` (trimmed) is decimal text big.js reads exactly. */
export function isDecimalText(text: unknown): text is string {
  return typeof text === "string" && DECIMAL.test(text.trim());
}

/**
 * The decimal text of an amount sent as a JSON number (`String(n)`) or as text; undefined when
 * absent; a ResponseFormatError for NaN, infinities or text that is not a decimal number. A leading
 * "+" is dropped ("+5" is 5).
 */
export function toDecimalText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) malformed(what, "is not a finite number");
    return String(value);
  }
  if (typeof value === "string") {
    const unsigned = value.trim().replace(/^\+(?=[\d.])/, "");
    if (!isDecimalText(unsigned)) malformed(what, "is not a decimal number");
    return unsigned;
  }
  return malformed(what, "should be a decimal number");
}

/**
 * An amount of money as it is written and shown: with its cents (`604.30`, never `604.3`), and
 * every further decimal it has (`0.0825` stays); plain decimal text, no exponent. Exact (big.js).
 */
export function moneyText(decimal: string): string {
  const amount = new Big(decimal);
  const places = Math.max(2, amount.c.length - amount.e - 1);
  return amount.toFixed(places);
}
