/**
 * The workbook's own way of writing numbers and dates as text (Excel's `Application.cultureInfo`),
 * read once per Check or run by the Excel layer and handed to the pure row reading. Plain data.
 */

/** How numbers are written: Excel's `cultureInfo.numberFormat` (ExcelApi 1.11). */
export interface NumberCulture {
  /** `numberDecimalSeparator`: "." in an English workbook, "," in a Dutch one. */
  decimalSeparator: string;
  /** `numberGroupSeparator`: "," in an English workbook, "." in a Dutch one. */
  groupSeparator: string;
}

/** How dates are written as text, from `cultureInfo.datetimeFormat.shortDatePattern` (ExcelApi 1.12). */
export interface DateCulture {
  /** Day, month and year in the pattern's order ("d-M-yyyy" → dmy). */
  order: "dmy" | "mdy" | "ymd";
  /** The separator between them ("-", "/", "."). */
  separator: string;
}

/** The workbook's culture as the row reading needs it; absent parts keep the default rules. */
export interface SheetCulture {
  /** Excel's culture name ("nl-NL"), for messages. */
  name?: string;
  number?: NumberCulture;
  date?: DateCulture;
  /** The company's time zone (PlanOptions.timeZone): a day is its midnight there. */
  timeZone?: string;
}

/** The default: a dot for decimals, no thousands separators accepted (the rule where the workbook's culture is not known). */
export const DOT_DECIMAL: NumberCulture = { decimalSeparator: ".", groupSeparator: "," };

/**
 * The order and separator of a short date pattern ("d-M-yyyy", "M/d/yyyy", "yyyy-MM-dd"); undefined
 * for a pattern that is not day, month and year with one separator between them.
 */
export function dateCultureOf(pattern: string | undefined): DateCulture | undefined {
  if (!pattern) return undefined;
  const match =
    /^(d{1,2}|M{1,2}|y{2,4})([-/. ])(d{1,2}|M{1,2}|y{2,4})\2(d{1,2}|M{1,2}|y{2,4})$/.exec(
      pattern.trim()
    );
  if (!match) return undefined;
  const order = [match[1], match[3], match[4]].map((part) => part[0].toLowerCase()).join("");
  if (order !== "dmy" && order !== "mdy" && order !== "ymd") return undefined;
  return { order, separator: match[2] };
}
