import type { SheetSnapshot } from "../invoices";
import { columnIndexOf } from "../invoices";

/** Result columns that carry a row's verdict themselves: never marked as the offending cell. */
const VERDICT_COLUMNS = new Set(["status", "message"]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The worksheet column (0-based) of each header of a snapshot. */
export function snapshotColumns(snapshot: SheetSnapshot): number[] {
  return snapshot.headers.map(
    (_h, i) => snapshot.columnIndexes?.[i] ?? (snapshot.firstColumnIndex ?? 0) + i
  );
}

/**
 * The cells a row's problems are about, as worksheet columns (0-based, ascending): each column whose
 * header name a message names as a word ("customerId is empty…"), and each cell of this row a
 * message names by address ("cell D7 holds #N/A"). Check's messages always name the column
 * (src/invoices/read-row.ts), so no guessing is needed. `status` and `message` are left out: they
 * carry the verdict already.
 */
export function problemColumns(
  snapshot: SheetSnapshot,
  rowNumber: number,
  problems: readonly string[]
): number[] {
  const columns = snapshotColumns(snapshot);
  const known = new Set(columns);
  const found = new Set<number>();
  const text = problems.join("\n");
  snapshot.headers.forEach((header, i) => {
    const name = header.trim();
    if (name === "" || VERDICT_COLUMNS.has(name.toLowerCase())) return;
    if (new RegExp(`(?<![A-Za-z0-9_])${escape(name)}(?![A-Za-z0-9_])`).test(text))
      found.add(columns[i]);
  });
  for (const m of text.matchAll(/(?<![A-Za-z0-9_])\$?([A-Z]{1,3})\$?(\d+)(?![A-Za-z0-9_])/g)) {
    const column = columnIndexOf(m[1]);
    if (Number(m[2]) === rowNumber && known.has(column)) {
      const header = snapshot.headers[columns.indexOf(column)].trim().toLowerCase();
      if (!VERDICT_COLUMNS.has(header)) found.add(column);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The runs of adjacent worksheet columns that can carry a mark (the snapshot's columns minus
 * `status` and `message`, whose colour is the row's verdict), cleared before a row is marked again.
 */
export function markableColumnRuns(snapshot: SheetSnapshot): { start: number; count: number }[] {
  const columns = snapshotColumns(snapshot)
    .filter((_c, i) => !VERDICT_COLUMNS.has(snapshot.headers[i].trim().toLowerCase()))
    .sort((a, b) => a - b);
  const runs: { start: number; count: number }[] = [];
  for (const c of columns) {
    const last = runs[runs.length - 1];
    if (last && last.start + last.count === c) last.count++;
    else if (!last || last.start + last.count < c) runs.push({ start: c, count: 1 });
  }
  return runs;
}
