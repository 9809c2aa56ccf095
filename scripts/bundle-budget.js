/* eslint-disable no-undef, @typescript-eslint/no-require-imports */
/**
 * Prints each entry point's gzipped size after a build and fails a production build that breaks a
 * budget (issue 6: functions < 60 KB, task pane < 250 KB, office.js excluded — it comes from the CDN).
 */
const zlib = require("zlib");

const KB = 1024;
const BUDGETS = { functions: 60 * KB, taskpane: 250 * KB, commands: 60 * KB };

class BundleBudgetPlugin {
  constructor({ enforce }) {
    this.enforce = enforce;
  }

  apply(compiler) {
    // `emit`: the sources are still in memory (after emit webpack may have released them).
    compiler.hooks.emit.tap("BundleBudgetPlugin", (compilation) => {
      const lines = [];
      for (const [name, entry] of compilation.entrypoints) {
        let gzipped = 0;
        for (const chunk of entry.chunks) {
          for (const file of chunk.files) {
            if (!file.endsWith(".js")) continue;
            gzipped += zlib.gzipSync(compilation.getAsset(file).source.buffer(), { level: 9 }).length;
          }
        }
        const budget = BUDGETS[name];
        const verdict = budget === undefined ? "" : gzipped <= budget ? "within budget" : "OVER BUDGET";
        const budgetText = budget === undefined ? "" : ` / ${(budget / KB).toFixed(0)} KB`;
        lines.push(`  ${name.padEnd(10)} ${(gzipped / KB).toFixed(1).padStart(7)} KB gzipped${budgetText} ${verdict}`);
        if (this.enforce && budget !== undefined && gzipped > budget) {
          compilation.errors.push(new Error(`Bundle "${name}" is ${(gzipped / KB).toFixed(1)} KB gzipped, over its ${(budget / KB).toFixed(0)} KB budget`));
        }
      }
      console.log(`Bundle sizes (office.js excluded):\n${lines.join("\n")}`);
    });
  }
}

module.exports = { BundleBudgetPlugin, BUDGETS };
