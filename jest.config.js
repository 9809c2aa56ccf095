/** Jest: ts-jest for TypeScript, and ESM-only dependencies (ky, p-limit, ...) transformed too. */
module.exports = {
  preset: "ts-jest/presets/js-with-ts",
  testEnvironment: "node",
  // The source folders are roots too, so coverage finds the files no test loads.
  roots: ["<rootDir>/test", "<rootDir>/src", "<rootDir>/simulator", "<rootDir>/gateway"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/test/e2e/"],
  transform: {
    "^.+\\.(?:[tj]sx?|mjs)$": ["ts-jest", { tsconfig: "tsconfig.jest.json", diagnostics: { warnOnly: false } }],
  },
  transformIgnorePatterns: [
    "/node_modules/(?!(?:.*/node_modules/)?(?:ky|strip-bom|uuid|p-limit|yocto-queue|p-queue|p-timeout|@fluentui/web-components|@microsoft/fast-element|@microsoft/focusgroup-polyfill|tslib)/)",
  ],
  testTimeout: 30000,
  // Coverage counts every source file, also those no test loads (they count as 0 %).
  collectCoverageFrom: [
    "src/**/*.ts",
    "simulator/**/*.ts",
    "gateway/**/*.ts",
    "!**/*.d.ts",
  ],
  coverageReporters: ["text-summary", "text", "lcov"],
};
