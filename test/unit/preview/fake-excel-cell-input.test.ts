import { createExcelNamespace } from "../../../preview/fake-excel/excel-namespace";
import { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import type { FakeWorkbook } from "../../../preview/fake-excel/workbook";

async function writeAndRead(inputs: (string | number | boolean)[], numberFormat?: string) {
  const model = new WorkbookModel();
  const Excel = createExcelNamespace(model);
  return await Excel.run(async (context) => {
    const range = (context.workbook as FakeWorkbook).worksheets
      .getActiveWorksheet()
      .getRangeByIndexes(0, 0, 1, inputs.length);
    if (numberFormat) range.numberFormat = [inputs.map(() => numberFormat)];
    range.values = [inputs];
    range.load("values,valueTypes,text");
    await context.sync();
    return { values: range.values[0], types: range.valueTypes[0], text: range.text[0] };
  });
}

describe("fake Excel host: how written text becomes values", () => {
  it("turns numeric text, booleans and ISO dates into numbers, booleans and date serials", async () => {
    const r = await writeAndRead(["12.50", "TRUE", "2026-06-15", "hello", "", "#N/A"]);
    expect(r.values).toEqual([12.5, true, 46188, "hello", "", "#N/A"]);
    expect(r.types).toEqual(["Double", "Boolean", "Double", "String", "Empty", "Error"]);
    expect(r.text).toEqual(["12.5", "TRUE", "2026-06-15", "hello", "", "#N/A"]);
  });

  it("keeps text as text under the @ format and strips Excel's apostrophe prefix", async () => {
    const r = await writeAndRead(["00123", "'=not a formula", "2026-06-15"], "@");
    expect(r.values).toEqual(["00123", "=not a formula", "2026-06-15"]);
    expect(r.types).toEqual(["String", "String", "String"]);
  });

  it("does not treat an invalid date as a date", async () => {
    const r = await writeAndRead(["2026-02-30"]);
    expect(r.values).toEqual(["2026-02-30"]);
  });
});
