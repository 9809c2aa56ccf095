/**
 * `npm run validate`: the manifest and the production manifest the build writes, checked offline.
 * Builds `dist/` first when it is missing. Exit code 1 when anything is wrong.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import {
  checkFiles,
  checkFunctions,
  checkHttps,
  checkResids,
  checkSchema,
  hasXmllint,
  type ManifestProblem,
} from "./lib/manifest-checks";

const root = path.resolve(__dirname, "..");
const dist = path.join(root, "dist");

function baseUrlOf(manifestSourceUrl: string): string {
  return new URL(".", manifestSourceUrl).href;
}

function sourceLocation(manifest: string): string {
  const run = spawnSync(
    "xmllint",
    [
      "--nonet",
      "--xpath",
      "string(//*[local-name()='DefaultSettings']/*[local-name()='SourceLocation']/@DefaultValue)",
      manifest,
    ],
    { encoding: "utf8" }
  );
  return run.stdout.trim();
}

function report(name: string, problems: ManifestProblem[]): boolean {
  if (problems.length === 0) {
    console.log(`✔ ${name}: schema, resids, https, files and functions all check out`);
    return true;
  }
  console.error(`✘ ${name}: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  [${problem.check}] ${problem.message}`);
  return false;
}

function main(): void {
  if (!hasXmllint()) {
    console.error(
      "xmllint is missing: install it with `apt-get install -y libxml2-utils` (Debian/Ubuntu)."
    );
    process.exit(1);
  }
  if (
    !existsSync(path.join(dist, "manifest.xml")) ||
    !existsSync(path.join(dist, "functions.json"))
  ) {
    console.log("dist/ has no build yet: running the production build first");
    const build = spawnSync("npx", ["webpack", "--mode", "production"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const functionsJson = path.join(dist, "functions.json");
  const manifests = [path.join(root, "manifest.xml"), path.join(dist, "manifest.xml")];
  let ok = true;
  for (const manifest of manifests) {
    const problems = [
      ...checkSchema(manifest),
      ...checkResids(manifest),
      ...checkHttps(manifest),
      ...checkFunctions(manifest, functionsJson),
    ];
    if (manifest.startsWith(dist))
      problems.push(...checkFiles(manifest, dist, baseUrlOf(sourceLocation(manifest))));
    ok = report(path.relative(root, manifest), problems) && ok;
  }
  process.exit(ok ? 0 : 1);
}

main();
