import officeAddins from "eslint-plugin-office-addins";
import tsParser from "@typescript-eslint/parser";

/** Office globals: only src/excel, src/functions, src/taskpane, src/commands and src/preview may use them. */
const officeGlobals = ["Office", "Excel", "OfficeRuntime", "CustomFunctions", "OfficeExtension"].map((name) => ({
  name,
  message: "Office globals belong in src/excel, src/functions, src/taskpane or src/commands (docs/ARCHITECTURE.md).",
}));

export default [
  { ignores: ["dist/**", "node_modules/**", "coverage/**"] },
  ...officeAddins.configs.recommended,
  {
    plugins: { "office-addins": officeAddins },
    languageOptions: {
      parser: tsParser,
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        // Browser, Node and test-runner globals the code uses; TypeScript checks the rest.
        window: "readonly", document: "readonly", console: "readonly", setTimeout: "readonly",
        clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", fetch: "readonly",
        URL: "readonly", URLSearchParams: "readonly", AbortController: "readonly", AbortSignal: "readonly",
        Response: "readonly", Request: "readonly", Headers: "readonly", crypto: "readonly",
        process: "readonly", Buffer: "readonly", __dirname: "readonly", require: "readonly", module: "writable",
        globalThis: "readonly", performance: "readonly", queueMicrotask: "readonly", structuredClone: "readonly",
        TextEncoder: "readonly", TextDecoder: "readonly", HTMLElement: "readonly", Event: "readonly",
        CustomEvent: "readonly", EventTarget: "readonly", DOMException: "readonly", localStorage: "readonly",
        navigator: "readonly", location: "readonly", Blob: "readonly", FormData: "readonly",
        describe: "readonly", it: "readonly", test: "readonly", expect: "readonly", jest: "readonly",
        beforeAll: "readonly", afterAll: "readonly", beforeEach: "readonly", afterEach: "readonly",
        Office: "readonly", Excel: "readonly", OfficeRuntime: "readonly", CustomFunctions: "readonly",
        OfficeExtension: "readonly", NodeJS: "readonly", RequestInit: "readonly", BodyInit: "readonly",
        HeadersInit: "readonly", HTMLInputElement: "readonly", HTMLButtonElement: "readonly",
        HTMLSelectElement: "readonly", HTMLTextAreaElement: "readonly", HTMLTableElement: "readonly",
        HTMLDivElement: "readonly", KeyboardEvent: "readonly", MouseEvent: "readonly", Element: "readonly",
        Node: "readonly", DocumentFragment: "readonly", MutationObserver: "readonly",
      },
    },
    rules: {
      "no-undef": "off", // TypeScript's own checks cover undefined names better than eslint's.
      "no-redeclare": "off",
      // `_name` marks a deliberately unused binding (a rest-sibling, a callback's unused argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["src/api/**", "src/costs/**", "src/invoices/**", "simulator/**"],
    rules: { "no-restricted-globals": ["error", ...officeGlobals] },
  },
];
