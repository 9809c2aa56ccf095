/**
 * The add-in's real Excel layer (src/excel) running on the preview's fake host: the calls it makes
 * must all be supported, with Excel's semantics.
 */
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { readSelection } from "../../../src/excel/read-selection";
import { ensureResultColumns } from "../../../src/excel/ensure-result-columns";
import { writeRowUpdates } from "../../../src/excel/write-results";

const g = globalThis as unknown as { Excel?: unknown };

function fill(model: WorkbookModel, rows: (string | number)[][]) {
  const sheet = model.sheets[0];
  rows.forEach((line, r) => line.forEach((v, c) => model.writeInput(sheet, r, c, v)));
  return sheet;
}

describe("src/excel on the preview host", () => {
  let model: WorkbookModel;
  beforeEach(() => {
    model = new WorkbookModel(["Invoices"]);
    g.Excel = createExcelNamespace(model);
  });
  afterEach(() => {
    delete g.Excel;
  });

  it("reads the selected rows of a plain block under its header row", async () => {
    const sheet = fill(model, [
      ["customerId", "taxCodeId", "amount"],
      ["c1", "t1", 10],
      ["c2", "t2", 20.5],
      ["c3", "t3", 30],
    ]);
    model.select(sheet, { row: 1, col: 1, rowCount: 2, colCount: 1 });
    const read = await readSelection();
    expect(read.sheetName).toBe("Invoices");
    expect(read.tableName).toBeUndefined();
    expect(read.headerRowNumber).toBe(1);
    expect(read.snapshot.headers).toEqual(["customerId", "taxCodeId", "amount"]);
    expect(read.snapshot.rows).toEqual([
      { rowNumber: 2, values: ["c1", "t1", 10] },
      { rowNumber: 3, values: ["c2", "t2", 20.5] },
    ]);
  });

  it("reads the rows of a table, and every row when only the header is selected", async () => {
    const sheet = fill(model, [[], ["customerId", "amount"], ["c1", 1], ["c2", 2]]);
    const table = model.addTable(sheet, { row: 1, col: 0, rowCount: 3, colCount: 2 }, true);
    model.select(sheet, { row: 1, col: 1, rowCount: 1, colCount: 1 });
    const read = await readSelection();
    expect(read.tableName).toBe(table.name);
    expect(read.headerRowNumber).toBe(2);
    expect(read.snapshot.rows.map((r) => r.rowNumber)).toEqual([3, 4]);
  });

  it("appends the missing result columns as table columns and writes results as text", async () => {
    const sheet = fill(model, [
      ["customerId", "status"],
      ["c1", ""],
    ]);
    const table = model.addTable(sheet, { row: 0, col: 0, rowCount: 2, colCount: 2 }, true);
    const target = {
      sheetName: "Invoices",
      tableName: table.name,
      headerRowNumber: 1,
      firstColumn: 0,
    };
    const columns = await ensureResultColumns(target);
    expect(columns).toEqual({
      status: 1,
      invoiceId: 2,
      invoiceNum: 3,
      message: 4,
      externalReference: 5,
      totalAmountExclVAT: 6,
      totalAmountInclVAT: 7,
    });
    expect(model.tableColumnNames(table)).toEqual([
      "customerId",
      "status",
      "invoiceId",
      "invoiceNum",
      "message",
      "externalReference",
      "totalAmountExclVAT",
      "totalAmountInclVAT",
    ]);
    await writeRowUpdates(
      target,
      [{ rowNumber: 2, status: "approved", invoiceNum: "00042", message: "=done" }],
      columns
    );
    expect(model.value(sheet, 1, 1)).toBe("approved");
    expect(model.value(sheet, 1, 3)).toBe("00042");
    expect(model.value(sheet, 1, 4)).toBe("=done");
    expect(model.cell(sheet, 1, 4)?.formula).toBeUndefined();
    expect(model.cell(sheet, 1, 1)?.fill).toBe("#C6EFCE");
  });

  it("appends result header cells right of a plain block", async () => {
    const sheet = fill(model, [
      ["customerId", "amount"],
      ["c1", 1],
    ]);
    const columns = await ensureResultColumns({
      sheetName: "Invoices",
      headerRowNumber: 1,
      firstColumn: 0,
    });
    expect(columns.invoiceId).toBe(2);
    expect(model.value(sheet, 0, 2)).toBe("invoiceId");
    expect(model.cell(sheet, 0, 6)?.bold).toBe(true);
  });
});
