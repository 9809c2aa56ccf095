/**
 * Every Office API member the shipped code (src/) uses is covered by the requirement sets
 * manifest.xml declares, or sits behind an `isSetSupported` guard of at least its version
 * (scripts/lib/office-uses.ts: the TypeScript checker resolves each use to its declaration in
 * Microsoft's typings and reads its `[Api set: …]` note, so the check follows the typings).
 * Found before the fix: 18 — RangeAreas.select (ExcelApi 1.18) twice in
 * src/excel/select-rows.ts and 16 CustomFunctionsRuntime uses with no such set declared.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import {
  manifestSets,
  officeUses,
  programOf,
  unguardedUses,
  type OfficeUse,
} from "../../../scripts/lib/office-uses";

const ROOT = path.resolve(__dirname, "../../..");
const PLANTED = "test/fixtures/office-uses";
const manifest = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
/** A manifest that declares ExcelApi 1.9 only. */
const EXCEL_ONLY = '<Sets DefaultMinVersion="1.1"><Set Name="ExcelApi" MinVersion="1.9" /></Sets>';

const shown = (uses: OfficeUse[]) =>
  uses.map((u) => `${u.file}:${u.line} ${u.member} needs ${u.needs.set} ${u.needs.version}`);

describe("Office API uses against the manifest's requirement sets", () => {
  let program: ts.Program;
  beforeAll(() => {
    const files = [
      ...ts.sys.readDirectory(path.join(ROOT, "src"), [".ts"]),
      ...ts.sys.readDirectory(path.join(ROOT, PLANTED), [".ts"]),
    ].filter((f) => !f.endsWith(".d.ts"));
    program = programOf(ROOT, files);
  }, 300_000);

  it("finds no use in src/ beyond the declared sets without a guard", () => {
    expect(shown(unguardedUses(program, ROOT, ["src"], manifest))).toEqual([]);
  }, 300_000);

  it("sees the shipped code's Office uses (Excel and custom functions), each with its set", () => {
    const uses = officeUses(program, ROOT, ["src"]);
    const members = new Set(uses.map((u) => u.member));
    expect([...members]).toEqual(
      expect.arrayContaining([
        "Excel.RangeAreas.select",
        "Excel.Range.values",
        "CustomFunctions.Error",
        "CustomFunctions.ErrorCode.notAvailable",
      ])
    );
    const select = uses.find((u) => u.member === "Excel.RangeAreas.select");
    expect(select?.needs).toEqual({ set: "ExcelApi", version: "1.18" });
  }, 300_000);

  it("flags what is unguarded, guarded too low or in the wrong branch, and nothing guarded", () => {
    const flagged = unguardedUses(program, ROOT, [PLANTED], EXCEL_ONLY);
    const planted = readFileSync(path.join(ROOT, PLANTED, "planted.ts"), "utf8").split("\n");
    const functionAt = (line: number) =>
      planted
        .slice(0, line)
        .reverse()
        .map((l) => /^export function (\w+)/.exec(l)?.[1])
        .find((name) => name !== undefined);
    expect(flagged.map((u) => `${functionAt(u.line)} ${u.member}`)).toEqual([
      "unguarded Excel.RangeAreas.select",
      "guardTooLow Excel.RangeAreas.select",
      "wrongBranch Excel.RangeAreas.select",
      "customFunctionsError CustomFunctions.Error",
      "customFunctionsError CustomFunctions.ErrorCode.invalidValue",
    ]);
    // With CustomFunctionsRuntime 1.3 declared, as manifest.xml does, the custom functions' uses pass.
    expect(unguardedUses(program, ROOT, [PLANTED], manifest).map((u) => u.member)).toEqual([
      "Excel.RangeAreas.select",
      "Excel.RangeAreas.select",
      "Excel.RangeAreas.select",
    ]);
  }, 300_000);

  it("reads the sets manifest.xml declares, CustomFunctionsRuntime at Excel 2021's 1.3 included", () => {
    expect(Object.fromEntries(manifestSets(manifest))).toEqual({
      sharedruntime: "1.1",
      excelapi: "1.9",
      customfunctionsruntime: "1.3",
    });
  });
});
