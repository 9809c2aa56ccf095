import { ensureResultColumns } from "../../../src/excel/ensure-result-columns";
import { MAX_MESSAGE_CHARS, writeRowUpdates } from "../../../src/excel/write-results";
import { STATUS_STYLES } from "../../../src/excel/status-style";
import type { SheetTarget } from "../../../src/excel/sheet-target";
import { installExcel } from "./book";
import { HEADERS, plainSheet, tableSheet } from "./fixtures";

const plainTarget: SheetTarget = { sheetName: "Lines", headerRowNumber: 1, firstColumn: 0 };
const tableTarget: SheetTarget = { ...plainTarget, tableName: "Lines1" };
const FIRST_RESULT = HEADERS.length; // result columns go right after the last header

describe("writeRowUpdates", () => {
  it("appends the result columns to a plain range once and writes each field in its cell", async () => {
    const { book, sheet } = plainSheet(3);
    installExcel(book);

    await writeRowUpdates(plainTarget, [
      { rowNumber: 2, invoiceId: "inv-1", status: "created", externalReference: "ref-1" },
      { rowNumber: 3, status: "failed", message: "Tax code unknown" },
    ]);
    await writeRowUpdates(plainTarget, [
      { rowNumber: 2, status: "approved", invoiceNum: "2024-0001" },
    ]);

    const header = Array.from({ length: 8 }, (_, i) => sheet.valueAt(0, FIRST_RESULT + i));
    expect(header).toEqual([
      "invoiceId",
      "status",
      "invoiceNum",
      "message",
      "externalReference",
      "totalAmountExclVAT",
      "totalAmountInclVAT",
      undefined,
    ]);
    expect(sheet.valueAt(1, FIRST_RESULT)).toBe("inv-1");
    expect(sheet.valueAt(1, FIRST_RESULT + 1)).toBe("approved");
    expect(sheet.valueAt(1, FIRST_RESULT + 2)).toBe("2024-0001");
    expect(sheet.valueAt(1, FIRST_RESULT + 4)).toBe("ref-1");
    expect(sheet.valueAt(2, FIRST_RESULT + 1)).toBe("failed");
    expect(sheet.valueAt(2, FIRST_RESULT + 3)).toBe("Tax code unknown");
    expect(sheet.valueAt(2, FIRST_RESULT)).toBeUndefined(); // fields left undefined are not touched
  });

  it("adds the result columns to a table as table columns", async () => {
    const { book, sheet, table } = tableSheet(2);
    installExcel(book);

    const columns = await ensureResultColumns(tableTarget);

    expect(table.rect.colCount).toBe(HEADERS.length + 7);
    expect(columns).toEqual({
      invoiceId: FIRST_RESULT,
      status: FIRST_RESULT + 1,
      invoiceNum: FIRST_RESULT + 2,
      message: FIRST_RESULT + 3,
      externalReference: FIRST_RESULT + 4,
      totalAmountExclVAT: FIRST_RESULT + 5,
      totalAmountInclVAT: FIRST_RESULT + 6,
    });
    expect(sheet.valueAt(0, FIRST_RESULT + 3)).toBe("message");
  });

  it("finds existing result columns case-insensitively and appends only the missing ones", async () => {
    const headers = ["STATUS", ...HEADERS, " InvoiceId "];
    const { book, sheet } = plainSheet(2, { headers });
    installExcel(book);

    const columns = await ensureResultColumns(plainTarget);

    expect(columns.status).toBe(0);
    expect(columns.invoiceId).toBe(headers.length - 1);
    expect([columns.invoiceNum, columns.message, columns.externalReference]).toEqual([
      headers.length,
      headers.length + 1,
      headers.length + 2,
    ]);
    expect(sheet.valueAt(0, headers.length)).toBe("invoiceNum");
    expect(book.syncs).toBe(2);
  });

  it("needs a single sync to find the columns when they are all there", async () => {
    const { book } = plainSheet(2, {
      headers: [
        ...HEADERS,
        "invoiceId",
        "status",
        "invoiceNum",
        "message",
        "externalReference",
        "totalAmountExclVAT",
        "totalAmountInclVAT",
      ],
    });
    installExcel(book);

    await ensureResultColumns(plainTarget);

    expect(book.syncs).toBe(1);
  });

  it("writes result cells as text and colours the status cell by outcome", async () => {
    const { book, sheet } = plainSheet(4);
    installExcel(book);

    await writeRowUpdates(plainTarget, [
      { rowNumber: 2, status: "approved" },
      { rowNumber: 3, status: "unknown" },
      { rowNumber: 4, status: "pending" },
      { rowNumber: 5, status: "cancelled" },
    ]);

    const status = (row: number) => sheet.cell(row, FIRST_RESULT + 1)!;
    expect(status(1)).toMatchObject({
      value: "approved",
      numberFormat: "@",
      fill: STATUS_STYLES.approved.fill,
    });
    expect(status(1).fill).toBe("#C6EFCE");
    expect(status(2).fill).toBe(STATUS_STYLES.failed.fill);
    expect(status(3).fill).toBe(STATUS_STYLES.created.fill);
    expect(status(4)).toMatchObject({ fill: "#EDEDED", fontColor: "#595959" });
  });

  it("keeps a message starting with = or - as text, not a formula", async () => {
    const { book, sheet } = plainSheet(2);
    installExcel(book);

    await writeRowUpdates(plainTarget, [
      { rowNumber: 2, message: '=HYPERLINK("http://evil")' },
      { rowNumber: 3, message: "-5 EUR is not allowed", invoiceNum: "2024-01" },
    ]);

    expect(sheet.cell(1, FIRST_RESULT + 3)).toMatchObject({
      value: '=HYPERLINK("http://evil")',
      numberFormat: "@",
    });
    expect(sheet.cell(1, FIRST_RESULT + 3)!.formula).toBeUndefined();
    expect(sheet.valueAt(2, FIRST_RESULT + 3)).toBe("-5 EUR is not allowed");
    expect(sheet.cell(2, FIRST_RESULT + 2)).toMatchObject({ value: "2024-01", numberFormat: "@" });
  });

  it("writes HTML as plain text and shortens a 10,000-character message", async () => {
    const { book, sheet } = plainSheet(2);
    installExcel(book);
    const html = "<script>alert(1)</script>";

    await writeRowUpdates(plainTarget, [
      { rowNumber: 2, message: html },
      { rowNumber: 3, message: "y".repeat(10_000) },
    ]);

    expect(sheet.valueAt(1, FIRST_RESULT + 3)).toBe(html);
    const long = String(sheet.valueAt(2, FIRST_RESULT + 3));
    expect(long).toHaveLength(MAX_MESSAGE_CHARS);
    expect(long.endsWith("…")).toBe(true);
  });

  it("lets the later update of a row win within one call", async () => {
    const { book, sheet } = plainSheet(1);
    installExcel(book);

    await writeRowUpdates(plainTarget, [
      { rowNumber: 2, status: "creating", invoiceId: "inv-9" },
      { rowNumber: 2, status: "created" },
    ]);

    expect(sheet.valueAt(1, FIRST_RESULT)).toBe("inv-9");
    expect(sheet.valueAt(1, FIRST_RESULT + 1)).toBe("created");
  });
});
