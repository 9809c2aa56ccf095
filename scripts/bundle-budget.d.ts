/** Types of scripts/bundle-budget.js (plain JavaScript, because webpack.config.js requires it). */
import type { Compiler } from "webpack";

/** Gzipped budgets per entry, in bytes. */
export const BUDGETS: Record<string, number>;

/** What the shared runtime's page loads, and the modules found in more than one of its files. */
export interface SharedRuntimeLoad {
  page: string;
  entries: string[];
  files: string[];
  repeatedModules: string[];
}

/** The size report of one build: the lines to print and the errors that fail the build. */
export function budgetReport(
  build: {
    entrypoints: Map<string, string[]>;
    sizeOf: (file: string) => { raw: number; gzip: number };
    sharedRuntime?: SharedRuntimeLoad;
  },
  options: { production: boolean; budgets?: Record<string, number> }
): { lines: string[]; errors: string[] };

/** Prints the report after every build; fails a production build over budget. */
export class BundleBudgetPlugin {
  constructor(options: { enforce: boolean; sharedRuntime?: { page: string; entries: string[] } });
  apply(compiler: Compiler): void;
}
