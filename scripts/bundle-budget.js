/* eslint-disable no-undef, @typescript-eslint/no-require-imports */
/**
 * Prints each entry point's gzipped size after a build, and what the shared runtime loads: its page
 * (taskpane.html) and every file of the entries that page loads, each file once. Fails the build
 * when a module sits in two of those files (the shared runtime would run it twice), and fails a
 * production build that breaks a budget (functions < 60 KB, task pane < 250 KB; office.js
 * excluded — it comes from the CDN). A development build is not minified, so it reports sizes only.
 */
const zlib = require("zlib");

const KB = 1024;
const BUDGETS = { functions: 60 * KB, taskpane: 250 * KB, commands: 60 * KB };

const kb = (bytes) => (bytes / KB).toFixed(1);
const sum = (files, sizeOf, key) => files.reduce((total, file) => total + sizeOf(file)[key], 0);

/**
 * The report of one build.
 * @param {object} build
 * @param {Map<string, string[]>} build.entrypoints entry name → its scripts (runtime and shared chunks included)
 * @param {(file: string) => { raw: number, gzip: number }} build.sizeOf bytes of one emitted file
 * @param {{ page: string, entries: string[], files: string[], repeatedModules: string[] }} [build.sharedRuntime]
 *   what the shared runtime's page loads: the page itself and every file, and the modules found in more than one file
 * @param {{ production: boolean, budgets?: Record<string, number> }} options
 * @returns {{ lines: string[], errors: string[] }}
 */
function budgetReport({ entrypoints, sizeOf, sharedRuntime }, { production, budgets = BUDGETS }) {
  const lines = [
    production
      ? "Bundle sizes (office.js excluded):"
      : "Bundle sizes (office.js excluded; development build: budgets apply to the production build):",
  ];
  const errors = [];
  for (const [name, files] of entrypoints) {
    const gzipped = sum(files, sizeOf, "gzip");
    const budget = budgets[name];
    let verdict = "";
    if (production && budget !== undefined) {
      const limit = `${(budget / KB).toFixed(0)} KB`;
      verdict = ` / ${limit} ${gzipped <= budget ? "within budget" : "OVER BUDGET"}`;
      if (gzipped > budget)
        errors.push(`Bundle "${name}" is ${kb(gzipped)} KB gzipped, over its ${limit} budget`);
    }
    lines.push(`  ${name.padEnd(10)} ${kb(gzipped).padStart(7)} KB gzipped${verdict}`);
  }
  if (sharedRuntime) {
    const { page, entries, files, repeatedModules } = sharedRuntime;
    const all = [page, ...files.filter((file) => file !== page)];
    lines.push(
      `  shared runtime: ${page} loads ${entries.join(" + ")} = ${all.length} files, ` +
        `${sum(all, sizeOf, "raw")} bytes (${kb(sum(all, sizeOf, "gzip"))} KB gzipped), ` +
        (repeatedModules.length === 0
          ? "each module once"
          : `${repeatedModules.length} module(s) twice`)
    );
    if (repeatedModules.length > 0) {
      errors.push(
        `${page} would load ${repeatedModules.length} module(s) twice (one runtime chunk and shared chunks ` +
          `keep one copy): ${repeatedModules.slice(0, 5).join(", ")}`
      );
    }
  }
  return { lines, errors };
}

/** The source modules of a chunk, with the modules webpack concatenated into one listed one by one. */
function moduleNames(compilation, chunk) {
  const names = [];
  for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
    const inner = module.modules ? [...module.modules] : [module];
    for (const each of inner) {
      if (each.resource) names.push(each.readableIdentifier(compilation.requestShortener));
    }
  }
  return names;
}

/** What `page` loads: its own file, the scripts and styles of `entries`; and modules in two chunks. */
function sharedRuntimeOf(compilation, page, entries) {
  const chunks = new Set(
    entries.flatMap((name) => compilation.entrypoints.get(name)?.chunks ?? [])
  );
  const files = new Set();
  const seen = new Map();
  for (const chunk of chunks) {
    for (const file of [...chunk.files, ...chunk.auxiliaryFiles]) {
      if (!file.endsWith(".map")) files.add(file);
    }
    for (const name of moduleNames(compilation, chunk)) seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  const repeatedModules = [...seen].filter(([, count]) => count > 1).map(([name]) => name);
  return { page, entries, files: [...files], repeatedModules };
}

class BundleBudgetPlugin {
  /**
   * @param {{ enforce: boolean, sharedRuntime?: { page: string, entries: string[] } }} options
   *   enforce: a production build (budgets apply); sharedRuntime: the page the shared runtime opens
   */
  constructor({ enforce, sharedRuntime }) {
    this.production = enforce;
    this.sharedRuntime = sharedRuntime;
  }

  apply(compiler) {
    // `emit`: the sources are still in memory (after emit webpack may have released them).
    compiler.hooks.emit.tap("BundleBudgetPlugin", (compilation) => {
      const sizes = new Map();
      const sizeOf = (file) => {
        if (!sizes.has(file)) {
          const buffer = compilation.getAsset(file).source.buffer();
          sizes.set(file, { raw: buffer.length, gzip: zlib.gzipSync(buffer, { level: 9 }).length });
        }
        return sizes.get(file);
      };
      const entrypoints = new Map();
      for (const [name, entry] of compilation.entrypoints) {
        entrypoints.set(
          name,
          entry.getFiles().filter((file) => file.endsWith(".js"))
        );
      }
      const sharedRuntime =
        this.sharedRuntime && compilation.getAsset(this.sharedRuntime.page)
          ? sharedRuntimeOf(compilation, this.sharedRuntime.page, this.sharedRuntime.entries)
          : undefined;
      const { lines, errors } = budgetReport(
        { entrypoints, sizeOf, sharedRuntime },
        { production: this.production }
      );
      console.log(lines.join("\n"));
      for (const message of errors) compilation.errors.push(new Error(message));
    });
  }
}

module.exports = { BundleBudgetPlugin, BUDGETS, budgetReport };
