/* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load --
   these tests read unloaded properties on purpose: the fake host must throw as Excel does. */
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import type { FakeWorkbook } from "../../../preview/fake-excel/workbook";

function setup() {
  const model = new WorkbookModel(["Sheet1"]);
  const Excel = createExcelNamespace(model);
  const context = Excel.createContext();
  const workbook = context.workbook as FakeWorkbook;
  return { model, Excel, context, workbook, sheet: model.sheets[0] };
}

describe("fake Excel host: proxy semantics", () => {
  it("throws PropertyNotLoaded when a property is read before load and sync", async () => {
    const { context, workbook } = setup();
    const range = workbook.worksheets.getItem("Sheet1").getRange("A1:B2");
    expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    range.load("address");
    expect(() => range.address).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    await context.sync();
    expect(range.address).toBe("Sheet1!A1:B2");
    expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
  });

  it("applies writes only at sync, in queue order", async () => {
    const { context, workbook, model, sheet } = setup();
    const ws = workbook.worksheets.getItem("Sheet1");
    ws.getRange("B2:C2").values = [["x", 5]];
    expect(model.value(sheet, 1, 1)).toBe("");
    const used = ws.getUsedRange();
    used.load("address,values");
    await context.sync();
    expect(model.value(sheet, 1, 2)).toBe(5);
    expect(used.address).toBe("Sheet1!B2:C2");
    expect(used.values).toEqual([["x", 5]]);
  });

  it("says isNullObject only after a sync, and getItem of a missing sheet rejects the sync", async () => {
    const { context, workbook } = setup();
    const missing = workbook.worksheets.getItemOrNullObject("Nope");
    expect(() => missing.isNullObject).toThrow(
      expect.objectContaining({ code: "PropertyNotLoaded" })
    );
    await context.sync();
    expect(missing.isNullObject).toBe(true);
    workbook.worksheets.getItem("Nope").load("name");
    await expect(context.sync()).rejects.toMatchObject({ code: "ItemNotFound" });
  });

  it("rejects a values array whose size does not match the range", async () => {
    const { context, workbook } = setup();
    workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = [["only one row", 1]];
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  it("leaves cells written as null unchanged and broadcasts a single value", async () => {
    const { context, workbook, model, sheet } = setup();
    const ws = workbook.worksheets.getItem("Sheet1");
    ws.getRange("A1:B1").values = [["a", "b"]];
    ws.getRange("A1:B1").values = [[null as unknown as string, "c"]];
    ws.getRange("A2:B2").values = "z" as unknown as string[][];
    await context.sync();
    expect([model.value(sheet, 0, 0), model.value(sheet, 0, 1)]).toEqual(["a", "c"]);
    expect([model.value(sheet, 1, 0), model.value(sheet, 1, 1)]).toEqual(["z", "z"]);
  });

  it("drops the rest of a batch after a failing action", async () => {
    const { context, workbook, model, sheet } = setup();
    const ws = workbook.worksheets.getItem("Sheet1");
    ws.getRange("A1").values = [["first"]];
    ws.getRange("not an address").values = [["x"]];
    ws.getRange("A2").values = [["never"]];
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    expect(model.value(sheet, 0, 0)).toBe("first");
    expect(model.value(sheet, 1, 0)).toBe("");
  });

  it("returns count results only after the sync", async () => {
    const { context, workbook } = setup();
    workbook.worksheets.add("Invoices");
    const count = workbook.worksheets.getCount();
    expect(() => count.value).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    await context.sync();
    expect(count.value).toBe(2);
  });

  it("loads collection items with nested paths", async () => {
    const { context, workbook } = setup();
    workbook.worksheets.add("Second");
    workbook.worksheets.load("items/name");
    await context.sync();
    expect(workbook.worksheets.items.map((s) => s.name)).toEqual(["Sheet1", "Second"]);
    expect(() => workbook.worksheets.items[0].position).toThrow(
      expect.objectContaining({ code: "PropertyNotLoaded" })
    );
  });

  it("Excel.run syncs what the batch left queued", async () => {
    const { Excel, model, sheet } = setup();
    await Excel.run(async (context) => {
      (context.workbook as FakeWorkbook).worksheets.getItem("Sheet1").getRange("C3").values = [
        ["done"],
      ];
    });
    expect(model.value(sheet, 2, 2)).toBe("done");
  });
});
