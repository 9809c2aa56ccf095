import {
  LOG_COLUMNS,
  LOG_FORMATS,
  LOG_SHEET,
  LOG_TABLE,
  actionLogRows,
  isLogged,
  runLogRows,
} from "./run-log-rows";
import type { ActionLogInput, RunLogInput } from "./run-log-rows";
import { uniqueTableName } from "./template-layout";
import { MAX_WRITE_ROWS } from "./write-results";

/** Where the log rows went. */
export interface RunLogPlace {
  sheetName: string;
  tableName: string;
  /** 1-based worksheet rows of the rows just added. */
  firstRow: number;
  rowCount: number;
}

/**
 * The audit trail: appends one row per invoice whose state the run changed (none for one it left
 * alone; nothing at all for a run that changed nothing) to the table on the "Billing log" sheet
 * (created with its header the first time, as an Excel table, so it can be sorted and filtered).
 * Rows are only ever added at the end of the table (written under it, as Microsoft's co-authoring
 * guidance asks): nothing already logged is overwritten, even if a person sorted or edited the sheet. When the sheet is there but its table is gone, a new table
 * starts below what the sheet holds. The workbook name is Excel's; the connection's secrets are
 * kept out of every message. Two or three syncs; the active sheet stays as it was.
 */
export async function appendRunLog(
  input: Omit<RunLogInput, "workbookName">,
  run: LogRunner = Excel.run
): Promise<RunLogPlace | undefined> {
  if (!input.results.some(isLogged)) return undefined;
  return await appendLogRows((workbookName) => runLogRows({ ...input, workbookName }), run);
}

/**
 * How the log's batch is run: `Excel.run`, or the run's own undo step (RowWriter.inStep), so
 * that one Ctrl+Z undoes a run's write-back and its log rows together, not the log alone first.
 */
export type LogRunner = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/**
 * The audit trail of a send or credit run: one row per invoice the run sent, credited,
 * found a credit note for, or failed on — with the run's id, the user and what changed — in the
 * same table as the invoice runs, written the same way (see {@link appendRunLog}). Nothing for a
 * run that changed nothing.
 */
export async function appendActionLog(
  input: Omit<ActionLogInput, "workbookName">,
  run: LogRunner = Excel.run
): Promise<RunLogPlace | undefined> {
  if (!input.results.some((r) => r.changes.length > 0)) return undefined;
  return await appendLogRows((workbookName) => actionLogRows({ ...input, workbookName }), run);
}

/** Appends the rows `rowsOf(workbook name)` makes to the log table (see {@link appendRunLog}). */
async function appendLogRows(
  rowsOf: (workbookName: string) => (string | number)[][],
  run: LogRunner
): Promise<RunLogPlace | undefined> {
  return await run(async (context) => {
    const workbook = context.workbook;
    workbook.load("name");
    // isNullObject needs no load: it is known after the sync.
    const existing = workbook.worksheets.getItemOrNullObject(LOG_SHEET);
    const allTables = workbook.tables;
    allTables.load("items/name");
    await context.sync();

    const rows = rowsOf(workbook.name);
    if (rows.length === 0) return undefined;
    let table: Excel.Table | undefined;
    let startRow = 1;
    const sheet = existing.isNullObject ? workbook.worksheets.add(LOG_SHEET) : existing;
    if (!existing.isNullObject) {
      sheet.tables.load("items/name");
      const used = sheet.getUsedRangeOrNullObject(true);
      used.load("rowIndex,rowCount");
      await context.sync();
      table = sheet.tables.items[0];
      if (!table && !used.isNullObject) startRow = used.rowIndex + used.rowCount + 2;
    }
    if (!table) {
      // The header and the rows are written first, then made a table: no table row is added.
      // A run of thousands: its first rows make the table, the rest go under it (see below).
      const first = rows.slice(0, MAX_WRITE_ROWS);
      const block = sheet.getRangeByIndexes(startRow - 1, 0, 1 + first.length, LOG_COLUMNS.length);
      block.numberFormat = [LOG_FORMATS.map(() => "@"), ...first.map(() => [...LOG_FORMATS])];
      block.values = [[...LOG_COLUMNS], ...first];
      const created = sheet.tables.add(block, true);
      const tableName = uniqueTableName(
        LOG_TABLE,
        allTables.items.map((t) => t.name)
      );
      created.name = tableName;
      created.getRange().format.autofitColumns();
      await context.sync();
      if (rows.length > first.length)
        await appendBelowTable(context, sheet, created, rows.slice(first.length));
      return {
        sheetName: LOG_SHEET,
        tableName,
        firstRow: startRow + 1,
        rowCount: rows.length,
      };
    }
    return await appendBelowTable(context, sheet, table, rows);
  });
}

/**
 * Writes the log rows right under the table, which takes them (Excel's auto-expansion): Microsoft's
 * co-authoring guidance asks for `Range.values` there instead of `TableRowCollection.add`, which
 * conflicts when a co-author edits the table or the cells under it. Cells in the way are moved down
 * first (`Range.insert`), so nothing under the table is overwritten. A table an older version made
 * lacks the newer columns (run, change, sent, …): they are added at its end, and each row is written
 * by column name, so nothing lands under the wrong header.
 */
async function appendBelowTable(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  table: Excel.Table,
  rows: (string | number)[][]
): Promise<RunLogPlace> {
  const header = table.getHeaderRowRange();
  header.load("values");
  const whole = table.getRange();
  whole.load("rowIndex,rowCount,columnIndex");
  table.load("name");
  await context.sync();
  const names = (header.values[0] ?? []).map((v) => String(v).trim());
  for (const name of LOG_COLUMNS.filter((c) => !names.includes(c))) {
    table.columns.add(undefined, undefined, name);
    names.push(name);
  }
  const at = names.map((n) => (LOG_COLUMNS as readonly string[]).indexOf(n));
  const firstIndex = whole.rowIndex + whole.rowCount;
  const below = sheet.getRangeByIndexes(firstIndex, whole.columnIndex, rows.length, names.length);
  const inTheWay = below.getUsedRangeOrNullObject(true);
  await context.sync();
  if (!inTheWay.isNullObject) below.insert("Down");
  // At most MAX_WRITE_ROWS rows a sync: 5,000 invoices' rows in one sync held the pane's main
  // thread in one stretch; each part lands right under the table as it has grown.
  for (let from = 0; from < rows.length; from += MAX_WRITE_ROWS) {
    const part = rows.slice(from, from + MAX_WRITE_ROWS);
    const range = sheet.getRangeByIndexes(
      firstIndex + from,
      whole.columnIndex,
      part.length,
      names.length
    );
    range.numberFormat = part.map(() => at.map((i) => (i < 0 ? "General" : LOG_FORMATS[i])));
    range.values = part.map((row) => at.map((i) => (i < 0 ? "" : row[i])));
    // One sync per part on purpose: the event loop runs between them (clicks, progress).
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
  }
  return {
    sheetName: LOG_SHEET,
    tableName: table.name,
    firstRow: firstIndex + 1,
    rowCount: rows.length,
  };
}
