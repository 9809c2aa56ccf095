/**
 * Spilled results within Excel's limits. Excel on the web refuses a custom function's result over
 * 5 MB, and no Excel can show half a spill; so every table a function spills is cut at
 * {@link MAX_SPILL_ROWS} rows (its header included) and at {@link MAX_SPILL_BYTES} of content,
 * whichever comes first. A cut table's last row says how many rows are left out and how to narrow
 * the call, so a shorter list never passes for the whole one.
 */
import { tf } from "../i18n";

/** Rows a spilled table holds at most, its header and the closing note included. */
export const MAX_SPILL_ROWS = 10_000;

/** Bytes of content a spilled table holds at most: 4 MB, well under Excel on the web's 5 MB. */
export const MAX_SPILL_BYTES = 4 * 1024 * 1024;

/** The size one row takes when Excel carries it (JSON, as the runtime sends results). */
function rowBytes(row: readonly unknown[]): number {
  return JSON.stringify(row).length;
}

/**
 * `table` as Excel can take it: whole when within the bounds, else its first rows and a last row
 * `… N more rows: {narrow}` (the other cells empty). `narrow` says how to ask for fewer.
 */
export function boundSpill<T>(table: T[][], narrow: string): (T | string)[][] {
  const sizes = table.map(rowBytes);
  const total = sizes.reduce((a, b) => a + b + 1, 2);
  if (table.length <= MAX_SPILL_ROWS && total <= MAX_SPILL_BYTES) return table;
  // Room for the closing note: a row of the table's width, its text a sentence.
  const width = table[0]?.length ?? 1;
  let bytes = 2 + 512 + width * 3;
  let fits = 0;
  while (fits < MAX_SPILL_ROWS - 1 && bytes + sizes[fits]! + 1 <= MAX_SPILL_BYTES) {
    bytes += sizes[fits]! + 1;
    fits += 1;
  }
  const note = tf("fn.spill.more", { count: table.length - fits, narrow });
  return [...table.slice(0, fits), [note, ...Array.from({ length: width - 1 }, () => "")]];
}
