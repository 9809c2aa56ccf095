/** Jest: ts-jest for TypeScript, and ESM-only dependencies (ky, p-limit, ...) transformed too. */
module.exports = {
  preset: "ts-jest/presets/js-with-ts",
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/test/e2e/"],
  transform: {
    "^.+\\.[tj]sx?$": ["ts-jest", { tsconfig: "tsconfig.jest.json", diagnostics: { warnOnly: false } }],
  },
  transformIgnorePatterns: [
    "/node_modules/(?!(?:.*/node_modules/)?(?:ky|strip-bom|uuid|p-limit|yocto-queue|p-queue|p-timeout)/)",
  ],
  testTimeout: 30000,
};
