/**
 * Every function has a help link ("Help on this function" in Excel's formula bar) to its section of
 * the function reference: the add-in's help page (help/functions.html, docs/functions.md rendered
 * by scripts/help-page.js), at an anchor the page has.
 */
import fs from "node:fs";
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { HELP_PAGE, anchorsOf, renderHelpPage } from "../../../scripts/help-page";

const ROOT = path.resolve(__dirname, "../../..");
const DEV_URL = "https://localhost:3000/";

describe("helpUrl of every function", () => {
  let functions: { id: string; helpUrl?: string }[];
  const markdown = fs.readFileSync(path.join(ROOT, "docs/controllers/functions.md"), "utf8");

  beforeAll(async () => {
    const result = await generateCustomFunctionsMetadata(
      path.join(ROOT, "src/functions/functions.ts")
    );
    functions = JSON.parse(result.metadataJson).functions;
  });

  it("points every function at a section of the help page that exists", () => {
    const anchors = new Set(anchorsOf(markdown));
    const page = renderHelpPage(markdown);
    expect(functions.length).toBeGreaterThanOrEqual(18);
    for (const f of functions) {
      const prefix = `${DEV_URL}${HELP_PAGE}#`;
      expect([f.id, f.helpUrl?.startsWith(prefix)]).toEqual([f.id, true]);
      const anchor = f.helpUrl!.slice(prefix.length);
      expect([f.id, anchors.has(anchor)]).toEqual([f.id, true]);
      expect(page).toContain(`id="${anchor}"`);
    }
  });

  it("links each new function to its own section", () => {
    for (const id of ["INVOICES", "TARIFFHISTORY", "INVOICESTATUS", "CONTRACT"]) {
      const f = functions.find((x) => x.id === id)!;
      expect(f.helpUrl).toBe(`${DEV_URL}${HELP_PAGE}#${id.toLowerCase()}`);
    }
  });

  it("makes GitHub's anchors, so the links match the repository's rendering too", () => {
    expect(anchorsOf("## Names behind ids (the invoice template's `#…Name` columns)")).toEqual([
      "names-behind-ids-the-invoice-templates-name-columns",
    ]);
    expect(anchorsOf("### Dates that look like dates, money with its cents")).toEqual([
      "dates-that-look-like-dates-money-with-its-cents",
    ]);
  });
});
