/**
 * Reading single cells: empty cells, Excel error values and text, independent of the column's meaning.
 */
import { quoteShort } from "../api";
import type { CellValue } from "./sheet-types";

/**
 * The error values Excel hands over as text in `range.values` (`#N/A`, `#VALUE!`, …), upper case.
 * A cell holding one of these is never sent.
 */
export const EXCEL_ERROR_VALUES: ReadonlySet<string> = new Set([
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
  "#SPILL!",
  "#CONNECT!",
  "#BLOCKED!",
  "#UNKNOWN!",
  "#FIELD!",
  "#CALC!",
  "#BUSY!",
  "#EXTERNAL!",
  "#PYTHON!",
  "#TIMEOUT!",
]);

/** True for a cell that holds nothing: null, undefined, or text that is empty after trimming. */
export function isEmptyCell(value: CellValue | undefined): boolean {
  return (
    value === null || value === undefined || (typeof value === "string" && value.trim() === "")
  );
}

/** The Excel error value a cell holds (`#N/A`), or undefined. */
export function excelErrorOf(value: CellValue | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim().toUpperCase();
  return EXCEL_ERROR_VALUES.has(text) ? text : undefined;
}

/** How a cell is quoted in a message: text in quotes (shortened), numbers and booleans as they are. */
export function showCell(value: CellValue | undefined): string {
  if (typeof value === "string") return quoteShort(value);
  return String(value);
}

/** A cell's value as trimmed text (numbers and booleans as Excel would show them unformatted). */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value.trim() : String(value);
}
