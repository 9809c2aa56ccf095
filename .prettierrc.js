/* eslint-disable no-undef, @typescript-eslint/no-require-imports */
// office-addin-prettier-config, with the house print width (STYLE.md).
module.exports = { ...require("office-addin-prettier-config"), printWidth: 100 };
