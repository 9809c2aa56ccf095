import { budgetReport } from "../../../scripts/bundle-budget";

const KB = 1024;
/** Sizes of made-up files: gzip is a quarter of raw. */
const sizes: Record<string, number> = {
  "runtime.js": 4 * KB,
  "shared.js": 200 * KB,
  "functions.js": 40 * KB,
  "taskpane.js": 600 * KB,
  "commands.js": 4 * KB,
  "taskpane.html": 8 * KB,
  "taskpane.css": 4 * KB,
};
const sizeOf = (file: string) => ({ raw: sizes[file], gzip: sizes[file] / 4 });
const entrypoints = new Map([
  ["taskpane", ["runtime.js", "shared.js", "taskpane.js"]],
  ["functions", ["runtime.js", "shared.js", "functions.js"]],
  ["commands", ["runtime.js", "shared.js", "commands.js"]],
]);
const sharedRuntime = {
  page: "taskpane.html",
  entries: ["taskpane", "functions", "commands"],
  files: ["runtime.js", "shared.js", "taskpane.js", "taskpane.css", "functions.js", "commands.js"],
  repeatedModules: [],
};

describe("bundle budget report", () => {
  it("holds a production build to its budgets and names the bundle over budget", () => {
    const report = budgetReport({ entrypoints, sizeOf }, { production: true });
    expect(report.lines).toEqual([
      "Bundle sizes (office.js excluded):",
      "  taskpane     201.0 KB gzipped / 250 KB within budget",
      "  functions     61.0 KB gzipped / 60 KB OVER BUDGET",
      "  commands      52.0 KB gzipped / 60 KB within budget",
    ]);
    expect(report.errors).toEqual(['Bundle "functions" is 61.0 KB gzipped, over its 60 KB budget']);
  });

  it("only reports the sizes of a development build, never a budget verdict", () => {
    const report = budgetReport({ entrypoints, sizeOf }, { production: false });
    expect(report.errors).toEqual([]);
    expect(report.lines.join("\n")).not.toMatch(/budget$|OVER BUDGET|within budget/m);
    expect(report.lines[2]).toBe("  functions     61.0 KB gzipped");
  });

  it("counts each file the shared runtime's page loads once, the page included", () => {
    const report = budgetReport({ entrypoints, sizeOf, sharedRuntime }, { production: true });
    // 8 + 4 + 200 + 600 + 4 + 40 + 4 KB: the runtime and shared chunk once, not once per entry.
    expect(report.lines.at(-1)).toBe(
      "  shared runtime: taskpane.html loads taskpane + functions + commands = 7 files, " +
        `${860 * KB} bytes (215.0 KB gzipped), each module once`
    );
  });

  it("fails the build when the shared runtime would load a module twice", () => {
    const twice = { ...sharedRuntime, repeatedModules: ["./src/api/ids.ts"] };
    const report = budgetReport(
      { entrypoints, sizeOf, sharedRuntime: twice },
      { production: false }
    );
    expect(report.lines.at(-1)).toMatch(/, 1 module\(s\) twice$/);
    expect(report.errors).toEqual([
      "taskpane.html would load 1 module(s) twice (one runtime chunk and shared chunks keep one " +
        "copy): ./src/api/ids.ts",
    ]);
  });
});
