import { createRowWriter } from "../../../src/excel/row-writer";
import { MAX_WRITE_ROWS } from "../../../src/excel/write-results";
import type { RowUpdate } from "../../../src/invoices/sheet-types";
import { installExcel } from "./book";
import { HEADERS, plainSheet, tableSheet } from "./fixtures";

/** Column setup when the result columns are missing: read the header, append the columns. */
const SETUP_SYNCS = 2;

const batch = (from: number, count: number, status: RowUpdate["status"]): RowUpdate[] =>
  Array.from({ length: count }, (_, i) => ({
    rowNumber: from + i,
    invoiceId: `inv-${from + i}`,
    status: i % 7 === 0 ? "failed" : status,
    message: i % 7 === 0 ? `Row ${from + i} refused` : "",
    externalReference: `ref-${from + i}`,
  }));

/** A table of `rows` rows installed as Excel, and a row writer for it. */
function tableWriter(rows: number) {
  const { book, sheet } = tableSheet(rows);
  installExcel(book);
  const writer = createRowWriter({
    sheetName: "Lines",
    tableName: "Lines1",
    headerRowNumber: 1,
    firstColumn: 0,
  });
  return { book, sheet, writer };
}

describe("createRowWriter", () => {
  it("writes a batch of 300 row updates with exactly one sync after the column setup", async () => {
    const { book, sheet, writer } = tableWriter(300);

    await writer.prepare();
    const afterSetup = book.syncs;
    await writer.onRowUpdates(batch(2, 300, "created"));

    expect(afterSetup).toBe(SETUP_SYNCS);
    expect(book.syncs - afterSetup).toBe(1);
    expect(writer.syncCount).toBe(SETUP_SYNCS + 1);
    expect(sheet.valueAt(300, HEADERS.length)).toBe("inv-301");
    expect(sheet.valueAt(8, HEADERS.length + 1)).toBe("failed");
    expect(sheet.valueAt(8, HEADERS.length + 3)).toBe("Row 9 refused");
  });

  it("makes 10 syncs for 10 batches, plus the one-time column setup", async () => {
    const { book, sheet } = plainSheet(1000);
    installExcel(book);
    const writer = createRowWriter({ sheetName: "Lines", headerRowNumber: 1, firstColumn: 0 });

    for (let b = 0; b < 10; b++) await writer.onRowUpdates(batch(2 + b * 100, 100, "approved"));

    expect(writer.syncCount).toBe(10 + SETUP_SYNCS);
    expect(book.syncs).toBe(10 + SETUP_SYNCS);
    expect(sheet.valueAt(1000, HEADERS.length + 4)).toBe("ref-1001");
    expect(sheet.valueAt(0, HEADERS.length + 7)).toBeUndefined(); // columns appended once
  });

  it("writes batches in call order even when the engine does not wait", async () => {
    const { book, sheet } = plainSheet(2);
    installExcel(book);
    const writer = createRowWriter({ sheetName: "Lines", headerRowNumber: 1, firstColumn: 0 });

    await Promise.all([
      writer.onRowUpdates([{ rowNumber: 2, status: "created" }]),
      writer.onRowUpdates([{ rowNumber: 2, status: "approving" }]),
      writer.onRowUpdates([{ rowNumber: 2, status: "approved" }]),
    ]);

    expect(sheet.valueAt(1, HEADERS.length + 1)).toBe("approved");
    expect(writer.syncCount).toBe(SETUP_SYNCS + 3);
  });

  it("writes a batch of 2,500 rows (a run's last write-back) in syncs of at most 1,000 rows, the event loop free between them", async () => {
    const { book, sheet, writer } = tableWriter(2500);
    await writer.prepare();
    const afterSetup = book.syncs;
    // A timer queued as the first sync's writes land (a click coming then) runs before the next
    // sync, not after the whole write: each sync is a round trip of its own.
    let syncsWhenTimerRan = -1;
    const stop = book.model.subscribe(() => {
      stop();
      setTimeout(() => (syncsWhenTimerRan = book.syncs - afterSetup), 0);
    });
    await writer.onRowUpdates(batch(2, 2500, "approved"));

    expect(book.syncs - afterSetup).toBe(Math.ceil(2500 / MAX_WRITE_ROWS));
    expect(syncsWhenTimerRan).toBe(1);
    expect(sheet.valueAt(2500, HEADERS.length)).toBe("inv-2501");
    expect(sheet.valueAt(1000, HEADERS.length)).toBe("inv-1001");
    expect(sheet.valueAt(1001, HEADERS.length)).toBe("inv-1002");
  });

  it("does not sync for an empty batch", async () => {
    const { book } = plainSheet(2);
    installExcel(book);
    const writer = createRowWriter({ sheetName: "Lines", headerRowNumber: 1, firstColumn: 0 });

    await writer.onRowUpdates([]);

    expect(writer.syncCount).toBe(0);
  });
});
