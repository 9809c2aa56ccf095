/**
 * The Dutch functions.json: every function and every argument of
 * src/functions/functions.ts has a Dutch description (src/i18n/functions.nl.json), the names and
 * ids stay as they are, and the manifest names the Dutch file for nl-NL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import {
  localizeFunctionsJson,
  translationProblems,
  type FunctionTranslation,
} from "../../../scripts/lib/localized-functions";

const ROOT = path.resolve(__dirname, "../../..");
const SOURCE = path.join(ROOT, "src/functions/functions.ts");
const DUTCH = JSON.parse(
  readFileSync(path.join(ROOT, "src/i18n/functions.nl.json"), "utf8")
) as Record<string, FunctionTranslation>;

interface Metadata {
  functions: {
    id: string;
    name: string;
    description: string;
    helpUrl?: string;
    parameters: { name: string; description: string; optional?: boolean }[];
  }[];
}

describe("functions.json in Dutch", () => {
  let english: string;

  beforeAll(async () => {
    const result = await generateCustomFunctionsMetadata(SOURCE);
    expect(result.errors).toEqual([]);
    english = result.metadataJson;
  });

  it("has a Dutch description for every function and every argument, and none for others", () => {
    expect(translationProblems(JSON.parse(english) as Metadata, DUTCH)).toEqual([]);
  });

  it("keeps ids, names, help links and argument kinds; only the descriptions change", () => {
    const en = JSON.parse(english) as Metadata;
    const nl = JSON.parse(localizeFunctionsJson(english, DUTCH)) as Metadata;
    expect(nl.functions.map((f) => [f.id, f.name, f.helpUrl])).toEqual(
      en.functions.map((f) => [f.id, f.name, f.helpUrl])
    );
    for (const [i, fn] of nl.functions.entries()) {
      expect(fn.description).toBe(DUTCH[fn.id].description);
      expect(fn.description).not.toBe(en.functions[i].description);
      expect(fn.parameters.map((p) => [p.name, p.optional])).toEqual(
        en.functions[i].parameters.map((p) => [p.name, p.optional])
      );
    }
    const tariff = nl.functions.find((f) => f.id === "TARIFF")!;
    expect(tariff.parameters.find((p) => p.name === "contractId")?.description).toBe(
      "Het id van het contract. Leeg is het algemene tarief."
    );
  });

  it("refuses a gap: a function without Dutch, an argument without Dutch, a translation of nothing", () => {
    const { TARIFF: _left, ...withoutTariff } = DUTCH;
    expect(() => localizeFunctionsJson(english, withoutTariff)).toThrow(
      "TARIFF has no translated description."
    );
    const missingArgument = {
      ...DUTCH,
      TARIFF: { ...DUTCH.TARIFF, parameters: { productId: "Het id van het product." } },
    };
    expect(translationProblems(JSON.parse(english) as Metadata, missingArgument)).toContain(
      "TARIFF(billingItemId) has no translated description."
    );
    expect(
      translationProblems(JSON.parse(english) as Metadata, {
        ...DUTCH,
        SUMMARY: { description: "x" },
      })
    ).toContain("SUMMARY is translated but is no function.");
  });

  it("is what the manifest gives a Dutch Excel (Functions.Metadata.Url, nl-NL)", () => {
    const manifest = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
    expect(manifest).toMatch(
      /<bt:Url id="Functions\.Metadata\.Url" DefaultValue="https:\/\/localhost:3000\/functions\.json">\s*<bt:Override Locale="nl-NL" Value="https:\/\/localhost:3000\/functions\.nl-NL\.json" \/>/
    );
  });
});
