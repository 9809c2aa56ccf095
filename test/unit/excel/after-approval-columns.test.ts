/**
 * Send and credit in the Excel layer: a send or credit run writes `sent`, `creditNoteNum` and
 * `creditNoteId`, appended after the result columns when the sheet lacks them (never by the
 * invoice run), the status `credited` in its own colour, and the sent state coloured by outcome.
 */
import { ensureResultColumns } from "../../../src/excel/ensure-result-columns";
import { createRowWriter } from "../../../src/excel/row-writer";
import { STATUS_STYLES, sentStyle } from "../../../src/excel/status-style";
import { writeRowUpdates } from "../../../src/excel/write-results";
import type { SheetTarget } from "../../../src/excel/sheet-target";
import { RESULT_COLUMNS } from "../../../src/invoices";
import { installExcel } from "./book";
import { HEADERS, plainSheet, tableSheet } from "./fixtures";

const plainTarget: SheetTarget = { sheetName: "Lines", headerRowNumber: 1, firstColumn: 0 };
const tableTarget: SheetTarget = { ...plainTarget, tableName: "Lines1" };
const FIRST_RESULT = HEADERS.length;
const SENT = FIRST_RESULT + RESULT_COLUMNS.length;

describe("the columns of send and credit", () => {
  it("are not appended by the invoice run's writer", async () => {
    const { book, sheet } = plainSheet(2);
    installExcel(book);

    const columns = await ensureResultColumns(plainTarget);

    expect(columns.sent).toBeUndefined();
    expect(sheet.valueAt(0, SENT)).toBeUndefined();
  });

  it("are appended after the result columns, in order, when a send run first writes", async () => {
    const { book, sheet } = plainSheet(3);
    installExcel(book);
    const writer = createRowWriter(plainTarget, { afterApproval: true });

    await writer.onRowUpdates([
      { rowNumber: 2, sent: "sent" },
      { rowNumber: 3, sent: "failed: the customer has no postal address", message: "Not sent." },
    ]);

    const header = Array.from({ length: 3 }, (_, i) => sheet.valueAt(0, SENT + i));
    expect(header).toEqual(["sent", "creditNoteNum", "creditNoteId"]);
    expect(sheet.valueAt(0, FIRST_RESULT + 1)).toBe("status");
    expect(sheet.cell(1, SENT)).toMatchObject({ value: "sent", numberFormat: "@" });
    expect(sheet.cell(1, SENT)!.fill).toBe(STATUS_STYLES.approved.fill);
    expect(sheet.valueAt(2, SENT)).toBe("failed: the customer has no postal address");
    expect(sheet.cell(2, SENT)!.fill).toBe(STATUS_STYLES.failed.fill);
    expect(sheet.valueAt(2, FIRST_RESULT + 3)).toBe("Not sent.");
  });

  it("are added to a table as table columns, and a credit writes its note and the status credited", async () => {
    const { book, sheet, table } = tableSheet(2);
    installExcel(book);

    await writeRowUpdates(tableTarget, [
      {
        rowNumber: 2,
        status: "credited",
        creditNoteNum: "INV-2026-000031",
        creditNoteId: "0e000000-0000-4000-8000-000000000031",
      },
    ]);

    expect(table.rect.colCount).toBe(HEADERS.length + RESULT_COLUMNS.length + 3);
    expect(sheet.valueAt(1, SENT + 1)).toBe("INV-2026-000031");
    expect(sheet.valueAt(1, SENT + 2)).toBe("0e000000-0000-4000-8000-000000000031");
    expect(sheet.valueAt(1, FIRST_RESULT + 1)).toBe("credited");
    expect(sheet.cell(1, FIRST_RESULT + 1)!.fill).toBe(STATUS_STYLES.credited.fill);
    expect(sheet.valueAt(1, SENT)).toBeUndefined(); // not written: left as it was
  });

  it("are found where they are (any case), none appended twice", async () => {
    const headers = [...HEADERS, ...RESULT_COLUMNS, "CreditNoteId", " SENT "];
    const { book, sheet } = plainSheet(2, { headers });
    installExcel(book);

    const columns = await ensureResultColumns(plainTarget, undefined, { afterApproval: true });

    expect(columns.creditNoteId).toBe(headers.length - 2);
    expect(columns.sent).toBe(headers.length - 1);
    expect(columns.creditNoteNum).toBe(headers.length);
    expect(sheet.valueAt(0, headers.length)).toBe("creditNoteNum");
    expect(sheet.valueAt(0, headers.length + 1)).toBeUndefined();
  });

  it("refuses to drop a value when the writer has no column for it", async () => {
    const { book } = plainSheet(2);
    installExcel(book);
    const writer = createRowWriter(plainTarget);

    await expect(writer.onRowUpdates([{ rowNumber: 2, sent: "sent" }])).rejects.toThrow(
      /no sent column/
    );
  });
});

describe("the colours of credited and of the sent state", () => {
  it("shows credited apart from approved and from problems", () => {
    const credited = STATUS_STYLES.credited;
    expect(credited).not.toEqual(STATUS_STYLES.approved);
    expect(credited).not.toEqual(STATUS_STYLES.failed);
    expect(credited).not.toEqual(STATUS_STYLES.approving);
  });

  it("colours sent green, failed red, on its way amber, and leaves other words alone", () => {
    expect(sentStyle("sent")).toEqual(STATUS_STYLES.approved);
    expect(sentStyle("failed: could not be sent to the customer's email address")).toEqual(
      STATUS_STYLES.failed
    );
    expect(sentStyle("sending")).toEqual(STATUS_STYLES.approving);
    expect(sentStyle("printing")).toEqual(STATUS_STYLES.approving);
    expect(sentStyle("skipped")).toBeUndefined();
    expect(sentStyle("not sent")).toBeUndefined();
  });
});
