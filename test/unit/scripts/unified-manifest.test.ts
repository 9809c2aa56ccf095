/**
 * Both manifests from one source: manifest.json is what manifest.xml generates
 * (scripts/lib/unified-manifest.js), it passes Microsoft's published unified-manifest schema offline
 * (@microsoft/app-manifest), and the two agree on the add-in id, URLs, namespace, ribbon and runtime.
 * The ribbon follows Microsoft's shared-runtime guide.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  checkAgreement,
  checkUnifiedSchema,
  jsonDifferences,
  unifiedSchemaPath,
} from "../../../scripts/lib/unified-checks";
import {
  MANIFEST_VERSION,
  readXmlManifest,
  unifiedManifestJson,
  type UnifiedManifest,
} from "../../../scripts/lib/unified-manifest";

const root = path.resolve(__dirname, "../../..");
const xmlFile = path.join(root, "manifest.xml");
const jsonFile = path.join(root, "manifest.json");
const xml = readXmlManifest(readFileSync(xmlFile));
const json = JSON.parse(readFileSync(jsonFile, "utf8")) as UnifiedManifest;

function writeJson(value: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "unified-")), "manifest.json");
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

const copy = (): UnifiedManifest => JSON.parse(JSON.stringify(json)) as UnifiedManifest;

describe("manifest.json, the unified manifest", () => {
  it("is exactly what manifest.xml generates (run `npm run manifest:json` after editing the XML)", () => {
    expect(readFileSync(jsonFile, "utf8")).toBe(unifiedManifestJson(readFileSync(xmlFile)));
    expect(checkAgreement(xmlFile, jsonFile)).toEqual([]);
  });

  it("passes Microsoft's published schema, read from @microsoft/app-manifest (no network)", async () => {
    expect(json.$schema).toBe(
      `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.schema.json`
    );
    expect(unifiedSchemaPath(MANIFEST_VERSION)).toContain(
      path.join("node_modules", "@microsoft", "app-manifest")
    );
    await expect(checkUnifiedSchema(jsonFile)).resolves.toEqual([]);
  });

  it("reports what Microsoft's schema refuses", async () => {
    const broken = copy() as Record<string, unknown> & UnifiedManifest;
    delete broken.accentColor;
    broken.extensions[0].ribbons[0].tabs[0].groups[0].controls[0].label = "x".repeat(65);
    const messages = (await checkUnifiedSchema(writeJson(broken))).map((p) => p.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining("must have required property 'accentColor'"),
        expect.stringMatching(
          /^\/extensions\/0\/ribbons\/0\/tabs\/0\/groups\/0\/controls\/0\/label must NOT have more than 64 characters/
        ),
      ])
    );
    const unknownVersion = { ...copy(), manifestVersion: "0.9" };
    await expect(checkUnifiedSchema(writeJson(unknownVersion))).resolves.toEqual([
      {
        check: "unified",
        message: 'manifestVersion "0.9" has no schema in @microsoft/app-manifest',
      },
    ]);
  });

  it("agrees with manifest.xml on the id, URLs, namespace, ribbon and runtime", () => {
    expect(json.id).toBe(xml.id);
    expect(json.version).toBe(xml.version.split(".").slice(0, 3).join("."));
    expect(json.validDomains).toEqual(xml.appDomains);
    const [extension] = json.extensions;
    expect(extension.requirements.capabilities).toEqual(xml.requirementSets);
    const [runtime] = extension.runtimes;
    expect(runtime.code).toEqual({ page: xml.runtime?.url, script: xml.customFunctions.script });
    expect(runtime.lifetime).toBe("long");
    expect(runtime.customFunctions).toEqual({
      namespace: { id: "BILLING", name: "BILLING" },
      metadataUrl: xml.customFunctions.metadata,
    });
    expect(xml.customFunctions.namespace).toBe("BILLING");

    const xmlControls = xml.tabs.flatMap((t) => t.groups.flatMap((g) => g.controls));
    const jsonControls = extension.ribbons[0].tabs.flatMap((t) =>
      t.groups.flatMap((g) => g.controls)
    );
    expect(extension.ribbons[0].tabs.map((t) => t.builtInTabId)).toEqual(["TabHome"]);
    expect(jsonControls.map((c) => [c.id, c.label, c.supertip.description, c.icons])).toEqual(
      xmlControls.map((c) => [c.id, c.label, c.tooltip, c.icons])
    );
    // Each button's action lives in the one runtime: the task pane opens its page, Refresh runs the
    // function commands.ts registers with Office.actions.associate("refreshBilling", …).
    expect(jsonControls.map((c) => c.actionId)).toEqual(["BillingTaskpane", "refreshBilling"]);
    expect(runtime.actions).toEqual([
      { id: "BillingTaskpane", type: "openPage" },
      { id: "refreshBilling", type: "executeFunction" },
    ]);
    expect(readFileSync(path.join(root, "src/commands/commands.ts"), "utf8")).toContain(
      'Office.actions.associate("refreshBilling"'
    );
  });

  it("names every place where a hand-edited manifest.json drifted from the XML", () => {
    const drifted = copy();
    drifted.id = "00000000-0000-4000-8000-000000000000";
    drifted.extensions[0].runtimes[0].customFunctions.namespace.id = "BILL";
    drifted.extensions[0].runtimes[0].code.page = "https://localhost:3000/other.html";
    expect(checkAgreement(xmlFile, writeJson(drifted)).map((p) => p.message)).toEqual([
      "id differs from what " + xmlFile + " gives (run `npm run manifest:json`)",
      "extensions[0].runtimes[0].code.page differs from what " +
        xmlFile +
        " gives (run `npm run manifest:json`)",
      "extensions[0].runtimes[0].customFunctions.namespace.id differs from what " +
        xmlFile +
        " gives (run `npm run manifest:json`)",
    ]);
    expect(jsonDifferences({ a: [1, 2] }, { a: [1, 3], b: true })).toEqual(["a[1]", "b"]);
  });
});

describe("manifest.xml, per Microsoft's shared-runtime guide", () => {
  // learn.microsoft.com/office/dev/add-ins/develop/configure-your-add-in-to-use-a-shared-runtime:
  // one resid (Taskpane.Url) for the Runtime, the functions' Page, the FunctionFile and the task
  // pane's ShowTaskpane action, lifetime long; one task pane only, and "any task pane without a
  // <TaskpaneId> is considered a different task pane" — so the one button keeps its TaskpaneId.
  it("loads one page in one long-lived runtime for the pane, the functions and the commands", () => {
    expect(xml.runtime).toEqual({ url: "https://localhost:3000/taskpane.html", lifetime: "long" });
    expect(xml.customFunctions.page).toBe(xml.runtime?.url);
    expect(xml.functionFile).toBe(xml.runtime?.url);
    expect(xml.sourceLocation).toBe(xml.runtime?.url);
    expect(xml.requirementSets).toEqual(
      expect.arrayContaining([{ name: "SharedRuntime", minVersion: "1.1" }])
    );
  });

  it("has one ShowTaskpane button, opening that page, with the one task pane's TaskpaneId", () => {
    const actions = xml.tabs
      .flatMap((t) => t.groups.flatMap((g) => g.controls))
      .map((c) => c.action)
      .filter((a) => a.type === "ShowTaskpane");
    expect(actions).toEqual([
      { type: "ShowTaskpane", taskpaneId: "BillingTaskpane", page: xml.runtime?.url },
    ]);
  });
});
