/** Jest: ts-jest for TypeScript, and ESM-only dependencies (ky, p-limit, ...) transformed too. */
module.exports = {
  preset: "ts-jest/presets/js-with-ts",
  testEnvironment: "node",
  // The source folders are roots too, so coverage finds the files no test loads.
  roots: ["<rootDir>/test", "<rootDir>/src", "<rootDir>/preview", "<rootDir>/simulator", "<rootDir>/gateway", "<rootDir>/idp"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/test/e2e/"],
  transform: {
    "^.+\\.(?:[tj]sx?|mjs)$": ["ts-jest", { tsconfig: "tsconfig.jest.json", diagnostics: { warnOnly: false } }],
  },
  transformIgnorePatterns: [
    "/node_modules/(?!(?:.*/node_modules/)?(?:ky|strip-bom|uuid|p-limit|yocto-queue|p-queue|p-timeout|jose|@fluentui/web-components|@microsoft/fast-element|@microsoft/focusgroup-polyfill|tslib)/)",
  ],
  testTimeout: 30000,
  // jsdom lacks TextEncoder/TextDecoder, which browsers have and ky reads at load.
  setupFiles: ["<rootDir>/test/support/browser-globals.js"],
  // Coverage counts every source file, also those no test loads (they count as 0 %).
  collectCoverageFrom: [
    "src/**/*.ts",
    "preview/**/*.ts",
    "simulator/**/*.ts",
    "gateway/**/*.ts",
    // The local identity provider's pure parts; the rest runs in its own process (oidc-provider is
    // ESM-only on koa and never loads inside jest), tested through test/integration/idp.
    "idp/{claims,directory,options,pages}.ts",
    "!**/*.d.ts",
    // Command-line entries: they parse process.argv, listen on a port and run until a signal. What
    // they start (createSimulator, createGateway, readConfig) is covered through its index.ts.
    "!simulator/cli.ts",
    "!gateway/cli.ts",
    // Links taskpane.css through webpack's `new URL(…, import.meta.url)`, which jest's CommonJS
    // transform cannot compile; the e2e tests load it in Chromium.
    "!src/taskpane/styles.ts",
  ],
  coverageReporters: ["text-summary", "lcov"],
  // Enforced whenever coverage is collected (`npm test` runs `jest --coverage`): the figures of
  // unit + integration measured when the thresholds were set, less one point of margin, so that
  // merging small files or a retry branch that a run takes or not cannot fail CI, while a real drop
  // does. Reset on 2026-11-26 to lines 91.26 %, branches 81.94 %, statements 89.4 %, functions
  // 83.49 % (before: 93.38 / 83.33 / 91.38 / 84.54): the Office-facing code added for every host
  // (the sign-in dialog page, Office's auth and window calls, the run card's renderer) is driven by
  // the Chromium tests, which jest's coverage does not count. A run of only some tests is not held
  // to them unless it asks for --coverage.
  coverageThreshold: {
    global: { lines: 90, branches: 80.9, statements: 88.4, functions: 82.4 },
  },
};
