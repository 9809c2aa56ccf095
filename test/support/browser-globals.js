/**
 * jsdom (the `@jest-environment jsdom` tests) lacks TextEncoder and TextDecoder, which every browser
 * the add-in runs in has and ky reads when it loads. The preview and the task pane reach ky through
 * the layers' index files (src/api/index.ts), so the jsdom tests get Node's own classes.
 */
const { TextDecoder, TextEncoder } = require("node:util");

if (typeof globalThis.TextEncoder === "undefined") globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === "undefined") globalThis.TextDecoder = TextDecoder;
