/**
 * The preview's fake Excel under a host profile (preview/hosts): a member above the profile fails
 * the sync that carries it with ApiNotFound, as Excel does, and nothing of that batch is applied;
 * Excel on the web refuses a sync over 5 MB of request or response or 5 million cells read.
 */
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { FormulaEngine, NO_DATA_TYPES, toOutcome } from "../../../preview/formula-engine";
import { FunctionRegistry } from "../../../preview/custom-functions-shim";
import { API_SETS } from "../../../preview/hosts/api-sets.generated";
import { hostRules } from "../../../preview/hosts/host-rules";
import { HOST_IDS, profileById, requirementsOf } from "../../../preview/hosts/profiles";

/** `Excel` of a fresh one-sheet workbook under the profile. */
function excelUnder(host: string, model = new WorkbookModel(["Sheet1"])) {
  return {
    model,
    excel: createExcelNamespace(model, profileById(host)) as unknown as typeof Excel,
  };
}

const selectTwoAreas = (excel: typeof Excel) =>
  excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRanges("A2:C3,A6:C6").select();
    await context.sync();
  });

describe("host profiles in the fake Excel", () => {
  it("RangeAreas.select (ExcelApi 1.18) fails with ApiNotFound under Excel 2021 and Office LTSC 2024", async () => {
    for (const host of ["excel-2021", "office-ltsc-2024"]) {
      const { model, excel } = excelUnder(host);
      await expect(selectTwoAreas(excel)).rejects.toMatchObject({
        code: "ApiNotFound",
        debugInfo: { errorLocation: "RangeAreas.select" },
      });
      // The failing batch changed nothing: the selection is still A1.
      expect(model.selection.areas).toEqual([{ row: 0, col: 0, rowCount: 1, colCount: 1 }]);
    }
  });

  it("RangeAreas.select works under Microsoft 365, the web and Mac", async () => {
    for (const host of ["m365-windows", "excel-web", "mac"]) {
      const { model, excel } = excelUnder(host);
      await selectTwoAreas(excel);
      expect(model.selection.areas).toEqual([
        { row: 1, col: 0, rowCount: 2, colCount: 3 },
        { row: 5, col: 0, rowCount: 1, colCount: 3 },
      ]);
    }
  });

  it("a load of a property above the profile fails the sync (AutoFilter.clearColumnCriteria is 1.14, so use a 1.9 host)", async () => {
    // No real profile is below ExcelApi 1.9 (the manifest's floor); the rule is the same at every
    // version, so a made-up one shows it on a load path too.
    const old = { ...profileById("excel-2021"), sets: { ExcelApi: "1.8" } };
    const model = new WorkbookModel(["Sheet1"]);
    const excel = createExcelNamespace(model, old) as unknown as typeof Excel;
    await expect(
      excel.run(async (context) => {
        const tables = context.workbook.worksheets.getItem("Sheet1").getRange("A1").getTables();
        tables.load("items/name");
        await context.sync();
      })
    ).rejects.toMatchObject({ code: "ApiNotFound" });
    const rules = hostRules(old);
    expect(rules.missing.get("Range")?.get("getTables")).toBe("ExcelApi 1.9");
  });

  it("every member the fake implements has its set from the typings, and each profile's gaps are derived from it", () => {
    expect(API_SETS["RangeAreas.select"]).toEqual(["ExcelApi", "1.18"]);
    expect(API_SETS["Range.select"]).toEqual(["ExcelApi", "1.1"]);
    expect(API_SETS["CustomFunctions.Error"]).toEqual(["CustomFunctionsRuntime", "1.2"]);
    expect(API_SETS["CustomFunctions.ErrorCode"]).toEqual(["CustomFunctionsRuntime", "1.3"]);
    const missing = (host: string) =>
      [...hostRules(profileById(host)).missing].flatMap(([type, members]) =>
        [...members.keys()].map((m) => `${type}.${m}`)
      );
    expect(missing("excel-2021")).toEqual(expect.arrayContaining(["RangeAreas.select"]));
    expect(missing("office-ltsc-2024")).toEqual(["RangeAreas.select"]);
    for (const host of ["m365-windows", "m365-windows-2606", "excel-web", "mac", "mac-16-110"])
      expect(missing(host)).toEqual([]);
    expect(HOST_IDS.map((id) => profileById(id).platform)).toEqual([
      "PC",
      "PC",
      "PC",
      "PC",
      "OfficeOnline",
      "Mac",
      "Mac",
    ]);
  });

  it("Excel on the web refuses a request over 5 MB before running any of it", async () => {
    const { model, excel } = excelUnder("excel-web");
    const big = Array.from({ length: 1000 }, () => ["x".repeat(6000)]);
    await expect(
      excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Sheet1");
        sheet.getRange("B1").values = [["first"]];
        sheet.getRange("A1:A1000").values = big;
        await context.sync();
      })
    ).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    expect(model.value(model.sheets[0], 0, 1)).toBe("");
    // The same write on the desktop goes through.
    const desktop = excelUnder("m365-windows");
    await desktop.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:A1000").values = big;
      await context.sync();
    });
    expect(desktop.model.value(desktop.model.sheets[0], 999, 0)).toHaveLength(6000);
  });

  it("Excel on the web refuses a response over 5 MB, and a split read passes", async () => {
    const model = new WorkbookModel(["Sheet1"]);
    for (let r = 0; r < 1000; r++) model.writeInput(model.sheets[0], r, 0, "y".repeat(6000));
    const { excel } = excelUnder("excel-web", model);
    const read = (address: string) =>
      excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem("Sheet1").getRange(address);
        range.load("values");
        await context.sync();
        const values = range.values;
        return values.length;
      });
    await expect(read("A1:A1000")).rejects.toMatchObject({
      code: "ResponsePayloadSizeLimitExceeded",
    });
    expect(await read("A1:A500")).toBe(500);
    expect(await read("A501:A1000")).toBe(500);
  });

  it("Excel on the web refuses to read more than 5 million cells in one sync", async () => {
    const { model, excel } = excelUnder("excel-web");
    await expect(
      excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:T250001");
        range.load("valueTypes");
        await context.sync();
      })
    ).rejects.toMatchObject({ code: "RangeExceedsLimit" });
    const last = model.syncLog[model.syncLog.length - 1];
    expect(last.cellsRead).toBe(20 * 250_001);
  });

  it("a data type from a function shows #VALUE! without CustomFunctionsRuntime 1.4 (Excel 2021, LTSC 2024)", () => {
    const formatted = { type: "Double", basicValue: 12.5, numberFormat: "#,##0.00" };
    expect(toOutcome(formatted, true)).toEqual({ value: 12.5, valueFormat: "#,##0.00" });
    expect(toOutcome(formatted, false)).toEqual({ value: "#VALUE!", message: NO_DATA_TYPES });
    expect(toOutcome(12.5, false)).toEqual({ value: 12.5 });
  });

  it("the formula engine takes the profile's CustomFunctionsRuntime", async () => {
    for (const [host, shown] of [
      ["excel-2021", "#VALUE!"],
      ["mac", "12.50"],
    ] as const) {
      const model = new WorkbookModel(["Sheet1"]);
      const registry = new FunctionRegistry();
      registry.associate("AMOUNT", () => ({
        type: "Double",
        basicValue: 12.5,
        numberFormat: "0.00",
      }));
      const engine = new FormulaEngine(model, registry, {
        namespace: "BILLING",
        profile: profileById(host),
      });
      engine.attach();
      model.writeInput(model.sheets[0], 0, 0, "=BILLING.AMOUNT()");
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(model.text(model.sheets[0], 0, 0)).toBe(shown);
    }
  });
});

describe("the desktop profiles follow Microsoft's tables", () => {
  it("give ExcelApi 1.21 to the current builds, ExcelApiDesktop 1.1 from Windows 2509 / Mac 16.102", () => {
    const has = (host: string, set: string, version: string) =>
      requirementsOf(profileById(host)).isSetSupported(set, version);
    expect(has("m365-windows", "ExcelApi", "1.21")).toBe(false);
    expect(has("m365-windows", "ExcelApiDesktop", "1.1")).toBe(true);
    expect(has("mac", "ExcelApiDesktop", "1.1")).toBe(false);
    for (const current of ["m365-windows-2606", "mac-16-110"]) {
      expect(has(current, "ExcelApi", "1.21")).toBe(true);
      expect(has(current, "ExcelApiDesktop", "1.1")).toBe(true);
      expect(has(current, "CustomFunctionsRuntime", "1.5")).toBe(true);
    }
    expect(has("excel-web", "ExcelApiDesktop", "1.1")).toBe(false);
  });
});
