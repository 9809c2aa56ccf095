import officeAddins from "eslint-plugin-office-addins";
import tsParser from "@typescript-eslint/parser";

/** Office globals: only src/excel, src/functions, src/taskpane, src/commands and preview may use them. */
const officeGlobals = [
  "Office",
  "Excel",
  "OfficeRuntime",
  "CustomFunctions",
  "OfficeExtension",
].map((name) => ({
  name,
  message:
    "Office globals belong in src/excel, src/functions, src/taskpane or src/commands (docs/developers/architecture.md).",
}));

/**
 * Layers and their public entries (docs/developers/architecture.md "Folders: job and public entry"). Code
 * outside a layer imports it through its `index.ts` only, and only in the layers' direction:
 * taskpane/commands → functions → excel → invoices/costs → api, and auth (sign-in) → api used by
 * functions, taskpane and commands; i18n (the message catalogue) imports nothing and is used by
 * every other layer (below the pane and the functions with the language passed in). Tests may import inner modules
 * (unit tests of inner modules), so the rule covers `src`, `simulator` and `gateway` only.
 */
const LAYERS = ["api", "costs", "invoices", "excel", "functions", "auth", "i18n"];
const ALLOWED = {
  // The message catalogue: pure words, imports no layer; the layers that show words use
  // it, the language always passed in by the pane or the functions (never read below them).
  api: ["i18n"],
  i18n: [],
  costs: ["api", "i18n"],
  invoices: ["api", "i18n"],
  excel: ["invoices", "api", "i18n"],
  auth: ["api"],
  functions: ["auth", "excel", "invoices", "costs", "api", "i18n"],
  taskpane: ["auth", "functions", "excel", "invoices", "costs", "api", "i18n"],
  commands: ["auth", "functions", "excel", "invoices", "costs", "api", "i18n"],
  "signin-dialog": ["auth", "api", "i18n"],
};
const FOLDERS = Object.keys(ALLOWED);

/** `../` repeated: how a file `depth` folders below src/ reaches src/. */
const up = (depth) => "\\.\\./".repeat(depth);

/** The restricted-import patterns for a file in src/<folder>/, `depth` folders below src/. */
function layerPatterns(folder, depth) {
  const toSrc = up(depth);
  const others = LAYERS.filter((layer) => layer !== folder);
  const forbidden = FOLDERS.filter((f) => f !== folder && !ALLOWED[folder].includes(f));
  const patterns = [
    {
      regex: `^${toSrc}(${others.join("|")})/(?!index$).+`,
      message: "Import another layer through its index.ts only (docs/developers/architecture.md).",
    },
    {
      regex: `^(\\.\\./)+(simulator|gateway|test)(/|$)`,
      message:
        "src never imports the simulator, the gateway or tests (docs/developers/architecture.md).",
    },
  ];
  if (forbidden.length > 0) {
    patterns.push({
      regex: `^${toSrc}(${forbidden.join("|")})(/|$)`,
      message:
        ALLOWED[folder].length === 0
          ? `src/${folder} imports no other layer (the layers' direction, docs/developers/architecture.md).`
          : `src/${folder} may import only ${ALLOWED[folder].join(", ")} (the layers' direction, docs/developers/architecture.md).`,
    });
  }
  return patterns;
}

/**
 * The invoice engine (src/invoices/engine/) knows no action: it is handed the registry
 * (src/invoices/actions/registry.ts) when a run starts, so it never imports src/invoices/actions
 * (docs/developers/architecture.md "One engine").
 */
const ENGINE_KNOWS_NO_ACTION = {
  regex: "^\\.\\./actions(/|$)",
  message:
    "The engine never imports an action: it is handed the registry when a run starts (docs/developers/architecture.md).",
};

/** One config object per folder and depth (a later object's rule replaces an earlier one's). */
const layerRules = FOLDERS.flatMap((folder) =>
  [1, 2, 3].map((depth) => ({
    files: [`src/${folder}/${"*/".repeat(depth - 1)}*.ts`],
    rules: { "no-restricted-imports": ["error", { patterns: layerPatterns(folder, depth) }] },
  }))
).concat({
  files: ["src/invoices/engine/*.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: [...layerPatterns("invoices", 2), ENGINE_KNOWS_NO_ACTION] },
    ],
  },
});

/** The simulator and the gateway take from src only what describes the service, via src/api. */
const SERVICE_DESCRIPTION = [
  "CORS_EXPOSED_HEADERS",
  "CORS_REQUIRED_HEADERS",
  "GATEWAY_TOKEN_FAILED",
  "GATEWAY_REFUSAL_KEYS",
  "BILLING_ROLES",
  "GATEWAY_USER_SCOPE",
  "isServiceId",
];
const serviceRules = ["simulator", "gateway"].flatMap((folder) =>
  [1, 2, 3].map((depth) => ({
    files: [`${folder}/${"*/".repeat(depth - 1)}*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^${up(depth)}src/(?!api$|api/index$)`,
              message: `${folder} imports from src only through src/api/index.ts (docs/developers/architecture.md).`,
            },
            {
              regex: `^${up(depth)}src/api(/index)?$`,
              allowImportNames: SERVICE_DESCRIPTION,
              message: `${folder} takes from src/api only what describes the service: ${SERVICE_DESCRIPTION.join(", ")}.`,
            },
          ],
        },
      ],
    },
  }))
);

/**
 * The preview (a test double of Excel, outside src/) takes from src only through a layer's
 * index.ts, never from src/invoices, and never reads the simulator, the gateway or tests.
 */
const previewRules = [1, 2, 3].map((depth) => ({
  files: [`preview/${"*/".repeat(depth - 1)}*.ts`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `^${up(depth)}src/invoices(/|$)`,
            message:
              "The preview takes nothing from src/invoices (docs/developers/architecture.md).",
          },
          {
            regex: `^${up(depth)}src/[a-z]+/(?!index$).+`,
            message:
              "The preview imports src only through a layer's index.ts (docs/developers/architecture.md).",
          },
          {
            regex: `^(\\.\\./)+(simulator|gateway|idp|test)(/|$)`,
            message:
              "The preview never imports the simulator, the gateway or tests (docs/developers/architecture.md).",
          },
        ],
      },
    ],
  },
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
        window: "readonly",
        document: "readonly",
        console: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        fetch: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        Response: "readonly",
        Request: "readonly",
        Headers: "readonly",
        crypto: "readonly",
        process: "readonly",
        Buffer: "readonly",
        __dirname: "readonly",
        require: "readonly",
        module: "writable",
        globalThis: "readonly",
        performance: "readonly",
        queueMicrotask: "readonly",
        structuredClone: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        HTMLElement: "readonly",
        Event: "readonly",
        CustomEvent: "readonly",
        EventTarget: "readonly",
        DOMException: "readonly",
        localStorage: "readonly",
        navigator: "readonly",
        location: "readonly",
        Blob: "readonly",
        FormData: "readonly",
        describe: "readonly",
        it: "readonly",
        test: "readonly",
        expect: "readonly",
        jest: "readonly",
        beforeAll: "readonly",
        afterAll: "readonly",
        beforeEach: "readonly",
        afterEach: "readonly",
        Office: "readonly",
        Excel: "readonly",
        OfficeRuntime: "readonly",
        CustomFunctions: "readonly",
        OfficeExtension: "readonly",
        NodeJS: "readonly",
        RequestInit: "readonly",
        BodyInit: "readonly",
        HeadersInit: "readonly",
        HTMLInputElement: "readonly",
        HTMLButtonElement: "readonly",
        HTMLSelectElement: "readonly",
        HTMLTextAreaElement: "readonly",
        HTMLTableElement: "readonly",
        HTMLDivElement: "readonly",
        KeyboardEvent: "readonly",
        MouseEvent: "readonly",
        Element: "readonly",
        Node: "readonly",
        DocumentFragment: "readonly",
        MutationObserver: "readonly",
      },
    },
    rules: {
      "no-undef": "off", // TypeScript's own checks cover undefined names better than eslint's.
      "no-redeclare": "off",
      // `_name` marks a deliberately unused binding (a rest-sibling, a callback's unused argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Each function one idea a newcomer can read: none in shipped code over 150 lines.
    files: ["src/**/*.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: [
      "src/api/**",
      "src/auth/**",
      "src/costs/**",
      "src/i18n/**",
      "src/invoices/**",
      "simulator/**",
    ],
    rules: { "no-restricted-globals": ["error", ...officeGlobals] },
  },
  ...layerRules,
  ...serviceRules,
  ...previewRules,
];
