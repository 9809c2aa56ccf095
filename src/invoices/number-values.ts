/**
 * Numbers and booleans from the sheet.
 *
 * Decision: numeric text must use a dot as the decimal separator and no thousands separators.
 * "1,5" is refused rather than read as 1.5, because "1,500" could be 1.5 or 1500 depending on the
 * workbook's locale, and a wrong amount on an invoice is worse than a clear message.
 */
import Big from "big.js";

/** The result of reading one typed cell. */
export type ValueResult<T> = { ok: true; value: T } | { ok: false; reason: string };

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A number cell or numeric text (dot decimal) → a finite number. */
export function cellToNumber(value: string | number | boolean): ValueResult<number> {
  if (typeof value === "number") {
    return Number.isFinite(value)
      ? { ok: true, value }
      : { ok: false, reason: "is not a finite number" };
  }
  if (typeof value === "boolean") return { ok: false, reason: "is TRUE/FALSE, not a number" };
  const text = value.trim();
  if (text.includes(",")) {
    return {
      ok: false,
      reason:
        "contains a comma; write numbers with a dot for decimals and without thousands separators (for example 1234.5)",
    };
  }
  if (!NUMBER_TEXT.test(text)) return { ok: false, reason: "is not a number" };
  const parsed = Number(text);
  return Number.isFinite(parsed)
    ? { ok: true, value: parsed }
    : { ok: false, reason: "is not a finite number" };
}

/** Differences below this are float noise from Excel formulas, not a real fraction of a cent. */
const FLOAT_NOISE = 1e-9;

/**
 * An amount of money to the cent: float noise (`12.340000000000001`) is removed; a real fraction of
 * a cent (`12.345`) is refused rather than rounded silently.
 */
export function toCents(value: number): ValueResult<number> {
  const cents = new Big(value).round(2, Big.roundHalfUp);
  if (new Big(value).minus(cents).abs().gt(FLOAT_NOISE)) {
    return {
      ok: false,
      reason: "has more than 2 decimals; round it to the cent (for example with =ROUND(…;2))",
    };
  }
  return { ok: true, value: cents.toNumber() };
}

const TRUE_TEXT = new Set(["true", "1", "yes"]);
const FALSE_TEXT = new Set(["false", "0", "no"]);

/** TRUE/FALSE, true/false, 1/0, yes/no (text or number) → boolean. */
export function cellToBoolean(value: string | number | boolean): ValueResult<boolean> {
  if (typeof value === "boolean") return { ok: true, value };
  if (value === 1 || value === 0) return { ok: true, value: value === 1 };
  const text = String(value).trim().toLowerCase();
  if (TRUE_TEXT.has(text)) return { ok: true, value: true };
  if (FALSE_TEXT.has(text)) return { ok: true, value: false };
  return { ok: false, reason: "is not TRUE or FALSE" };
}
