import type { CellValue } from "../invoices";

/**
 * One cell as the engine sees it, from `range.values` and `range.valueTypes`: empty → null, errors →
 * their text ("#N/A"), numbers (dates are serial numbers) and booleans unchanged. A formula arrives
 * here already as its value because only `values` is read, never `formulas`.
 */
export function toCellValue(value: unknown, valueType: string | undefined): CellValue {
  if (value === null || value === undefined || value === "") return null;
  switch (valueType) {
    case "Empty":
      return null;
    case "Error":
      return String(value);
    case "Boolean":
      return typeof value === "boolean" ? value : String(value).toUpperCase() === "TRUE";
    case "Double":
    case "Integer":
      return typeof value === "number" ? value : Number(value);
    default:
      break;
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return value;
  }
  // Rich values (data types) or anything unforeseen: the text is the honest fallback.
  return String(value);
}

/** True when every cell of a row is empty, so the row is skipped rather than reported invalid. */
export function isBlankRow(values: readonly CellValue[]): boolean {
  return values.every((v) => v === null);
}

/** Characters that make Excel read typed text as a formula. */
const FORMULA_TRIGGERS = ["=", "+", "-", "@"];

/**
 * Text to write into a cell so Excel keeps it as text: a leading apostrophe (Excel's own "this is
 * text" prefix, not part of the value) when the text would otherwise be read as a formula.
 */
export function asTextCell(text: string): string {
  return FORMULA_TRIGGERS.some((t) => text.startsWith(t)) ? `'${text}` : text;
}
