/**
 * Writes that follow Microsoft's co-authoring guidance: `TableRowCollection.add`
 * conflicts when a co-author edits the table or the cells under it, so the Billing log and Add an
 * example row write right under the table with `Range.values` (the table takes the rows: Excel's
 * auto-expansion, which the preview's fake Excel does too) and move cells in the way down first.
 */
import { addExampleRow } from "../../../src/excel/add-example-row";
import { exampleRow } from "../../../src/excel/example-row";
import { insertTemplate } from "../../../src/excel/insert-template";
import { appendRunLog } from "../../../src/excel/run-log";
import { LOG_COLUMNS } from "../../../src/excel/run-log-rows";
import type { InvoiceResult } from "../../../src/invoices";
import { FakeTableRowCollection } from "../../../preview/fake-excel/table";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { LOOKUPS, installPreviewHost, uninstallPreviewHost } from "./preview-host";

const RESULT: InvoiceResult = {
  key: "ref:A",
  rowNumbers: [2],
  state: "approved",
  invoiceId: "inv-1",
  invoiceNum: "2026-0001",
  externalReference: "XL-1",
  before: "",
  untouched: false,
  changes: ["created", "sent for approval", "approved"],
};
const log = (runId: string) => ({
  when: new Date(2026, 5, 15, 9, 30, 5),
  runId,
  sheetName: "Invoices",
  results: [RESULT],
});

describe("writes a co-author cannot collide with", () => {
  let model: WorkbookModel;
  let rowsAdd: jest.SpyInstance;
  beforeEach(() => {
    model = installPreviewHost(["Invoices"]);
    rowsAdd = jest.spyOn(FakeTableRowCollection.prototype, "add");
  });
  afterEach(() => {
    rowsAdd.mockRestore();
    uninstallPreviewHost();
  });

  it("the Billing log grows by writing under its table, never by adding table rows", async () => {
    await appendRunLog(log("run-1"));
    const place = await appendRunLog(log("run-2"));
    expect(rowsAdd).not.toHaveBeenCalled();
    expect(place).toMatchObject({ firstRow: 3, rowCount: 1 });
    const sheet = model.sheetByName("Billing log")!;
    expect(model.tables[0].rect.rowCount).toBe(3);
    expect(model.text(sheet, 2, LOG_COLUMNS.indexOf("run"))).toBe("run-2");
  });

  it("moves a co-author's cells under the log down instead of writing over them", async () => {
    await appendRunLog(log("run-1"));
    const sheet = model.sheetByName("Billing log")!;
    model.writeInput(sheet, 2, 0, "a note under the log");
    await appendRunLog(log("run-2"));
    expect(model.text(sheet, 2, LOG_COLUMNS.indexOf("run"))).toBe("run-2");
    expect(model.text(sheet, 3, 0)).toBe("a note under the log");
    expect(model.tables[0].rect.rowCount).toBe(3);
  });

  it("Add an example row writes under a full invoice table, never adding table rows", async () => {
    await insertTemplate(LOOKUPS);
    const first = await addExampleRow(exampleRow(LOOKUPS));
    const second = await addExampleRow(exampleRow(LOOKUPS));
    expect(rowsAdd).not.toHaveBeenCalled();
    expect([first.rowNumber, second.rowNumber]).toEqual([2, 3]);
    const table = model.tables.find((t) => t.name === "InvoiceLines")!;
    expect(table.rect.row + table.rect.rowCount).toBe(3);
  });
});
