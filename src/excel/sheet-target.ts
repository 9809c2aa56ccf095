import type { AfterApprovalColumn, ResultColumn, SheetSnapshot } from "../invoices";

/** Where a block of invoice rows lives: enough to find its header row again later. */
export interface SheetTarget {
  sheetName: string;
  /** Set when the rows are in an Excel table; the header is then the table's header row. */
  tableName?: string;
  /** 1-based worksheet row number of the header row. */
  headerRowNumber: number;
  /** 0-based worksheet column index of the header's first cell. */
  firstColumn: number;
}

/** What {@link readSelection} hands back: the place and the rows read from it. */
export interface SelectionRead extends SheetTarget {
  snapshot: SheetSnapshot;
}

/**
 * Result column name → 0-based worksheet column index where that column lives. The columns of send
 * and credit (`sent`, `creditNoteNum`, `creditNoteId`) are there once a send or credit run added
 * them (or the sheet came from Insert template).
 */
export type ResultColumnMap = Record<ResultColumn, number> &
  Partial<Record<AfterApprovalColumn, number>>;

/** Excel's column count (A to XFD). */
const SHEET_COLUMNS = 16_384;

/**
 * The header row of a target: the table's header row, or the block of header cells around
 * `firstColumn` on a plain range (the cells of the header row's surrounding region).
 */
export function headerRowRange(context: Excel.RequestContext, target: SheetTarget): Excel.Range {
  if (target.tableName)
    return context.workbook.tables.getItem(target.tableName).getHeaderRowRange();
  const sheet = context.workbook.worksheets.getItem(target.sheetName);
  return sheet
    .getCell(target.headerRowNumber - 1, target.firstColumn)
    .getSurroundingRegion()
    .getIntersection(sheet.getRangeByIndexes(target.headerRowNumber - 1, 0, 1, SHEET_COLUMNS));
}
