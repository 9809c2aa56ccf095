/* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read --
 * The table items and their header/body ranges are loaded in a loop and read after the one sync
 * that follows it, which these static rules cannot follow. The preview host and the tests throw
 * PropertyNotLoaded on any read that was not loaded and synced first. */
import { asTextCell } from "./cell-values";
import type { ExampleRow } from "./example-row";
import { isNoteColumn } from "./header-check";
import { SheetError } from "./sheet-error";

/** Where the example row went. */
export interface ExampleRowPlace {
  sheetName: string;
  tableName: string;
  /** 1-based worksheet row. */
  rowNumber: number;
}

const key = (name: unknown) =>
  String(name ?? "")
    .trim()
    .toLowerCase();

/**
 * Writes `row` into the invoice table of the active sheet (the first table whose header has
 * customerId and taxCodeId, such as the template's): into its first empty row, or a new row at the
 * end (written under the table, which takes it; see Microsoft's co-authoring guidance). Only the
 * input columns named in `row` are written ("#" name columns keep their formulas, so
 * the names show); ids are written as text. Then selects the row, so Check or Create and approve
 * picks it at once. Two syncs, three when the table has no empty row.
 */
export async function addExampleRow(row: ExampleRow): Promise<ExampleRowPlace> {
  return await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    sheet.load("name");
    const tables = sheet.tables;
    tables.load("items/name");
    await context.sync();

    const parts = tables.items.map((table) => {
      const header = table.getHeaderRowRange();
      header.load("values,rowIndex,columnIndex,columnCount");
      const body = table.getDataBodyRange();
      body.load("values,rowCount");
      return { table, header, body };
    });
    await context.sync();

    const found = parts.find(({ header }) => {
      const names = header.values[0].map(key);
      return names.includes("customerid") && names.includes("taxcodeid");
    });
    if (!found) {
      throw new SheetError(
        "no-data",
        `The sheet "${sheet.name}" has no invoice table. Press Insert template first, or go to the sheet with your invoice table.`
      );
    }
    const { table, header, body } = found;
    const headers = header.values[0].map((h) => String(h ?? ""));
    const inputColumns = headers
      .map((h, i) => ({ h, i }))
      .filter(({ h }) => h.trim() !== "" && !isNoteColumn(h));
    const emptyRow = body.values.findIndex((values) =>
      inputColumns.every(({ i }) => values[i] === "" || values[i] === null)
    );
    // No empty row: the row goes right under the table, which takes it (Excel's auto-expansion),
    // as Microsoft's co-authoring guidance asks instead of `rows.add`; cells in the way move down.
    const bodyIndex = emptyRow < 0 ? body.rowCount : emptyRow;
    const rowIndex = header.rowIndex + 1 + bodyIndex;
    const target = sheet.getRangeByIndexes(rowIndex, header.columnIndex, 1, header.columnCount);
    if (emptyRow < 0) {
      const inTheWay = target.getUsedRangeOrNullObject(true);
      await context.sync();
      if (!inTheWay.isNullObject) target.insert("Down");
    }
    const byName = new Map(Object.entries(row).map(([name, value]) => [key(name), value]));
    for (const { h, i } of inputColumns) {
      const value = byName.get(key(h));
      if (value === undefined || value === null) continue;
      const cell = sheet.getCell(rowIndex, header.columnIndex + i);
      cell.values = [[typeof value === "string" ? asTextCell(value) : value]];
    }
    target.select();
    await context.sync();
    return { sheetName: sheet.name, tableName: table.name, rowNumber: rowIndex + 1 };
  });
}
