/**
 * What a fake `Range` points at: a rectangle on a sheet of the model, plus helpers to walk its cells.
 */
import type { Rect } from "./address";
import type { FakeRequestContext } from "./request-context";
import type { SheetModel } from "./workbook-model";
import { ModelError } from "./workbook-model";

/** A rectangle on one sheet (the sheet by id, so renames do not matter). */
export interface RangeRef {
  sheetId: string;
  rect: Rect;
}

/**
 * Largest number of cells the preview builds for one load or write of one value to every cell (its
 * own memory guard on every profile; Excel on the web's limits per sync are preview/hosts').
 */
export const MAX_LOAD_CELLS = 5_000_000;

/** The sheet of a range; ItemNotFound when it was deleted. */
export function sheetOf(context: FakeRequestContext, ref: RangeRef): SheetModel {
  return context.model.sheet(ref.sheetId);
}

/** A 2-D array computed per cell, refusing sizes Excel would refuse. */
export function perCell<V>(ref: RangeRef, fn: (row: number, col: number) => V): V[][] {
  if (ref.rect.rowCount * ref.rect.colCount > MAX_LOAD_CELLS) {
    throw new ModelError(
      "InvalidOperation",
      "The preview loads at most 5 million cells at once. Load a smaller range."
    );
  }
  const out: V[][] = [];
  for (let r = 0; r < ref.rect.rowCount; r++) {
    const line: V[] = [];
    for (let c = 0; c < ref.rect.colCount; c++) line.push(fn(ref.rect.row + r, ref.rect.col + c));
    out.push(line);
  }
  return out;
}

/**
 * Applies a written 2-D array (or one value for every cell) to each cell. Excel's rules: the array
 * must match the range's size exactly; `null` leaves a cell unchanged.
 */
export function forEachWritten<V>(
  ref: RangeRef,
  written: V | V[][],
  fn: (row: number, col: number, v: V) => void
): void {
  const { rect } = ref;
  if (Array.isArray(written)) {
    const rows = written as V[][];
    if (
      rows.length !== rect.rowCount ||
      rows.some((line) => !Array.isArray(line) || line.length !== rect.colCount)
    ) {
      throw new ModelError(
        "InvalidArgument",
        "The number of rows or columns in the input array doesn't match the size or dimensions of the range."
      );
    }
    rows.forEach((line, r) =>
      line.forEach((v, c) => {
        if (v !== null && v !== undefined) fn(rect.row + r, rect.col + c, v);
      })
    );
    return;
  }
  if (written === null || written === undefined) return;
  if (rect.rowCount * rect.colCount > MAX_LOAD_CELLS) {
    throw new ModelError(
      "InvalidOperation",
      "The range is too large to write at once in the preview."
    );
  }
  for (let r = 0; r < rect.rowCount; r++) {
    for (let c = 0; c < rect.colCount; c++) fn(rect.row + r, rect.col + c, written);
  }
}

/** The one value every cell shares, or null when they differ (Excel's rule for format reads). */
export function uniform<V>(rect: Rect, fn: (row: number, col: number) => V): V | null {
  let first: V | undefined;
  const rows = Math.min(rect.rowCount, 1000);
  const cols = Math.min(rect.colCount, 1000);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = fn(rect.row + r, rect.col + c);
      if (first === undefined) first = v;
      else if (v !== first) return null;
    }
  }
  return first ?? null;
}
