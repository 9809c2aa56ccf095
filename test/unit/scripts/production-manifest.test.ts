/**
 * The production build writes a manifest pointing at the company's add-in URL (`ADDIN_URL` or
 * `--env url=`, docs/it/deploy.md): every localhost:3000 address of manifest.xml becomes that URL, and a
 * URL that is not https is refused before anything is built. Reads webpack.config.js's own
 * CopyWebpackPlugin transform; no build is run. The unified manifest (dist/manifest.json) is written
 * from that same production XML.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { unifiedManifestJson } from "../../../scripts/lib/unified-manifest";

const ROOT = path.resolve(__dirname, "..", "..", "..");

type Transform = (content: Buffer) => string | Buffer;

async function manifestTransform(
  env: Record<string, unknown>,
  mode: string,
  to = "manifest.xml"
): Promise<Transform> {
  const makeConfig = require(path.join(ROOT, "webpack.config.js")) as (
    env: Record<string, unknown>,
    options: { mode: string }
  ) => Promise<{ plugins: { constructor: { name: string }; patterns?: unknown[] }[] }>;
  const config = await makeConfig({ WEBPACK_BUILD: true, ...env }, { mode });
  const copy = config.plugins.find((p) => p.constructor.name === "CopyPlugin");
  const patterns = (copy?.patterns ?? []) as { from: string; to?: string; transform?: Transform }[];
  const manifest = patterns.find((p) => p.from === "manifest.xml" && p.to === to);
  if (!manifest?.transform) throw new Error(`webpack.config.js writes no ${to}`);
  return manifest.transform;
}

describe("the production manifest", () => {
  const source = readFileSync(path.join(ROOT, "manifest.xml"));
  const previous = process.env.ADDIN_URL;
  afterEach(() => {
    if (previous === undefined) delete process.env.ADDIN_URL;
    else process.env.ADDIN_URL = previous;
  });

  it("points every address at ADDIN_URL", async () => {
    process.env.ADDIN_URL = "https://addin.example-utility.com/billing";
    const written = String((await manifestTransform({}, "production"))(source));
    expect(written).not.toContain("localhost");
    expect(written).toContain(
      '<SourceLocation DefaultValue="https://addin.example-utility.com/billing/taskpane.html" />'
    );
    expect(written).toContain(
      '<bt:Url id="Functions.Metadata.Url" DefaultValue="https://addin.example-utility.com/billing/functions.json">'
    );
    // The Dutch metadata is served from the deployment too.
    expect(written).toContain(
      '<bt:Override Locale="nl-NL" Value="https://addin.example-utility.com/billing/functions.nl-NL.json" />'
    );
  });

  it("takes --env url= as well, and leaves the development manifest on localhost", async () => {
    delete process.env.ADDIN_URL;
    const fromEnv = String(
      (await manifestTransform({ url: "https://excel.example.org/" }, "production"))(source)
    );
    expect(fromEnv).toContain("<AppDomain>https://excel.example.org</AppDomain>");
    const dev = String((await manifestTransform({}, "development"))(source));
    expect(dev).toBe(String(source));
  });

  it("refuses an add-in URL that is not https", async () => {
    process.env.ADDIN_URL = "http://addin.example-utility.com/";
    await expect(manifestTransform({}, "production")).rejects.toThrow(/ADDIN_URL must be https/);
  });

  it("writes manifest.json from the same production XML: ADDIN_URL everywhere, same id", async () => {
    process.env.ADDIN_URL = "https://addin.example-utility.com/billing/";
    const xml = String((await manifestTransform({}, "production"))(source));
    const json = String((await manifestTransform({}, "production", "manifest.json"))(source));
    expect(json).toBe(unifiedManifestJson(xml));
    expect(json).not.toContain("localhost");
    const manifest = JSON.parse(json) as {
      id: string;
      validDomains: string[];
      extensions: {
        runtimes: { code: { page: string }; customFunctions: { metadataUrl: string } }[];
      }[];
    };
    expect(manifest.id).toBe("5d3c9a41-7b2e-4f0c-9e61-2a8f4b7c1d93");
    expect(manifest.validDomains).toEqual(["https://addin.example-utility.com"]);
    const [runtime] = manifest.extensions[0].runtimes;
    expect(runtime.code.page).toBe("https://addin.example-utility.com/billing/taskpane.html");
    expect(runtime.customFunctions.metadataUrl).toBe(
      "https://addin.example-utility.com/billing/functions.json"
    );
  });
});
