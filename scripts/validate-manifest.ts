/**
 * `npm run validate`: both manifests — manifest.xml and manifest.json, and the production pair the
 * build writes into dist/ — checked offline, with nothing from the system (no xmllint, no network):
 * the XML against Microsoft's XSDs (libxml2 in WebAssembly), the JSON against Microsoft's published
 * unified-manifest schema (@microsoft/app-manifest), and each JSON against the XML it comes from.
 * Builds `dist/` first when it is missing. Exit code 1 when anything is wrong.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  checkFiles,
  checkFunctions,
  checkHttps,
  checkResids,
  checkSchema,
  type ManifestProblem,
} from "./lib/manifest-checks";
import { checkAgreement, checkUnifiedSchema } from "./lib/unified-checks";
import { parseXml } from "./lib/unified-manifest";

const root = path.resolve(__dirname, "..");
const dist = path.join(root, "dist");

function baseUrlOf(manifest: string): string {
  const source = parseXml(readFileSync(manifest)).one(
    "//*[local-name()='DefaultSettings']/*[local-name()='SourceLocation']/@DefaultValue"
  );
  return new URL(".", source).href;
}

function report(name: string, what: string, problems: ManifestProblem[]): boolean {
  if (problems.length === 0) {
    console.log(`✔ ${name}: ${what} all check out`);
    return true;
  }
  console.error(`✘ ${name}: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  [${problem.check}] ${problem.message}`);
  return false;
}

async function checkXml(manifest: string, functionsJson: string): Promise<ManifestProblem[]> {
  const problems = [
    ...(await checkSchema(manifest)),
    ...checkResids(manifest),
    ...checkHttps(manifest),
    ...checkFunctions(manifest, functionsJson),
  ];
  if (manifest.startsWith(dist)) problems.push(...checkFiles(manifest, dist, baseUrlOf(manifest)));
  return problems;
}

async function main(): Promise<void> {
  const built = ["manifest.xml", "manifest.json", "functions.json"];
  if (!built.every((file) => existsSync(path.join(dist, file)))) {
    console.log("dist/ has no build yet: running the production build first");
    const build = spawnSync("npx", ["webpack", "--mode", "production"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const functionsJson = path.join(dist, "functions.json");
  let ok = true;
  for (const folder of [root, dist]) {
    const xml = path.join(folder, "manifest.xml");
    const json = path.join(folder, "manifest.json");
    const name = (file: string) => path.relative(root, file);
    ok =
      report(
        name(xml),
        "XSD schema, resids, https, files and functions",
        await checkXml(xml, functionsJson)
      ) && ok;
    const unified = [...(await checkUnifiedSchema(json)), ...checkAgreement(xml, json)];
    ok =
      report(name(json), `unified-manifest schema and agreement with ${name(xml)}`, unified) && ok;
  }
  process.exit(ok ? 0 : 1);
}

void main();
