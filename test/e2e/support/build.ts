/**
 * Builds the development bundle (task pane, functions, commands, preview) once, with office.js served
 * locally, into a temporary folder. Uses webpack's Node API with the project's own config, so the
 * e2e tests run exactly what `npm start` serves.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import webpack from "webpack";

/** Repository root. */
export const ROOT = path.resolve(__dirname, "../../..");

/** Plugins that only report (bundle budgets belong to the production build, not to these tests). */
const REPORT_ONLY_PLUGINS = new Set(["BundleBudgetPlugin"]);

/** Options of {@link buildDevelopmentBundle}. */
export interface BuildOptions {
  /** Where to build (default: a new temporary folder). */
  outDir?: string;
  /** Build-time environment, e.g. IT's connection (BILLING_BASE_URL…, scripts/it-connection.js). */
  env?: Record<string, string>;
}

/** Builds into a new temporary folder and returns its path; rejects with webpack's errors. */
export async function buildDevelopmentBundle(options: BuildOptions = {}): Promise<string> {
  const outDir = options.outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "billing-e2e-build-"));
  const makeConfig = require(path.join(ROOT, "webpack.config.js")) as (
    env: Record<string, unknown>,
    options: { mode: string }
  ) => Promise<webpack.Configuration>;
  // The config reads the build-time environment once, while it is made.
  const saved = { ...process.env };
  Object.assign(process.env, options.env ?? {});
  let config: webpack.Configuration;
  try {
    config = await makeConfig({ officejs: "local", WEBPACK_BUILD: true }, { mode: "development" });
  } finally {
    for (const key of Object.keys(options.env ?? {}))
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
  }
  config.mode = "development";
  config.context = ROOT;
  config.output = { ...config.output, path: outDir, clean: false };
  config.plugins = (config.plugins ?? []).filter(
    (p) => !REPORT_ONLY_PLUGINS.has(p?.constructor?.name ?? "")
  );
  config.infrastructureLogging = { level: "error" };
  config.stats = "errors-only";
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack(config, (err, result) => {
      if (err || !result) reject(err ?? new Error("webpack produced no result"));
      else resolve(result);
    });
  });
  if (stats.hasErrors()) {
    const messages = stats.toJson({ all: false, errors: true }).errors?.map((e) => e.message) ?? [];
    throw new Error(`The development build failed:\n${messages.slice(0, 5).join("\n\n")}`);
  }
  for (const file of ["preview.html", "taskpane.html", "functions.json"]) {
    if (!fs.existsSync(path.join(outDir, file))) throw new Error(`The build did not write ${file}`);
  }
  return outDir;
}
