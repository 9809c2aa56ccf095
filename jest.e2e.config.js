/**
 * Jest for the browser end-to-end tests (test/e2e, `npx jest -c jest.e2e.config.js`): one
 * development build in the global setup, then Chromium against the preview and the simulator.
 */
const base = require("./jest.config.js");

module.exports = {
  ...base,
  roots: ["<rootDir>/test/e2e"],
  testMatch: ["**/*.e2e.test.ts"],
  testPathIgnorePatterns: ["/node_modules/"],
  globalSetup: "<rootDir>/test/e2e/global-setup.ts",
  globalTeardown: "<rootDir>/test/e2e/global-teardown.ts",
  // One browser at a time on a small machine; the files share the build, not the browser.
  maxWorkers: 1,
  testTimeout: 120000,
};
