/**
 * Numbers and booleans from the sheet.
 *
 * Decision: numeric text must use a dot as the decimal separator and no thousands separators.
 * "1,5" is refused rather than read as 1.5, because "1,500" could be 1.5 or 1500 depending on the
 * workbook's locale, and a wrong amount on an invoice is worse than a clear message.
 *
 * Where the Excel layer read the workbook's own separators (`Application.cultureInfo`) and
 * the decimal one is not a dot, text is read with them ({@link localNumber}): "12,50" and "1.250,00"
 * in a Dutch workbook; a text that could mean two numbers is still refused.
 */
import Big from "big.js";
import { DOT_DECIMAL, type NumberCulture } from "./culture";
import { ENGLISH, type Say } from "./words";

/** The result of reading one typed cell. */
export type ValueResult<T> = { ok: true; value: T } | { ok: false; reason: string };

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A number cell or numeric text → a finite number. Text is read with `culture`'s separators; the
 * default (a dot decimal) accepts no separator but the dot.
 */
export function cellToNumber(
  value: string | number | boolean,
  culture: NumberCulture = DOT_DECIMAL,
  say: Say = ENGLISH
): ValueResult<number> {
  if (typeof value === "number") {
    return Number.isFinite(value)
      ? { ok: true, value }
      : { ok: false, reason: say("num.notFinite") };
  }
  if (typeof value === "boolean") return { ok: false, reason: say("num.boolean") };
  const text = value.trim();
  if (culture.decimalSeparator !== ".") return localNumber(text, culture, say);
  if (text.includes(",")) return { ok: false, reason: say("num.comma") };
  if (!NUMBER_TEXT.test(text)) return { ok: false, reason: say("num.notNumber") };
  const parsed = Number(text);
  return Number.isFinite(parsed)
    ? { ok: true, value: parsed }
    : { ok: false, reason: say("num.notFinite") };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Numeric text in a workbook whose decimal separator is not a dot (Dutch: "," decimal, "." groups).
 * Accepted: digits with the decimal separator ("12,50"), and thousands groups of three when a
 * decimal part or a second group makes them certain ("1.250,00", "1.250.000"). Refused, naming what
 * to type: a dot used as decimal point ("12.50"), and a text that reads as two different numbers
 * depending on the reader's habits ("1,250" = 1.25 here but 1250 in English; "1.250" = 1250 here but
 * 1.25 in English).
 */
export function localNumber(
  text: string,
  culture: NumberCulture,
  say: Say = ENGLISH
): ValueResult<number> {
  const dec = culture.decimalSeparator;
  const group = culture.groupSeparator;
  const [d, g] = [escape(dec), escape(group)];
  const match = new RegExp(`^([+-]?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?$`).exec(text);
  if (!match) {
    if (/^[+-]?\d*\.\d+$/.test(text)) {
      return { ok: false, reason: say("num.dotDecimal", { dec, fixed: text.replace(".", dec) }) };
    }
    return { ok: false, reason: say("num.notNumberLocal", { dec }) };
  }
  const [, sign, whole, fraction] = match;
  const groups = whole.split(group).length - 1;
  if (fraction === undefined && groups === 1) {
    const plain = whole.split(group).join("");
    return { ok: false, reason: say("num.ambiguousGroup", { group, plain, whole, dec }) };
  }
  if (groups === 0 && fraction?.length === 3) {
    return { ok: false, reason: say("num.ambiguousDecimal", { dec, text, whole, fraction }) };
  }
  const digits = `${sign}${whole.split(group).join("")}${fraction === undefined ? "" : `.${fraction}`}`;
  const parsed = Number(digits);
  return Number.isFinite(parsed)
    ? { ok: true, value: parsed }
    : { ok: false, reason: say("num.notFinite") };
}

/** Differences below this are float noise from Excel formulas, not a real fraction of a cent. */
const FLOAT_NOISE = 1e-9;

/**
 * An amount of money to the cent: float noise (`12.340000000000001`) is removed; a real fraction of
 * a cent (`12.345`) is refused rather than rounded silently.
 */
export function toCents(value: number, say: Say = ENGLISH): ValueResult<number> {
  const cents = new Big(value).round(2, Big.roundHalfUp);
  if (new Big(value).minus(cents).abs().gt(FLOAT_NOISE))
    return { ok: false, reason: say("num.cents") };
  return { ok: true, value: cents.toNumber() };
}

const TRUE_TEXT = new Set(["true", "1", "yes"]);
const FALSE_TEXT = new Set(["false", "0", "no"]);

/** TRUE/FALSE, true/false, 1/0, yes/no (text or number) → boolean. */
export function cellToBoolean(
  value: string | number | boolean,
  say: Say = ENGLISH
): ValueResult<boolean> {
  if (typeof value === "boolean") return { ok: true, value };
  if (value === 1 || value === 0) return { ok: true, value: value === 1 };
  const text = String(value).trim().toLowerCase();
  if (TRUE_TEXT.has(text)) return { ok: true, value: true };
  if (FALSE_TEXT.has(text)) return { ok: true, value: false };
  return { ok: false, reason: say("num.notBoolean") };
}
