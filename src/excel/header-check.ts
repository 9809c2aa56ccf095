import { columnLetter } from "../invoices";
import { SheetError } from "./sheet-error";

/** Where a candidate header row sits, for the messages. */
export interface HeaderPlace {
  /** 1-based worksheet row number. */
  rowNumber: number;
  /** 0-based worksheet column index of the first header cell. */
  firstColumn: number;
  /** A table's header is a header by definition; a plain range's first row has to look like one. */
  isTable: boolean;
}

const NUMBER_LIKE = /^[\s\d.,+\-/:]+$/;

/**
 * The header names of a header row, or a {@link SheetError} saying in plain words why the row is
 * not a header: an empty cell, a number or a date where a name belongs, an error, or the same name
 * twice (names are matched case-insensitively, docs/developers/rules.md#invoice-sheet).
 */
export function checkHeaderRow(
  values: readonly unknown[],
  valueTypes: readonly string[],
  place: HeaderPlace
): string[] {
  const where = (i: number) => `${columnLetter(place.firstColumn + i)}${place.rowNumber}`;
  const advice =
    "The first row of the rows you select must name each column (customerId, taxCodeId, …).";
  const headers = values.map((value, i) => {
    const type = valueTypes[i];
    const text = value === null || value === undefined ? "" : String(value).trim();
    if (text === "" || type === "Empty") {
      throw new SheetError(
        "no-header",
        `Cell ${where(i)} in the header row is empty, so row ${place.rowNumber} is not a header row. ${advice}`
      );
    }
    const numeric =
      type === "Double" || type === "Integer" || type === "Boolean" || NUMBER_LIKE.test(text);
    if (type === "Error" || (!place.isTable && numeric)) {
      throw new SheetError(
        "no-header",
        `Cell ${where(i)} holds "${text.slice(0, 40)}" where a column name belongs, so row ${place.rowNumber} looks like data, not a header row. ${advice}`
      );
    }
    return text;
  });
  const seen = new Map<string, number>();
  headers.forEach((name, i) => {
    const key = name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      throw new SheetError(
        "duplicate-header",
        `The column name "${name.slice(0, 60)}" appears twice in the header row (${where(first)} and ${where(i)}). Give each column its own name.`
      );
    }
    seen.set(key, i);
  });
  return headers;
}

/**
 * Columns whose header starts with "#" are notes for people (the template's name columns beside the
 * ids); they are not read into the snapshot, so the engine never sees them.
 */
export function isNoteColumn(header: string): boolean {
  return header.startsWith("#");
}
