import { AFTER_APPROVAL_COLUMNS, type RowUpdate } from "../invoices";
import { asTextCell } from "./cell-values";
import { ensureResultColumns } from "./ensure-result-columns";
import { WRITTEN_COLUMNS, type WrittenColumn } from "./result-columns";
import type { ResultColumnMap, SheetTarget } from "./sheet-target";
import { sentStyle, statusStyle } from "./status-style";
import { countedSync, type SyncCounter } from "./sync-counter";
import { timed } from "./timing";
import type { UndoGroup } from "./undo-group";

/**
 * Longest message written into a cell (Excel allows 32 767 characters); keeps each batch's payload
 * far below Excel on the web's 5 MB limit, and a cell this long is already unreadable.
 */
export const MAX_MESSAGE_CHARS = 2_000;

/** Above this estimated payload one call is split into several syncs (only for thousands of rows). */
export const MAX_WRITE_BYTES = 4_000_000;

/**
 * Most rows one sync writes. A run's last write-back names every row at once (10,000 rows of a
 * Send): as one sync, its request was built (and, in the preview, executed) in one stretch of the
 * pane's main thread, and a click waited 513 ms behind it. In syncs of 1,000 rows (each
 * an asynchronous round trip to Excel, the event loop free in between), clicks and progress are
 * answered while it is written.
 */
export const MAX_WRITE_ROWS = 1_000;

/** Text written for a result field: messages shortened, formula-like text kept as text. */
function cellText(column: WrittenColumn, value: string): string {
  const text =
    (column === "message" || column === "sent") && value.length > MAX_MESSAGE_CHARS
      ? `${value.slice(0, MAX_MESSAGE_CHARS - 1)}…`
      : value;
  return asTextCell(text);
}

/** Updates of one call merged per row (later fields win) and sorted by row. */
export function mergeUpdates(updates: readonly RowUpdate[]): RowUpdate[] {
  const byRow = new Map<number, RowUpdate>();
  for (const u of updates) {
    const merged = { ...byRow.get(u.rowNumber), rowNumber: u.rowNumber };
    for (const column of WRITTEN_COLUMNS) {
      if (u[column] !== undefined) (merged as Record<string, unknown>)[column] = u[column];
    }
    byRow.set(u.rowNumber, merged);
  }
  return [...byRow.values()].sort((a, b) => a.rowNumber - b.rowNumber);
}

/** Consecutive rows that all set `column` (and, with `sameValue`, to the same value). */
function runsOf(
  rows: readonly RowUpdate[],
  column: WrittenColumn,
  sameValue: boolean
): RowUpdate[][] {
  const runs: RowUpdate[][] = [];
  for (const row of rows) {
    if (row[column] === undefined) continue;
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    const joins =
      prev !== undefined &&
      prev.rowNumber + 1 === row.rowNumber &&
      (!sameValue || prev[column] === row[column]);
    if (joins) run.push(row);
    else runs.push([row]);
  }
  return runs;
}

/**
 * Queues the writes of merged, sorted updates on `sheet` without syncing: each run of consecutive
 * rows of one column is one range (values + text format), and each run of one status (and of one
 * sent state) is one colour. An update for a column `columns` does not have (`sent` on a writer
 * made without `afterApproval`) throws: a result is never dropped silently.
 */
export function queueRowUpdates(
  sheet: Excel.Worksheet,
  columns: ResultColumnMap,
  rows: readonly RowUpdate[]
): void {
  for (const column of WRITTEN_COLUMNS) {
    for (const run of runsOf(rows, column, false)) {
      const at = columns[column];
      if (at === undefined) throw new Error(`The sheet has no ${column} column to write to.`);
      const range = sheet.getRangeByIndexes(run[0].rowNumber - 1, at, run.length, 1);
      range.numberFormat = run.map(() => ["@"]);
      range.values = run.map((row) => [cellText(column, String(row[column]))]);
    }
  }
  for (const run of runsOf(rows, "status", true)) {
    const range = sheet.getRangeByIndexes(run[0].rowNumber - 1, columns.status, run.length, 1);
    const style = statusStyle(String(run[0].status));
    range.format.fill.color = style.fill;
    range.format.font.color = style.font;
  }
  const sentAt = columns.sent;
  if (sentAt === undefined) return;
  for (const run of runsOf(rows, "sent", true)) {
    const style = sentStyle(String(run[0].sent));
    if (!style) continue;
    const range = sheet.getRangeByIndexes(run[0].rowNumber - 1, sentAt, run.length, 1);
    range.format.fill.color = style.fill;
    range.format.font.color = style.font;
  }
}

/** True when a batch writes `sent`, `creditNoteNum` or `creditNoteId`. */
function needsAfterApprovalColumns(rows: readonly RowUpdate[]): boolean {
  return rows.some((row) => AFTER_APPROVAL_COLUMNS.some((c) => row[c] !== undefined));
}

/** Rough payload of writing `row`, to split only truly huge calls. */
function estimateBytes(row: RowUpdate): number {
  return WRITTEN_COLUMNS.reduce(
    (n, c) => n + Math.min(String(row[c] ?? "").length, MAX_MESSAGE_CHARS) + 40,
    60
  );
}

/**
 * Cuts merged rows into chunks under {@link MAX_WRITE_BYTES} and of at most
 * {@link MAX_WRITE_ROWS} rows; one chunk for a run's usual batch.
 */
function chunksBySize(rows: readonly RowUpdate[]): RowUpdate[][] {
  const chunks: RowUpdate[][] = [[]];
  let bytes = 0;
  for (const row of rows) {
    const size = estimateBytes(row);
    const last = chunks[chunks.length - 1];
    if ((bytes + size > MAX_WRITE_BYTES || last.length >= MAX_WRITE_ROWS) && last.length > 0) {
      chunks.push([]);
      bytes = 0;
    }
    chunks[chunks.length - 1].push(row);
    bytes += size;
  }
  return chunks;
}

/**
 * Writes the result cells of a batch of row updates in one round trip to Excel (one per
 * {@link MAX_WRITE_ROWS} rows of a bigger batch): the status cell coloured by outcome, all result
 * cells as text (a message starting with "=" stays text). Fields left undefined are not touched.
 * Pass `columns` (from {@link ensureResultColumns}) to skip looking up the result columns again;
 * `group` to make the write part of a run's one undo step.
 */
export async function writeRowUpdates(
  target: SheetTarget,
  updates: readonly RowUpdate[],
  columns?: ResultColumnMap,
  counter?: SyncCounter,
  group?: UndoGroup
): Promise<void> {
  const rows = mergeUpdates(updates);
  if (rows.length === 0) return;
  await timed("write-results", async () => {
    const map =
      columns ??
      (await ensureResultColumns(target, counter, {
        afterApproval: needsAfterApprovalColumns(rows),
      }));
    const write = async (context: Excel.RequestContext) => {
      const sheet = context.workbook.worksheets.getItem(target.sheetName);
      for (const chunk of chunksBySize(rows)) {
        queueRowUpdates(sheet, map, chunk);
        await countedSync(context, counter);
      }
    };
    // In a run's undo group, every batch of the run is one undo step (undo-group.ts).
    await (group ? group.run(write) : Excel.run(write));
  });
}
