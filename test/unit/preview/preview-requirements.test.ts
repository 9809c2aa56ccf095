/**
 * The requirement sets the preview reports to the add-in (`Office.context.requirements`): those of
 * its host profile (preview/hosts/profiles.ts), compared as versions (1.9 < 1.19 < 1.20).
 */
import { previewRequirements } from "../../../preview/install";
import { HOST_IDS, profileById, versionAtMost } from "../../../preview/hosts/profiles";

describe("the preview's requirement sets", () => {
  it("answers as Microsoft 365 current by default, comparing versions part by part", () => {
    const r = previewRequirements();
    expect(
      ["1.1", "1.9", "1.16", "1.19", "1.20"].map((v) => r.isSetSupported("ExcelApi", v))
    ).toEqual([true, true, true, true, true]);
    expect(r.isSetSupported("ExcelApi", "1.21")).toBe(false);
    expect(r.isSetSupported("ExcelApi", "2.0")).toBe(false);
    expect(r.isSetSupported("excelapi")).toBe(true);
    expect(r.isSetSupported("CustomFunctionsRuntime", "1.4")).toBe(true);
    expect(r.isSetSupported("WordApi", "1.1")).toBe(false);
  });

  it("answers as Excel 2021 when asked: ExcelApi 1.14, CustomFunctionsRuntime 1.3, no NAA", () => {
    const old = previewRequirements(profileById("excel-2021"));
    expect(old.isSetSupported("ExcelApi", "1.14")).toBe(true);
    expect(old.isSetSupported("ExcelApi", "1.15")).toBe(false);
    expect(old.isSetSupported("CustomFunctionsRuntime", "1.3")).toBe(true);
    expect(old.isSetSupported("CustomFunctionsRuntime", "1.4")).toBe(false);
    expect(old.isSetSupported("SharedRuntime", "1.1")).toBe(true);
    expect(old.isSetSupported("SharedRuntime", "1.2")).toBe(false);
    expect(old.isSetSupported("NestedAppAuth", "1.1")).toBe(false);
  });

  it("reports NestedAppAuth only where a nested-app-auth bridge exists (the preview is not Office)", () => {
    const web = profileById("excel-web");
    expect(previewRequirements(web, () => false).isSetSupported("NestedAppAuth", "1.1")).toBe(
      false
    );
    expect(previewRequirements(web, () => true).isSetSupported("NestedAppAuth", "1.1")).toBe(true);
    expect(
      previewRequirements(profileById("office-ltsc-2024"), () => true).isSetSupported(
        "NestedAppAuth",
        "1.1"
      )
    ).toBe(false);
  });

  it("knows seven profiles, and refuses an unknown id naming the known ones", () => {
    expect(HOST_IDS).toHaveLength(7);
    expect(() => profileById("excel-2019")).toThrow(/excel-2021, office-ltsc-2024/);
    expect(versionAtMost("1.9", "1.19")).toBe(true);
    expect(versionAtMost("1.20", "1.9")).toBe(false);
    expect(versionAtMost("x", "1.1")).toBe(false);
  });
});
