/**
 * The workbook's culture read on the preview's fake host (application.cultureInfo, ExcelApi 1.11;
 * datetimeFormat 1.12), and the default rules on a host that lacks it (the guard's fallback).
 */
import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { cultureByName } from "../../../preview/fake-excel/culture";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { readSelection } from "../../../src/excel/read-selection";

const g = globalThis as unknown as { Excel?: unknown; Office?: unknown };

/** "1.11" → 11: the minor version, compared as a number (1.9 < 1.11). */
const minor = (version: string) => Number(version.split(".")[1]);

function setUp(culture: string, sets: Record<string, string>) {
  const model = new WorkbookModel(["Invoices"]);
  model.culture = cultureByName(culture);
  g.Excel = createExcelNamespace(model);
  g.Office = {
    context: {
      requirements: {
        isSetSupported: (name: string, version: string) =>
          sets[name] !== undefined && minor(sets[name]) >= minor(version),
      },
    },
  };
  const sheet = model.sheets[0];
  [
    ["customerId", "quantity"],
    ["c1", "12,50"],
  ].forEach((line, r) => line.forEach((v, c) => model.writeInput(sheet, r, c, v)));
  model.select(sheet, { row: 1, col: 0, rowCount: 1, colCount: 2 });
}

describe("the workbook's culture in readSelection", () => {
  afterEach(() => {
    delete g.Excel;
    delete g.Office;
  });

  it("reads nl-NL's separators and short date order where the host has ExcelApi 1.12", async () => {
    setUp("nl-NL", { ExcelApi: "1.12" });
    const read = await readSelection();
    expect(read.snapshot.culture).toEqual({
      name: "nl-NL",
      number: { decimalSeparator: ",", groupSeparator: "." },
      date: { order: "dmy", separator: "-" },
    });
  });

  it("reads the separators only where the host has ExcelApi 1.11", async () => {
    setUp("nl-NL", { ExcelApi: "1.11" });
    const read = await readSelection();
    expect(read.snapshot.culture).toEqual({
      name: "nl-NL",
      number: { decimalSeparator: ",", groupSeparator: "." },
    });
  });

  it("leaves the default rules where the host lacks cultureInfo (the manifest's ExcelApi 1.9)", async () => {
    setUp("nl-NL", { ExcelApi: "1.9" });
    const read = await readSelection();
    expect(read.snapshot.culture).toBeUndefined();
  });
});
