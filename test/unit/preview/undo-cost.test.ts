/**
 * The preview's undo emulation costs what a sync changes, not the workbook: a sync that writes 3
 * cells of a 30,000-cell sheet copies and compares those 3 cells (counted, not timed), and Ctrl+Z still puts back
 * what a write, a clear or an insert changed.
 */
import { UndoStack } from "../../../preview/fake-excel/undo-stack";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { profileById } from "../../../preview/hosts/profiles";

function filled(rows: number): WorkbookModel {
  const model = new WorkbookModel(["Sheet1"]);
  const sheet = model.sheets[0]!;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < 3; c++) model.writeInput(sheet, r, c, `r${r}c${c}`);
  model.undo = new UndoStack();
  return model;
}

const textAt = (model: WorkbookModel, row: number, col: number) =>
  model.text(model.sheets[0]!, row, col);

describe("the undo emulation's cost follows the sync", () => {
  afterEach(() => jest.restoreAllMocks());

  it("copies only the cells a sync changes, however large the sheet", async () => {
    const model = filled(10_000);
    const excel = createExcelNamespace(
      model,
      profileById("m365-windows")
    ) as unknown as typeof Excel;
    // Counted, not timed: the cells copied and compared. A copy of the sheet and a comparison of
    // every cell before and after (the emulation's first form) made 30,000 comparisons here.
    const clone = jest.spyOn(globalThis, "structuredClone");
    const compare = jest.spyOn(JSON, "stringify");
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A2:C2").values = [["x", "y", "z"]];
      await context.sync();
    });
    expect(clone.mock.calls.length).toBeLessThanOrEqual(3);
    expect(compare.mock.calls.length).toBeLessThan(100);
    expect(model.undo!.steps).toHaveLength(1);
    expect([...model.undo!.steps[0]!.cells.values()][0]!.size).toBe(3);
    expect(model.undo!.undo(model)).toBe(true);
    expect(textAt(model, 1, 0)).toBe("r1c0");
  });

  it("puts back a cleared range and an insert, and records no step for a sync that reads", async () => {
    const model = filled(5);
    const excel = createExcelNamespace(
      model,
      profileById("m365-windows")
    ) as unknown as typeof Excel;
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2");
      range.load("values");
      await context.sync();
    });
    expect(model.undo!.steps).toHaveLength(0);
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").clear();
      await context.sync();
    });
    expect(textAt(model, 0, 0)).toBe("");
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A3:C3").insert("Down");
      await context.sync();
    });
    expect(textAt(model, 3, 0)).toBe("r2c0");
    expect(model.undo!.undo(model)).toBe(true);
    expect(textAt(model, 2, 0)).toBe("r2c0");
    expect(textAt(model, 3, 0)).toBe("r3c0");
    expect(model.undo!.undo(model)).toBe(true);
    expect([textAt(model, 0, 0), textAt(model, 1, 1)]).toEqual(["r0c0", "r1c1"]);
  });
});
