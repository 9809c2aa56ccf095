/**
 * Numbers that carry their own number format, so that a date shows as a date and money with its
 * cents in whatever cell a function spills into, without the controller formatting columns.
 *
 * Excel lets a custom function return a formatted number (data types for custom functions; the
 * metadata plugin sets `allowCustomDataForDataTypeAny`) from CustomFunctionsRuntime 1.4 on: since
 * ExcelApi 1.19 as a `Double` value with a `numberFormat`, from ExcelApi 1.16 to 1.18 as a
 * `FormattedNumber` value (deprecated since 1.19, so it is used only where `Double` cannot carry a
 * format). An Excel without CustomFunctionsRuntime 1.4 (Excel 2021, Office LTSC 2024, which has
 * ExcelApi 1.17) or older than ExcelApi 1.16 would show such an object as #VALUE!, so there the
 * functions return the plain number, as before. Which one applies is
 * asked of the host at run time (`Office.context.requirements`), once per call: it costs nothing and
 * an add-in loaded into another Excel finds out again.
 */

/** How numbers can carry a format in this Excel. */
export type NumberFormatSupport = "double" | "formattedNumber" | "none";

/** A number with its format, in the shape Excel's data types API reads (en-US format codes). */
export interface FormattedValue {
  type: "Double" | "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

/** A date: ISO order, so it reads the same in every locale and sorts as text too. */
export const DATE_FORMAT = "yyyy-mm-dd";
/** A date with a time of day (UTC, as the service sends it). */
export const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm";
/** Money: thousands separated, at least two decimals. No currency sign: the service's unit is EUR. */
export const MONEY_FORMAT = "#,##0.00";

interface Requirements {
  isSetSupported(name: string, version?: string): boolean;
}

/** `Office.context.requirements` where office.js runs inside a host; undefined elsewhere. */
function hostRequirements(): Requirements | undefined {
  const office = (globalThis as { Office?: { context?: { requirements?: Requirements } } }).Office;
  return office?.context?.requirements;
}

/** What the host supports: formats on `Double` values, `FormattedNumber` values, or neither. */
export function numberFormatSupport(
  requirements: Requirements | undefined = hostRequirements()
): NumberFormatSupport {
  try {
    if (requirements?.isSetSupported("CustomFunctionsRuntime", "1.4") !== true) return "none";
    if (requirements?.isSetSupported("ExcelApi", "1.19") === true) return "double";
    if (requirements?.isSetSupported("ExcelApi", "1.16") === true) return "formattedNumber";
  } catch {
    // A host that cannot answer is treated as an older Excel: plain numbers always show.
  }
  return "none";
}

/** `value` with `numberFormat` where the host supports it, else the plain number. */
export function withFormat(
  value: number,
  numberFormat: string,
  support: NumberFormatSupport
): number | FormattedValue {
  if (support === "none") return value;
  return {
    type: support === "double" ? "Double" : "FormattedNumber",
    basicValue: value,
    numberFormat,
  };
}

/**
 * The money format for an exact decimal text from the service: two decimals, or as many as the text
 * has when it has more (a heat tariff of 0.0825 EUR/kWh must not show as 0.08), so what the cell
 * shows is exactly what the service holds.
 */
export function moneyFormatFor(decimalText: string): string {
  const decimals = /\.(\d+)$/.exec(decimalText.trim())?.[1].replace(/0+$/, "").length ?? 0;
  return decimals <= 2 ? MONEY_FORMAT : `${MONEY_FORMAT}${"0".repeat(decimals - 2)}`;
}

/** The date format for an Excel date serial: with the time of day only when there is one. */
export function dateFormatFor(serial: number): string {
  return Number.isInteger(serial) ? DATE_FORMAT : DATE_TIME_FORMAT;
}
