import { readSelection } from "../../../src/excel/read-selection";
import { installExcel, rect } from "./book";
import { HEADERS, demoRow, tableSheet } from "./fixtures";

describe("readSelection in an Excel table", () => {
  it("reads the table header and the selected table rows with 1-based row numbers", async () => {
    const { book, sheet } = tableSheet(5, { top: 2, left: 1 });
    book.select(sheet, rect(4, 2, 2, 3)); // rows 5-6 of the sheet = body rows 1-2
    installExcel(book);

    const read = await readSelection();

    expect(read).toMatchObject({
      sheetName: "Lines",
      tableName: "Lines1",
      headerRowNumber: 3,
      firstColumn: 1,
    });
    expect(read.snapshot.headers).toEqual(HEADERS);
    expect(read.snapshot.rows).toEqual([
      { rowNumber: 5, values: demoRow(1) },
      { rowNumber: 6, values: demoRow(2) },
    ]);
  });

  it("reads one row when a single cell of the table is selected", async () => {
    const { book, sheet } = tableSheet(5);
    book.select(sheet, rect(3, 4));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.rows.map((r) => r.rowNumber)).toEqual([4]);
  });

  it("reads every table row when only the header row (or one header cell) is selected", async () => {
    const { book, sheet } = tableSheet(4);
    book.select(sheet, rect(0, 2));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.rows.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5]);
  });

  it("clips a whole-column selection to the table body and leaves the totals row out", async () => {
    const { book, sheet, table } = tableSheet(3);
    table.rect = { ...table.rect, rowCount: table.rect.rowCount + 1 };
    table.showTotals = true;
    sheet.put(4, 4, [[6]]);
    book.select(sheet, rect(0, 1, 1_048_576, 1));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
  });

  it("reads the rows of several selected areas once each, in sheet order", async () => {
    const { book, sheet } = tableSheet(10);
    book.select(sheet, rect(7, 0, 2, 1), rect(2, 3), rect(8, 5));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.rows.map((r) => r.rowNumber)).toEqual([3, 8, 9]);
  });

  it("takes two syncs to find the table and one per block of rows", async () => {
    const { book, sheet } = tableSheet(20);
    book.select(sheet, rect(1, 0, 20, 1));
    installExcel(book);

    await readSelection();

    expect(book.syncs).toBe(3);
  });

  it("refuses a table whose header row is hidden", async () => {
    const { book, sheet, table } = tableSheet(3);
    table.showHeaders = false;
    book.select(sheet, rect(1, 0));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({ name: "SheetError", code: "no-header" });
  });

  it("refuses a selection spanning two tables and names both", async () => {
    const { book, sheet } = tableSheet(3);
    sheet.put(0, 8, [
      ["a", "b"],
      [1, 2],
    ]);
    book.addTable("Other", sheet, rect(0, 8, 2, 2));
    book.select(sheet, rect(1, 0, 1, 10));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({
      code: "two-tables",
      message: expect.stringContaining("Lines1 and Other"),
    });
  });

  it("refuses a second area outside the table", async () => {
    const { book, sheet } = tableSheet(3);
    book.select(sheet, rect(1, 0), rect(20, 20));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({ code: "outside-data" });
  });

  it("skips completely empty rows and refuses a selection of only empty rows", async () => {
    const { book, sheet } = tableSheet(4);
    for (let c = 0; c < HEADERS.length; c++) sheet.clear(2, c);
    book.select(sheet, rect(1, 0, 3, 1));
    installExcel(book);
    expect((await readSelection()).snapshot.rows.map((r) => r.rowNumber)).toEqual([2, 4]);

    book.select(sheet, rect(2, 0));
    await expect(readSelection()).rejects.toMatchObject({ code: "empty-selection" });
  });
});
