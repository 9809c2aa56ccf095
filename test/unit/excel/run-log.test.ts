import { appendRunLog } from "../../../src/excel/run-log";
import {
  LOG_COLUMNS,
  describeRows,
  localExcelSerial,
  runLogRows,
} from "../../../src/excel/run-log-rows";
import type { InvoiceResult } from "../../../src/invoices";
import type { WorkbookModel } from "../../../src/preview/fake-excel/workbook-model";
import { installPreviewHost, uninstallPreviewHost } from "./preview-host";

const RESULTS: InvoiceResult[] = [
  {
    key: "ref:A",
    rowNumbers: [2, 3, 4, 7],
    state: "approved",
    invoiceId: "inv-1",
    invoiceNum: "2026-0001",
    externalReference: "XL-1",
  },
  {
    key: "row:9",
    rowNumbers: [9],
    state: "failed",
    message: "Refused: token s3cr3t-t0ken is wrong",
  },
];
const WHEN = new Date(2026, 5, 15, 9, 30, 5); // local time

describe("the log rows of a run", () => {
  it("writes rows as a controller reads them", () => {
    expect(describeRows([7, 2, 3, 4, 3])).toBe("2-4, 7");
    expect(describeRows([9])).toBe("9");
  });

  it("gives one row per invoice with every column, text kept as text, the secret left out", () => {
    const rows = runLogRows({
      when: WHEN,
      workbookName: "Book1.xlsx",
      sheetName: "Invoices",
      results: RESULTS,
      secrets: ["s3cr3t-t0ken"],
    });
    expect(rows).toEqual([
      [
        localExcelSerial(WHEN),
        "",
        "'Book1.xlsx",
        "'Invoices",
        "'2-4, 7",
        "'A",
        "'inv-1",
        "'XL-1",
        "'approved",
        "'2026-0001",
        "",
      ],
      [
        localExcelSerial(WHEN),
        "",
        "'Book1.xlsx",
        "'Invoices",
        "'9",
        "",
        "",
        "",
        "'failed",
        "",
        "'Refused: token •••• is wrong",
      ],
    ]);
    expect(JSON.stringify(rows)).not.toContain("s3cr3t");
  });

  it("counts local time in Excel's days", () => {
    expect(localExcelSerial(new Date(2026, 0, 1, 12, 0, 0))).toBeCloseTo(46023.5, 6);
  });
});

describe("appendRunLog", () => {
  let model: WorkbookModel;
  beforeEach(() => {
    model = installPreviewHost(["Invoices"]);
  });
  afterEach(uninstallPreviewHost);

  const log = () => model.sheetByName("Billing log")!;
  const row = (r: number) => LOG_COLUMNS.map((_c, i) => model.text(log(), r, i));

  it("creates the Billing log table on the first run, leaving the active sheet alone", async () => {
    const place = await appendRunLog({ when: WHEN, sheetName: "Invoices", results: RESULTS });

    expect(place).toEqual({
      sheetName: "Billing log",
      tableName: "BillingLog",
      firstRow: 2,
      rowCount: 2,
    });
    expect(model.activeSheet.name).toBe("Invoices");
    expect(model.tables.map((t) => [t.name, t.rect])).toEqual([
      ["BillingLog", { row: 0, col: 0, rowCount: 3, colCount: LOG_COLUMNS.length }],
    ]);
    expect(row(0)).toEqual([...LOG_COLUMNS]);
    expect(row(1)).toEqual([
      "2026-06-15 09:30:05",
      "",
      "Preview.xlsx",
      "Invoices",
      "2-4, 7",
      "A",
      "inv-1",
      "XL-1",
      "approved",
      "2026-0001",
      "",
    ]);
    expect(row(2)[4]).toBe("9");
  });

  it("appends later runs below, never changing a logged row, even after the log was sorted by hand", async () => {
    await appendRunLog({ when: WHEN, sheetName: "Invoices", results: RESULTS });
    const before = [row(1), row(2)];
    const place = await appendRunLog({
      when: new Date(2026, 5, 16, 8, 0, 0),
      sheetName: "Invoices",
      results: [RESULTS[0]],
    });

    expect(place).toMatchObject({ firstRow: 4, rowCount: 1 });
    expect([row(1), row(2)]).toEqual(before);
    expect(row(3)[0]).toBe("2026-06-16 08:00:00");
    expect(model.tables[0].rect.rowCount).toBe(4);
  });

  it("starts a new table below the old rows when the log's table was turned into a range", async () => {
    await appendRunLog({ when: WHEN, sheetName: "Invoices", results: RESULTS });
    model.removeTable(model.tables[0], false);
    const place = await appendRunLog({ when: WHEN, sheetName: "Invoices", results: [RESULTS[1]] });

    expect(place).toMatchObject({ tableName: "BillingLog", firstRow: 6, rowCount: 1 });
    expect(row(1)[6]).toBe("inv-1");
    expect(row(4)).toEqual([...LOG_COLUMNS]);
  });

  it("uses a Billing log sheet a person emptied, starting at its top", async () => {
    model.addSheet("Billing log");
    const place = await appendRunLog({ when: WHEN, sheetName: "Invoices", results: RESULTS });
    expect(place).toMatchObject({ firstRow: 2, rowCount: 2 });
    expect(row(0)).toEqual([...LOG_COLUMNS]);
  });

  it("writes nothing for a run without invoices", async () => {
    await expect(appendRunLog({ when: WHEN, sheetName: "Invoices", results: [] })).resolves.toBe(
      undefined
    );
    expect(model.sheetByName("Billing log")).toBeUndefined();
  });
});
