/**
 * preview/hosts/api-sets.generated.ts is what scripts/generate-api-sets.ts makes from the installed
 * typings and the fake Excel's members today: new typings or a new fake member fail this test until
 * `npm run generate:api-sets` is run again, so the table never drifts from Microsoft's notes.
 */
import { readFileSync } from "node:fs";
import { OUTPUT, fakeMembers, generateApiSets } from "../../../scripts/generate-api-sets";
import { apiSetInText, lowestSet, versionBelow } from "../../../scripts/lib/api-set-notes";

describe("the generated requirement-set table of the fake Excel", () => {
  it("is what regenerating it from the installed typings gives", () => {
    expect(generateApiSets()).toBe(readFileSync(OUTPUT, "utf8"));
  }, 60_000);

  it("covers the fake's Excel types and the CustomFunctions global", () => {
    const types = [...fakeMembers().keys()];
    expect(types).toEqual(
      expect.arrayContaining(["Range", "RangeAreas", "Worksheet", "Table", "CustomFunctions"])
    );
    expect([...(fakeMembers().get("RangeAreas") ?? [])]).toEqual(
      expect.arrayContaining(["select", "areas", "getTables", "load"])
    );
  });

  it("reads Microsoft's notes: the set, the version, the lowest of overloads", () => {
    expect(apiSetInText("@remarks\n * [Api set: ExcelApi 1.18]\n")).toEqual({
      set: "ExcelApi",
      version: "1.18",
    });
    expect(apiSetInText("no note")).toBeUndefined();
    expect(versionBelow("1.9", "1.18")).toBe(true);
    expect(versionBelow("1.18", "1.18")).toBe(false);
    expect(
      lowestSet([
        { set: "ExcelApi", version: "1.9" },
        undefined,
        { set: "ExcelApi", version: "1.4" },
      ])
    ).toEqual({ set: "ExcelApi", version: "1.4" });
  });
});
