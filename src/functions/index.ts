/**
 * The custom functions layer's public entry for the other layers: the Refresh command. The functions
 * themselves are registered by the webpack entry `functions.ts` (its JSDoc makes `functions.json`),
 * which nothing imports.
 */
export { refresh } from "./connection";
export { officeDisplayLanguage, speakOfficeLanguage } from "./display-language";
