import { RESULT_COLUMNS, type ResultColumn } from "../invoices";
import type { ResultColumnMap } from "./sheet-target";

/** Where the result columns are in a header row, and which are still missing (in append order). */
export interface ResultColumnSearch {
  found: Partial<ResultColumnMap>;
  missing: ResultColumn[];
}

/**
 * Finds the result columns in a header row by name, case-insensitively and ignoring surrounding
 * spaces (DESIGN.md "Invoice sheet"). `firstColumn` is the worksheet column of `headers[0]`.
 */
export function findResultColumns(
  headers: readonly unknown[],
  firstColumn: number
): ResultColumnSearch {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = String(h ?? "")
      .trim()
      .toLowerCase();
    if (key !== "" && !byName.has(key)) byName.set(key, firstColumn + i);
  });
  const found: Partial<ResultColumnMap> = {};
  const missing: ResultColumn[] = [];
  for (const name of RESULT_COLUMNS) {
    const column = byName.get(name.toLowerCase());
    if (column === undefined) missing.push(name);
    else found[name] = column;
  }
  return { found, missing };
}
