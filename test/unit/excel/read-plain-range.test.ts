import { readSelection } from "../../../src/excel/read-selection";
import { Book, installExcel, rect } from "./book";
import { HEADERS, demoRow, plainSheet } from "./fixtures";

describe("readSelection in a plain range", () => {
  it("takes the first row of the data region as the header and reads the selected rows", async () => {
    const { book, sheet } = plainSheet(6, { top: 3, left: 2 });
    sheet.put(0, 0, [["Invoices for March"]]); // a title above, separated by blank rows
    book.select(sheet, rect(6, 4, 2, 1));
    installExcel(book);

    const read = await readSelection();

    expect(read).toMatchObject({ sheetName: "Lines", headerRowNumber: 4, firstColumn: 2 });
    expect(read.tableName).toBeUndefined();
    expect(read.snapshot.headers).toEqual(HEADERS);
    expect(read.snapshot.rows).toEqual([
      { rowNumber: 7, values: demoRow(2) },
      { rowNumber: 8, values: demoRow(3) },
    ]);
  });

  it("reads every row of the region when whole columns are selected", async () => {
    const { book, sheet } = plainSheet(3, { top: 1, left: 1 });
    book.select(sheet, rect(0, 1, 1_048_576, 2));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.rows.map((r) => r.rowNumber)).toEqual([3, 4, 5]);
  });

  it("reads every row when only the header row is selected", async () => {
    const { book, sheet } = plainSheet(3);
    book.select(sheet, rect(0, 0, 1, 6));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.rows).toHaveLength(3);
  });

  it("refuses a region whose first row is data (numbers where names belong)", async () => {
    const { book, sheet } = plainSheet(3, { headers: demoRow(99) });
    book.select(sheet, rect(2, 0));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({
      name: "SheetError",
      code: "no-header",
      message: expect.stringContaining("row 1 looks like data"),
    });
  });

  it("refuses a header row with an empty cell and names the cell", async () => {
    const { book, sheet } = plainSheet(3, {
      headers: ["invoiceRef", "customerId", null, "description", "quantity", "invoiceDate"],
    });
    book.select(sheet, rect(1, 0));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({
      code: "no-header",
      message: expect.stringContaining("C1"),
    });
  });

  it("refuses duplicate column names, compared case-insensitively", async () => {
    const { book, sheet } = plainSheet(3, {
      headers: ["invoiceRef", "customerId", "taxCodeId", "CustomerID", "quantity", "invoiceDate"],
    });
    book.select(sheet, rect(1, 0));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({
      code: "duplicate-header",
      message: expect.stringContaining("B1 and D1"),
    });
  });

  it("refuses a header with an Excel error in it", async () => {
    const headers = [...HEADERS];
    const { book, sheet } = plainSheet(2, {
      headers: [...headers.slice(0, 5), { value: "#REF!" }],
    });
    book.select(sheet, rect(1, 0));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({ code: "no-header" });
  });

  it("says there is no data on an empty sheet", async () => {
    const book = new Book();
    const sheet = book.addSheet("Empty");
    book.select(sheet, rect(0, 0));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({ code: "no-data" });
  });

  it("says there is no data when the selection is away from the data", async () => {
    const { book, sheet } = plainSheet(3);
    sheet.put(30, 10, [["far away"]]);
    book.select(sheet, rect(20, 3));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({ code: "no-data" });
  });

  it("says a header with nothing below it has no rows", async () => {
    const { book, sheet } = plainSheet(0);
    book.select(sheet, rect(0, 0));
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({ code: "no-rows" });
  });

  it("turns a chart or picture selection into a plain-words error", async () => {
    const { book } = plainSheet(3);
    book.selectChart();
    installExcel(book);

    await expect(readSelection()).rejects.toMatchObject({ code: "empty-selection" });
  });
});
