/**
 * A1 addresses: parsing and formatting, as Excel writes them (`Sheet1!A1:B2`, `'My sheet'!C3`).
 * Pure; rows and columns are 0-based here. Column letters are the add-in's own (src/invoices).
 */
import { columnIndexOf, columnLetter } from "../../src/excel";

/** Excel's grid limits (rows, columns: XFD). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** A rectangle of cells on one sheet, 0-based. */
export interface Rect {
  row: number;
  col: number;
  rowCount: number;
  colCount: number;
}

/** A parsed address: the rectangle and the sheet name when the address named one. */
export interface ParsedAddress extends Rect {
  sheetName?: string;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;
const COLUMN = /^\$?([A-Za-z]{1,3})$/;
const ROW = /^\$?(\d{1,7})$/;

type Part = { row?: number; col?: number };

function parsePart(text: string): Part | undefined {
  let m = CELL.exec(text);
  if (m) return { col: columnIndexOf(m[1]), row: Number(m[2]) - 1 };
  m = COLUMN.exec(text);
  if (m) return { col: columnIndexOf(m[1]) };
  m = ROW.exec(text);
  if (m) return { row: Number(m[1]) - 1 };
  return undefined;
}

function splitSheet(address: string): { sheetName?: string; local: string } {
  const bang = address.lastIndexOf("!");
  if (bang < 0) return { local: address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheetName: sheet, local: address.slice(bang + 1) };
}

/** Parses `A1`, `A1:B2`, `A:C`, `2:5`, optionally prefixed by a sheet; undefined when invalid. */
export function parseAddress(address: string): ParsedAddress | undefined {
  const { sheetName, local } = splitSheet(address.trim());
  const [first, second, extra] = local.split(":");
  if (extra !== undefined || !first) return undefined;
  const a = parsePart(first);
  const b = second === undefined ? a : parsePart(second);
  if (!a || !b) return undefined;
  const aIsCell = a.row !== undefined && a.col !== undefined;
  const bIsCell = b.row !== undefined && b.col !== undefined;
  if (aIsCell !== bIsCell) return undefined;
  if (!aIsCell && second === undefined) return undefined; // "A" or "3" alone is a name, not an address
  if (!aIsCell && (a.row === undefined) !== (b.row === undefined)) return undefined;
  const r1 = a.row ?? 0;
  const r2 = b.row ?? MAX_ROWS - 1;
  const c1 = a.col ?? 0;
  const c2 = b.col ?? MAX_COLUMNS - 1;
  if (Math.max(r1, r2) >= MAX_ROWS || Math.max(c1, c2) >= MAX_COLUMNS || r1 < 0 || r2 < 0) {
    return undefined;
  }
  const rect: ParsedAddress = {
    row: Math.min(r1, r2),
    col: Math.min(c1, c2),
    rowCount: Math.abs(r2 - r1) + 1,
    colCount: Math.abs(c2 - c1) + 1,
  };
  if (sheetName !== undefined) rect.sheetName = sheetName;
  return rect;
}

/** `A1`, `A1:B2`, `A:A` or `1:1` for a rectangle, without the sheet. */
export function formatLocalAddress(rect: Rect): string {
  const lastRow = rect.row + rect.rowCount - 1;
  const lastCol = rect.col + rect.colCount - 1;
  if (rect.row === 0 && rect.rowCount === MAX_ROWS) {
    return `${columnLetter(rect.col)}:${columnLetter(lastCol)}`;
  }
  if (rect.col === 0 && rect.colCount === MAX_COLUMNS) return `${rect.row + 1}:${lastRow + 1}`;
  const start = `${columnLetter(rect.col)}${rect.row + 1}`;
  if (rect.rowCount === 1 && rect.colCount === 1) return start;
  return `${start}:${columnLetter(lastCol)}${lastRow + 1}`;
}

/** Sheet name as Excel writes it in an address: quoted when it is not a plain word. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** `Sheet1!A1:B2`, as `range.address` returns it. */
export function formatAddress(sheetName: string, rect: Rect): string {
  return `${quoteSheetName(sheetName)}!${formatLocalAddress(rect)}`;
}

/** True when the two rectangles share at least one cell. */
export function intersects(a: Rect, b: Rect): boolean {
  return (
    a.row < b.row + b.rowCount &&
    b.row < a.row + a.rowCount &&
    a.col < b.col + b.colCount &&
    b.col < a.col + a.colCount
  );
}

/** The cells two rectangles share, or undefined. */
export function intersection(a: Rect, b: Rect): Rect | undefined {
  return intersects(a, b) ? span(a, b, Math.max, Math.min) : undefined;
}

/** The smallest rectangle containing both. */
export function boundingRect(a: Rect, b: Rect): Rect {
  return span(a, b, Math.min, Math.max);
}

/** The rectangle from the `start` of both top-left corners to the `end` of both bottom-right ones. */
function span(a: Rect, b: Rect, start: typeof Math.min, end: typeof Math.max): Rect {
  const row = start(a.row, b.row);
  const col = start(a.col, b.col);
  return {
    row,
    col,
    rowCount: end(a.row + a.rowCount, b.row + b.rowCount) - row,
    colCount: end(a.col + a.colCount, b.col + b.colCount) - col,
  };
}

/** True when `inner` lies entirely inside `outer`. */
export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.row >= outer.row &&
    inner.col >= outer.col &&
    inner.row + inner.rowCount <= outer.row + outer.rowCount &&
    inner.col + inner.colCount <= outer.col + outer.colCount
  );
}
