import { addExampleRow } from "../../../src/excel/add-example-row";
import { exampleRow } from "../../../src/excel/example-row";
import { PROBLEM_CELL_FILL, highlightRows } from "../../../src/excel/highlight-rows";
import { insertTemplate } from "../../../src/excel/insert-template";
import { problemColumns } from "../../../src/excel/problem-cells";
import { readSelection } from "../../../src/excel/read-selection";
import { templateColumnIndex } from "../../../src/excel/template-layout";
import { planInvoices } from "../../../src/invoices";
import type { SheetModel, WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { LOOKUPS, installPreviewHost, uninstallPreviewHost } from "./preview-host";

describe("problemColumns", () => {
  const snapshot = {
    headers: ["customerId", "taxCodeId", "amount", "status", "message"],
    rows: [],
    columnIndexes: [1, 9, 12, 20, 22],
  };

  it("finds the columns a message names, by name or by this row's cell address", () => {
    expect(
      problemColumns(snapshot, 7, ["taxCodeId is empty in J7; every line needs a tax code id"])
    ).toEqual([9]);
    expect(
      problemColumns(snapshot, 7, ["cell M7 (amount) holds #N/A; fix the value or the formula"])
    ).toEqual([12]);
    expect(problemColumns(snapshot, 7, ["customerId differs from row 5 (B5)"])).toEqual([1]);
  });

  it("leaves the status and message cells, other rows' cells and look-alike words alone", () => {
    expect(
      problemColumns(snapshot, 7, ["status says invalid; see B5 and the amountExclVAT"])
    ).toEqual([]);
  });
});

describe("cell-level marks of Check", () => {
  let model: WorkbookModel;
  let sheet: SheetModel;
  const col = templateColumnIndex;

  async function check(): Promise<void> {
    model.select(sheet, { row: 1, col: 0, rowCount: 1, colCount: 1 });
    const read = await readSelection();
    const plan = planInvoices(read.snapshot, { today: new Date("2026-01-15T12:00:00Z") });
    await highlightRows(
      read,
      read.snapshot.rows.map((r) => r.rowNumber),
      plan.rowProblems
    );
  }
  const fill = (name: string) => model.cell(sheet, 1, col(name))?.fill;
  const status = () => model.value(sheet, 1, col("status"));

  beforeEach(async () => {
    model = installPreviewHost();
    await insertTemplate(LOOKUPS);
    await addExampleRow(exampleRow(LOOKUPS));
    sheet = model.sheetByName("Invoices")!;
  });
  afterEach(uninstallPreviewHost);

  it("colours the offending cell as well as the status, and nothing else", async () => {
    model.writeInput(sheet, 1, col("taxCodeId"), "");
    await check();

    expect(status()).toBe("invalid");
    expect(fill("taxCodeId")).toBe(PROBLEM_CELL_FILL);
    expect(fill("customerId")).toBeUndefined();
    expect(fill("description")).toBeUndefined();
  });

  it("clears a fixed cell's colour while the row is still bad, and every mark once it is fixed", async () => {
    model.writeInput(sheet, 1, col("taxCodeId"), "");
    model.writeInput(sheet, 1, col("customerId"), "Jansen");
    await check();
    expect([fill("taxCodeId"), fill("customerId")]).toEqual([PROBLEM_CELL_FILL, PROBLEM_CELL_FILL]);

    model.writeInput(sheet, 1, col("customerId"), LOOKUPS.customers[0].id);
    await check();
    expect([fill("taxCodeId"), fill("customerId")]).toEqual([PROBLEM_CELL_FILL, undefined]);
    expect(status()).toBe("invalid");

    model.writeInput(sheet, 1, col("taxCodeId"), LOOKUPS.taxCodes[0].id);
    await check();
    expect([fill("taxCodeId"), fill("customerId"), fill("status")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(status()).toBe("");
  });
});
