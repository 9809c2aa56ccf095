import { readSelection } from "../../../src/excel/read-selection";
import { installExcel, rect } from "./book";
import { plainSheet, tableSheet } from "./fixtures";

describe("readSelection cell values", () => {
  it("passes Excel errors as their text, formulas as their value, dates as serial numbers", async () => {
    const { book, sheet } = tableSheet(1);
    sheet.put(1, 1, [[{ value: "#N/A", formula: '=BILLING.CUSTOMERID("x")' }]]);
    sheet.put(1, 4, [[{ value: 42, formula: "=6*7" }]]);
    sheet.put(1, 5, [[{ value: 45306, numberFormat: "yyyy-mm-dd" }]]);
    book.select(sheet, rect(1, 0));
    installExcel(book);

    const [row] = (await readSelection()).snapshot.rows;

    expect(row.values[1]).toBe("#N/A");
    expect(row.values[4]).toBe(42);
    expect(row.values[5]).toBe(45306);
  });

  it("reads empty cells as null and keeps booleans and text as they are", async () => {
    const { book, sheet } = plainSheet(1);
    sheet.clear(1, 3);
    sheet.put(1, 2, [[true]]);
    sheet.put(1, 0, [[{ value: "00123" }]]); // text kept as typed (a text-formatted cell)
    book.select(sheet, rect(1, 0));
    installExcel(book);

    const [row] = (await readSelection()).snapshot.rows;

    expect(row.values[0]).toBe("00123");
    expect(row.values[2]).toBe(true);
    expect(row.values[3]).toBeNull();
  });

  it("passes 10,000-character and HTML texts through unchanged", async () => {
    const long = "x".repeat(10_000);
    const html = '<img src=x onerror="alert(1)"><b>Heat</b>';
    const { book, sheet } = plainSheet(1);
    sheet.put(1, 3, [[long]]);
    sheet.put(1, 0, [[html]]);
    book.select(sheet, rect(1, 0));
    installExcel(book);

    const [row] = (await readSelection()).snapshot.rows;

    expect(row.values[3]).toBe(long);
    expect(row.values[0]).toBe(html);
  });

  it("leaves out columns whose header starts with # (the template's name notes)", async () => {
    const { book, sheet } = plainSheet(1, {
      headers: ["invoiceRef", "customerId", "taxCodeId", "#taxCodeName", "quantity", "invoiceDate"],
    });
    sheet.put(1, 3, [["VAT 21%"]]);
    book.select(sheet, rect(1, 0));
    installExcel(book);

    const read = await readSelection();

    expect(read.snapshot.headers).toEqual([
      "invoiceRef",
      "customerId",
      "taxCodeId",
      "quantity",
      "invoiceDate",
    ]);
    expect(read.snapshot.rows[0].values).toEqual(["INV-0", "cust-0", "tax-21", 1, 45292]);
  });
});
