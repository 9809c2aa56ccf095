import {
  AFTER_APPROVAL_COLUMNS,
  RESULT_COLUMNS,
  type AfterApprovalColumn,
  type ResultColumn,
} from "../invoices";
import type { ResultColumnMap } from "./sheet-target";

/** Every column the add-in writes back: the invoice run's, then those of send and credit. */
export type WrittenColumn = ResultColumn | AfterApprovalColumn;

/** The written-back columns in append order (the invoice run's first, send and credit after them). */
export const WRITTEN_COLUMNS: readonly WrittenColumn[] = [
  ...RESULT_COLUMNS,
  ...AFTER_APPROVAL_COLUMNS,
];

/** Where the result columns are in a header row, and which are still missing (in append order). */
export interface ResultColumnSearch {
  found: Partial<ResultColumnMap>;
  missing: WrittenColumn[];
}

/**
 * Finds the result columns in a header row by name, case-insensitively and ignoring surrounding
 * spaces (docs/developers/rules.md#invoice-sheet). `firstColumn` is the worksheet column of
 * `headers[0]`. `names` are the columns looked for: the invoice run's by default; a send or credit
 * run also looks for (and so appends) `sent`, `creditNoteNum` and `creditNoteId`.
 */
export function findResultColumns(
  headers: readonly unknown[],
  firstColumn: number,
  names: readonly WrittenColumn[] = RESULT_COLUMNS
): ResultColumnSearch {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = String(h ?? "")
      .trim()
      .toLowerCase();
    if (key !== "" && !byName.has(key)) byName.set(key, firstColumn + i);
  });
  const found: Partial<ResultColumnMap> = {};
  const missing: WrittenColumn[] = [];
  for (const name of names) {
    const column = byName.get(name.toLowerCase());
    if (column === undefined) missing.push(name);
    else found[name] = column;
  }
  return { found, missing };
}
