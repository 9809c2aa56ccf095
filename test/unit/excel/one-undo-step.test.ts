/**
 * A run's write-back is one undo step where Excel has undo for add-ins (ExcelApi 1.20, Microsoft's
 * "Undo capabilities": `Excel.run({ mergeUndoGroup: true }, …)`), on the preview's fake Excel with
 * its emulated undo stack. Ctrl+Z after a run then erases every result it wrote at once.
 */
import { createRowWriter } from "../../../src/excel/row-writer";
import { appendRunLog } from "../../../src/excel/run-log";
import type { InvoiceResult } from "../../../src/invoices";
import type { SheetTarget } from "../../../src/excel";
import { UndoStack } from "../../../preview/fake-excel/undo-stack";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { installPreviewHost, uninstallPreviewHost } from "./preview-host";

const TARGET: SheetTarget = { sheetName: "Invoices", headerRowNumber: 1, firstColumn: 0 };

function invoiceSheet(model: WorkbookModel): void {
  const sheet = model.sheetByName("Invoices")!;
  ["customerId", "taxCodeId", "amount"].forEach((h, c) => model.writeInput(sheet, 0, c, h));
  for (let r = 1; r <= 3; r++) {
    model.writeInput(sheet, r, 0, `c${r}`);
    model.writeInput(sheet, r, 1, "t");
    model.writeInput(sheet, r, 2, 10 * r);
  }
}

/** The run's three batches of results, as the engine hands them over time. */
async function writeRun(oneUndoStep: boolean) {
  const writer = createRowWriter(TARGET, { oneUndoStep });
  await writer.prepare();
  await writer.onRowUpdates([{ rowNumber: 2, externalReference: "XL-a", status: "creating" }]);
  await writer.onRowUpdates([{ rowNumber: 2, invoiceId: "inv-1", status: "created" }]);
  await writer.onRowUpdates([
    { rowNumber: 2, status: "approved", invoiceNum: "2026-1" },
    { rowNumber: 3, status: "failed", message: "refused" },
  ]);
  await writer.close();
}

const texts = (model: WorkbookModel, row: number) => {
  const sheet = model.sheetByName("Invoices")!;
  return Array.from({ length: 12 }, (_, c) => model.text(sheet, row, c)).join("|");
};

describe("one undo step per run (ExcelApi 1.20)", () => {
  afterEach(uninstallPreviewHost);

  it("merges every batch of the run into one step: one Ctrl+Z erases the whole write-back", async () => {
    const model = installPreviewHost(["Invoices"]);
    invoiceSheet(model);
    await createRowWriter(TARGET).prepare(); // the result columns, as Check leaves them
    const before = [1, 2].map((r) => texts(model, r));
    model.undo = new UndoStack();

    await writeRun(true);
    expect(texts(model, 1)).toContain("inv-1");
    expect(model.undo.steps).toHaveLength(1);
    expect(model.undo.undo(model)).toBe(true);
    expect([1, 2].map((r) => texts(model, r))).toEqual(before);
  });

  it("writes the Billing log in the run's step: the first Ctrl+Z undoes the write-back, not the log alone", async () => {
    const model = installPreviewHost(["Invoices"]);
    invoiceSheet(model);
    await createRowWriter(TARGET).prepare();
    const before = [1, 2].map((r) => texts(model, r));
    model.undo = new UndoStack();
    const writer = createRowWriter(TARGET, { oneUndoStep: true });
    await writer.onRowUpdates([
      { rowNumber: 2, invoiceId: "inv-1", status: "approved", invoiceNum: "2026-1" },
    ]);
    const result: InvoiceResult = {
      key: "row:2",
      rowNumbers: [2],
      state: "approved",
      invoiceId: "inv-1",
      invoiceNum: "2026-1",
      externalReference: "XL-a",
      before: "",
      untouched: false,
      changes: ["created", "sent for approval", "approved"],
    };
    const place = await appendRunLog(
      { when: new Date(), runId: "run-1", sheetName: "Invoices", results: [result] },
      (batch) => writer.inStep(batch)
    );
    await writer.close();
    expect(place).toBeDefined();
    expect(model.sheetByName("Billing log")).toBeDefined();
    expect(model.undo.steps).toHaveLength(1);
    model.undo.undo(model);
    expect([1, 2].map((r) => texts(model, r))).toEqual(before);
  });

  it("is one step per batch without the group: Ctrl+Z then undoes only the last batch", async () => {
    const model = installPreviewHost(["Invoices"]);
    invoiceSheet(model);
    await createRowWriter(TARGET).prepare();
    model.undo = new UndoStack();

    await writeRun(false);
    expect(model.undo.steps).toHaveLength(3);
    model.undo.undo(model);
    expect(texts(model, 1)).toContain("inv-1");
  });

  it("writes as before on an Excel without undo for add-ins (Excel 2021): no group is asked for", async () => {
    const model = installPreviewHost(["Invoices"], "excel-2021");
    invoiceSheet(model);
    const run = jest.spyOn(Excel, "run");
    await writeRun(true);
    expect(texts(model, 1)).toContain("inv-1");
    expect(run.mock.calls.some((call) => typeof call[0] === "object")).toBe(false);
  });
});
