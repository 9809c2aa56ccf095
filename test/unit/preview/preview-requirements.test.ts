/**
 * The requirement sets the preview reports to the add-in (`Office.context.requirements`): ExcelApi up
 * to the version it stands in for, compared as versions (1.9 < 1.19 < 1.20), and nothing else.
 */
import { PREVIEW_EXCEL_API, previewRequirements } from "../../../preview/install";

describe("the preview's requirement sets", () => {
  it("supports ExcelApi up to 1.19 by default, comparing versions part by part", () => {
    const r = previewRequirements(PREVIEW_EXCEL_API);
    expect(["1.1", "1.9", "1.16", "1.19"].map((v) => r.isSetSupported("ExcelApi", v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(r.isSetSupported("ExcelApi", "1.20")).toBe(false);
    expect(r.isSetSupported("ExcelApi", "2.0")).toBe(false);
    expect(r.isSetSupported("excelapi")).toBe(true);
  });

  it("acts as an older Excel when asked (?excelApi=1.15), and supports no other set", () => {
    const older = previewRequirements("1.15");
    expect(older.isSetSupported("ExcelApi", "1.15")).toBe(true);
    expect(older.isSetSupported("ExcelApi", "1.16")).toBe(false);
    expect(older.isSetSupported("NestedAppAuth", "1.1")).toBe(false);
    expect(older.isSetSupported("SharedRuntime", "1.1")).toBe(false);
    expect(previewRequirements("not a version").isSetSupported("ExcelApi", "1.1")).toBe(false);
  });
});
