/**
 * Excel on the web refuses request and response payloads above 5 MB; one read block aims at half of
 * that, so a sheet of long texts still fits, while 10,000 rows of the template still take only ten
 * round trips (each sync costs a round trip to Excel, which is what makes big reads slow).
 */
export const TARGET_BLOCK_BYTES = 2_500_000;

/** Conservative JSON size of one cell read as `values` plus `valueTypes`. */
export const BYTES_PER_CELL = 100;

/** Upper bound of rows per read block, whatever the column count. */
export const MAX_BLOCK_ROWS = 5_000;

/** How many rows one `context.sync()` reads for a table of `columnCount` columns (1 … 5 000). */
export function blockRowCount(columnCount: number): number {
  const perRow = Math.max(1, columnCount) * BYTES_PER_CELL;
  return Math.max(1, Math.min(MAX_BLOCK_ROWS, Math.floor(TARGET_BLOCK_BYTES / perRow)));
}
