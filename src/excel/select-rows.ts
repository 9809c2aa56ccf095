import { columnLetter } from "../invoices";
import { ensureResultColumns } from "./ensure-result-columns";
import { isSetSupported } from "./host-requirements";
import { problemColumns, snapshotColumns } from "./problem-cells";
import { toRuns } from "./row-selection";
import {
  headerRowRange,
  type ResultColumnMap,
  type SelectionRead,
  type SheetTarget,
} from "./sheet-target";

/**
 * Most areas one selection gets. A run's rows can be scattered over the sheet; beyond this many
 * runs of rows only the first ones are selected, which still brings the results into view.
 */
export const MAX_SELECTED_AREAS = 50;

/** `"W2:W4,W7"`: one area per run of consecutive worksheet rows (1-based) over columns first..last. */
export function rowAreasAddress(
  rowNumbers: readonly number[],
  firstColumn: number,
  lastColumn: number
): string {
  const rows = [...new Set(rowNumbers)].sort((a, b) => a - b);
  const from = columnLetter(firstColumn);
  const to = columnLetter(lastColumn);
  return toRuns(rows)
    .slice(0, MAX_SELECTED_AREAS)
    .map(({ start, count }) => `${from}${start}:${to}${start + count - 1}`)
    .join(",");
}

/**
 * Selects the areas of `address` ("W2:W4,W7") on the sheet. `RangeAreas.select` needs ExcelApi 1.18
 * (Microsoft 365 from 2501, the web, Mac from 16.93); Excel 2021 and Office LTSC 2024 lack it, and
 * there the first area is selected, which still scrolls the results into view.
 */
function selectAreas(sheet: Excel.Worksheet, address: string): void {
  if (isSetSupported("ExcelApi", "1.18")) sheet.getRanges(address).select();
  else sheet.getRange(address.split(",")[0]).select();
}

/**
 * After a run: selects the `invoiceNum` cells of the run's rows, so that Excel scrolls the numbers
 * into view (the Excel API has no other way to scroll). Selecting them also keeps the run's rows
 * picked: Create and approve again continues exactly those rows. Activates the sheet. One sync
 * (plus the header read when `columns` is not given).
 */
export async function revealResults(
  target: SheetTarget,
  rowNumbers: readonly number[],
  columns?: ResultColumnMap
): Promise<void> {
  if (rowNumbers.length === 0) return;
  const map = columns ?? (await ensureResultColumns(target));
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    sheet.activate();
    selectAreas(sheet, rowAreasAddress(rowNumbers, map.invoiceNum, map.invoiceNum));
    await context.sync();
  });
}

/**
 * Selects the rows of one invoice across the width of its header row (the pane's result list calls
 * this when a line is clicked), activating the sheet. Two syncs: the header's width, the selection.
 */
export async function selectInvoiceRows(
  target: SheetTarget,
  rowNumbers: readonly number[]
): Promise<void> {
  if (rowNumbers.length === 0) return;
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const header = headerRowRange(context, target);
    header.load("columnIndex,columnCount");
    await context.sync();
    const last = header.columnIndex + header.columnCount - 1;
    sheet.activate();
    selectAreas(sheet, rowAreasAddress(rowNumbers, header.columnIndex, last));
    await context.sync();
  });
}

/**
 * Selects the cell a row's problems are about (the first column they name, else the row's first
 * cell), activating the sheet, so Excel scrolls to it: after Check to the first problem, and when
 * a problem in the pane is pressed. One sync.
 */
export async function selectProblemCell(
  target: SelectionRead,
  rowNumber: number,
  problems: readonly string[]
): Promise<void> {
  const column =
    problemColumns(target.snapshot, rowNumber, problems)[0] ??
    Math.min(...snapshotColumns(target.snapshot));
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    sheet.activate();
    sheet.getRangeByIndexes(rowNumber - 1, column, 1, 1).select();
    await context.sync();
  });
}
