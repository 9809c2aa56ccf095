import { RESULT_COLUMNS } from "../invoices";
import { WRITTEN_COLUMNS, findResultColumns } from "./result-columns";
import { headerRowRange, type ResultColumnMap, type SheetTarget } from "./sheet-target";
import { countedSync, type SyncCounter } from "./sync-counter";

/** Which written-back columns a writer needs. */
export interface ResultColumnOptions {
  /**
   * Also `sent`, `creditNoteNum` and `creditNoteId` (a send or credit run). The invoice run leaves
   * them out, so a sheet that never sends or credits does not grow columns it does not use.
   */
  afterApproval?: boolean;
}

/**
 * Finds the result columns (`invoiceId`, `status`, `invoiceNum`, `message`, `externalReference`, the
 * service's totals; with `afterApproval` also `sent`, `creditNoteNum`, `creditNoteId`) in the header
 * row, case-insensitively, and appends the missing ones right of the last header: as new table
 * columns for a table, as header cells for a plain range. Returns where each one is. One sync to
 * read the header, and one more only when columns had to be added.
 */
export async function ensureResultColumns(
  target: SheetTarget,
  counter?: SyncCounter,
  options: ResultColumnOptions = {}
): Promise<ResultColumnMap> {
  const names = options.afterApproval ? WRITTEN_COLUMNS : RESULT_COLUMNS;
  return await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const table = target.tableName ? context.workbook.tables.getItem(target.tableName) : undefined;
    const header = headerRowRange(context, target);
    header.load("values,columnIndex,columnCount");
    await countedSync(context, counter);

    const { found, missing } = findResultColumns(header.values[0], header.columnIndex, names);
    if (missing.length === 0) return found as ResultColumnMap;
    const next = header.columnIndex + header.columnCount;
    missing.forEach((name, i) => {
      found[name] = next + i;
      if (table) table.columns.add(undefined, undefined, name);
    });
    if (!table) {
      const cells = sheet.getRangeByIndexes(target.headerRowNumber - 1, next, 1, missing.length);
      cells.numberFormat = [missing.map(() => "@")];
      cells.values = [missing.slice()];
      cells.format.font.bold = true;
    }
    await countedSync(context, counter);
    return found as ResultColumnMap;
  });
}
