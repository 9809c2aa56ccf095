/**
 * The workbook's own separators and date order (`Application.cultureInfo`), read once per Check or
 * run so that numbers and dates typed as text are read as the workbook reads them.
 * `cultureInfo` is ExcelApi 1.11 and its `datetimeFormat` 1.12, above the manifest's 1.9: on a host
 * without them nothing is loaded and the default rules apply (a dot for decimals, ISO dates).
 */
import { dateCultureOf, type SheetCulture } from "../invoices";
import { isSetSupported } from "./host-requirements";

/**
 * Queues the loads of the culture in `context`'s next sync; the returned function reads them after
 * that sync (undefined on a host without `cultureInfo`).
 */
export function loadWorkbookCulture(context: Excel.RequestContext): () => SheetCulture | undefined {
  if (!isSetSupported("ExcelApi", "1.11")) return () => undefined;
  const info = context.workbook.application.cultureInfo;
  info.load("name");
  info.numberFormat.load("numberDecimalSeparator,numberGroupSeparator");
  let pattern = (): string | undefined => undefined;
  if (isSetSupported("ExcelApi", "1.12")) {
    const dates = info.datetimeFormat.load("shortDatePattern");
    pattern = () => dates.shortDatePattern;
  }
  return () => {
    const date = dateCultureOf(pattern());
    return {
      name: info.name,
      number: {
        decimalSeparator: info.numberFormat.numberDecimalSeparator,
        groupSeparator: info.numberFormat.numberGroupSeparator,
      },
      ...(date ? { date } : {}),
    };
  };
}
