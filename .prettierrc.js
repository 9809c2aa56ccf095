/* eslint-disable no-undef, @typescript-eslint/no-require-imports */
// office-addin-prettier-config, with the house print width of 100.
module.exports = { ...require("office-addin-prettier-config"), printWidth: 100 };
