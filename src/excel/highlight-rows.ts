import type { RowUpdate } from "../invoices";
import { ensureResultColumns } from "./ensure-result-columns";
import { markableColumnRuns, problemColumns } from "./problem-cells";
import type { SelectionRead } from "./sheet-target";
import { STATUS_STYLES } from "./status-style";
import type { ResultColumnMap, SheetTarget } from "./sheet-target";
import { countedSync, type SyncCounter } from "./sync-counter";
import { timed } from "./timing";
import { mergeUpdates, queueRowUpdates } from "./write-results";

/** Separator between several problems of one row in its `message` cell. */
const PROBLEM_SEPARATOR = "; ";

/** The fill of an offending cell: the colour of an `invalid` status. */
export const PROBLEM_CELL_FILL = STATUS_STYLES.invalid.fill;

/**
 * Shows the result of Check on the sheet. A checked row with problems gets status `invalid` (red)
 * and its reasons in `message`, and when `target` is what {@link readSelection} read (it knows the
 * header), each cell a problem names is coloured too. A checked row without problems that still
 * says `invalid` from an earlier Check is cleared (status, message and colours), so fixing a row
 * and checking again removes the marks; a row still bad is marked afresh (a cell fixed meanwhile
 * loses its colour). A row that says `failed` without an `invoiceId` (the service refused its
 * create: its content was the problem) and now has no problem is cleared the same way — its old
 * reason no longer holds; a failed invoice the service holds (with an id) keeps its verdict, which
 * the next run reads again. Fills on other cells of such rows are cleared with the marks: the rows were
 * the add-in's to colour. Other statuses (created, approved, …) are left alone. One sync reads the
 * current statuses, one writes (plus the one-time result column setup when `columns` is not given).
 */
export async function highlightRows(
  target: SheetTarget | SelectionRead,
  rowNumbers: readonly number[],
  problemsByRow: ReadonlyMap<number, readonly string[]>,
  columns?: ResultColumnMap,
  counter?: SyncCounter
): Promise<void> {
  await timed("highlight", () => highlightNow(target, rowNumbers, problemsByRow, columns, counter));
}

async function highlightNow(
  target: SheetTarget | SelectionRead,
  rowNumbers: readonly number[],
  problemsByRow: ReadonlyMap<number, readonly string[]>,
  columns?: ResultColumnMap,
  counter?: SyncCounter
): Promise<void> {
  const map = columns ?? (await ensureResultColumns(target, counter));
  const rows = [...new Set(rowNumbers)].sort((a, b) => a - b);
  if (rows.length === 0) return;
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const first = rows[0];
    const statusCells = sheet.getRangeByIndexes(
      first - 1,
      map.status,
      rows[rows.length - 1] - first + 1,
      1
    );
    statusCells.load("values");
    const idCells = sheet.getRangeByIndexes(
      first - 1,
      map.invoiceId,
      rows[rows.length - 1] - first + 1,
      1
    );
    idCells.load("values");
    await countedSync(context, counter);

    const bad: RowUpdate[] = [];
    const cleared: number[] = [];
    for (const rowNumber of rows) {
      const problems = problemsByRow.get(rowNumber) ?? [];
      if (problems.length > 0) {
        bad.push({ rowNumber, status: "invalid", message: problems.join(PROBLEM_SEPARATOR) });
      } else {
        // countedSync() above is context.sync() plus a count; the rule cannot see through it.
        // eslint-disable-next-line office-addins/call-sync-after-load, office-addins/call-sync-before-read
        const status = String(statusCells.values[rowNumber - first][0])
          .trim()
          .toLowerCase();
        // eslint-disable-next-line office-addins/call-sync-after-load, office-addins/call-sync-before-read
        const hasId = String(idCells.values[rowNumber - first][0] ?? "").trim() !== "";
        if (status === "invalid" || (status === "failed" && !hasId)) cleared.push(rowNumber);
      }
    }
    queueRowUpdates(sheet, map, mergeUpdates(bad));
    if ("snapshot" in target) {
      const runs = markableColumnRuns(target.snapshot);
      for (const rowNumber of [...cleared, ...bad.map((b) => b.rowNumber)]) {
        for (const run of runs)
          sheet.getRangeByIndexes(rowNumber - 1, run.start, 1, run.count).format.fill.clear();
      }
      for (const { rowNumber } of bad) {
        const problems = problemsByRow.get(rowNumber) ?? [];
        for (const column of problemColumns(target.snapshot, rowNumber, problems))
          sheet.getRangeByIndexes(rowNumber - 1, column, 1, 1).format.fill.color =
            PROBLEM_CELL_FILL;
      }
    }
    for (const rowNumber of cleared) {
      const cells = sheet.getRangeByIndexes(rowNumber - 1, map.status, 1, 1);
      cells.values = [[""]];
      cells.format.fill.clear();
      cells.format.font.color = "#000000";
      sheet.getRangeByIndexes(rowNumber - 1, map.message, 1, 1).values = [[""]];
    }
    await countedSync(context, counter);
  });
}
