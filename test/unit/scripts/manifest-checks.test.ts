import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  checkFiles,
  checkFunctions,
  checkHttps,
  checkResids,
  checkSchema,
  SCHEMA,
} from "../../../scripts/lib/manifest-checks";

const root = path.resolve(__dirname, "../../..");
const manifest = path.join(root, "manifest.xml");
const fixture = (name: string) => path.join(root, "test/fixtures/manifests", name);

function distWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dist-"));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

describe("manifest checks", () => {
  it("accepts the project's manifest against Microsoft's XSDs", async () => {
    await expect(checkSchema(manifest)).resolves.toEqual([]);
    expect(checkResids(manifest)).toEqual([]);
    expect(checkHttps(manifest)).toEqual([]);
  });

  it("validates against the XSDs kept inside the project, not beside it", () => {
    expect(path.relative(root, SCHEMA)).toBe(
      path.join("schemas", "manifest", "OfficeAppManifestV1_1.xsd")
    );
    expect(existsSync(SCHEMA)).toBe(true);
  });

  it("reports a schema violation with xmllint's message, file and line", async () => {
    const file = fixture("missing-permissions.xml");
    const problems = await checkSchema(file);
    expect(problems).toHaveLength(1);
    expect(problems[0].check).toBe("schema");
    expect(problems[0].message.startsWith(`${file}:30: Schemas validity error`)).toBe(true);
    expect(problems[0].message).toContain(
      "This element is not expected. Expected is ( {http://schemas.microsoft.com/office/appforoffice/1.1}Permissions )."
    );
  });

  it("says which schema is missing instead of blaming the manifest", async () => {
    const nowhere = path.join(tmpdir(), "no-such-folder", "OfficeAppManifestV1_1.xsd");
    await expect(checkSchema(manifest, nowhere)).rejects.toThrow(
      `The manifest schema ${nowhere} does not exist (the project's copy: schemas/manifest/)`
    );
  });

  it("reports a resid that resolves to nothing and an http URL", () => {
    const broken = fixture("broken-resid-and-http.xml");
    expect(checkResids(broken)).toEqual([
      { check: "resid", message: 'resid "Icon.99x99" is not declared under <Resources>' },
    ]);
    expect(checkHttps(broken)).toEqual([
      { check: "https", message: "URL is not https: http://localhost:3000/functions.json" },
    ]);
  });

  it("reports files the manifest points at that the build did not write", () => {
    const dist = distWith({ "taskpane.html": "", "functions.js": "", "functions.json": "{}" });
    const missing = checkFiles(manifest, dist, "https://localhost:3000/").map((p) => p.message);
    expect(missing).toEqual(
      expect.arrayContaining([
        expect.stringContaining("assets/icon-16.png"),
        expect.stringContaining("assets/icon-80.png"),
      ])
    );
    expect(missing.some((m) => m.includes("taskpane.html"))).toBe(false);
  });

  it("checks functions.json against the namespace", () => {
    const good = distWith({
      "functions.json": JSON.stringify({ functions: [{ id: "TARIFF", name: "TARIFF" }] }),
    });
    expect(checkFunctions(manifest, path.join(good, "functions.json"))).toEqual([]);
    const bad = distWith({
      "functions.json": JSON.stringify({
        functions: [
          { id: "TARIFF", name: "BILLING.TARIFF" },
          { id: "TARIFF", name: "tariff" },
        ],
      }),
    });
    const messages = checkFunctions(manifest, path.join(bad, "functions.json")).map(
      (p) => p.message
    );
    expect(messages).toEqual([
      "function BILLING.TARIFF repeats the namespace: Excel would show BILLING.BILLING.TARIFF",
      "duplicate function id TARIFF",
      "function name tariff is not upper-case letters and digits",
    ]);
    expect(checkFunctions(manifest, path.join(bad, "nope.json"))[0].message).toMatch(
      /does not exist/
    );
  });
});
