import { SheetError } from "./sheet-error";

/** A rectangle of cells by 0-based worksheet indexes (what Excel's `Range` geometry loads as). */
export interface CellRect {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

/** A run of consecutive worksheet rows (0-based start). */
export interface RowRun {
  start: number;
  count: number;
}

const overlaps = (aStart: number, aCount: number, bStart: number, bCount: number) =>
  aStart < bStart + bCount && bStart < aStart + aCount;

/**
 * The body rows (0-based, ascending, once each) that a selection picks from a header + body block.
 * Every selected area must touch the block. A selection that covers only the header row picks every
 * body row; otherwise the header row is simply not part of the picked rows, and each selected cell
 * picks its whole row.
 */
export function pickBodyRows(
  areas: readonly CellRect[],
  headerRowIndex: number,
  body: CellRect
): number[] {
  const blockRows = {
    start: headerRowIndex,
    count: body.rowIndex + body.rowCount - headerRowIndex,
  };
  const rows = new Set<number>();
  let touchesHeader = false;
  for (const area of areas) {
    const inColumns = overlaps(
      area.columnIndex,
      area.columnCount,
      body.columnIndex,
      body.columnCount
    );
    if (!inColumns || !overlaps(area.rowIndex, area.rowCount, blockRows.start, blockRows.count)) {
      throw new SheetError(
        "outside-data",
        "Part of the selection lies outside the invoice rows. Select rows of one table or of one block of data under a header row."
      );
    }
    if (area.rowIndex <= headerRowIndex && headerRowIndex < area.rowIndex + area.rowCount) {
      touchesHeader = true;
    }
    const from = Math.max(area.rowIndex, body.rowIndex);
    const to = Math.min(area.rowIndex + area.rowCount, body.rowIndex + body.rowCount);
    for (let r = from; r < to; r++) rows.add(r);
  }
  if (rows.size === 0 && touchesHeader) {
    for (let r = body.rowIndex; r < body.rowIndex + body.rowCount; r++) rows.add(r);
  }
  return [...rows].sort((a, b) => a - b);
}

/** Ascending row indexes → runs of consecutive rows. */
export function toRuns(rows: readonly number[]): RowRun[] {
  const runs: RowRun[] = [];
  for (const r of rows) {
    const last = runs[runs.length - 1];
    if (last && last.start + last.count === r) last.count++;
    else runs.push({ start: r, count: 1 });
  }
  return runs;
}

/** Runs cut and packed into blocks of at most `blockRows` rows each; one block = one sync. */
export function packBlocks(runs: readonly RowRun[], blockRows: number): RowRun[][] {
  const blocks: RowRun[][] = [];
  let current: RowRun[] = [];
  let room = blockRows;
  for (const run of runs) {
    let { start, count } = run;
    while (count > 0) {
      const take = Math.min(count, room);
      current.push({ start, count: take });
      start += take;
      count -= take;
      room -= take;
      if (room === 0) {
        blocks.push(current);
        current = [];
        room = blockRows;
      }
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}
