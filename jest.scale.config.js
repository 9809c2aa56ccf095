/**
 * Jest for the scale proofs (`npm run fault:scale`): the fault suite at 5,000 invoices.
 * Minutes long, so not part of `npm test`.
 */
const base = require("./jest.config");

module.exports = {
  ...base,
  roots: ["<rootDir>/test"],
  testMatch: ["**/test/scale/**/*.scale.ts"],
  testPathIgnorePatterns: ["/node_modules/"],
  coverageThreshold: undefined,
  testTimeout: 900000,
};
