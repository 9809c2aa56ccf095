/**
 * The layer rule of eslint.config.mjs (docs/developers/architecture.md "Folders: job and public entry"): planted
 * imports are linted with the project's own configuration, through ESLint's Node API, as if they
 * stood in the named file. ESLint loads the ESM config with `import()`, which jest's CommonJS sandbox
 * does not offer, so the linting runs in one child Node process for all cases.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

interface Case {
  filePath: string;
  code: string;
}

/** ESLint's message for an import its pattern refuses. */
const refused = (specifier: string, why: string) =>
  `'${specifier}' import is restricted from being used by a pattern. ${why}`;
const DEEP = "Import another layer through its index.ts only (docs/developers/architecture.md).";
const PREVIEW_NO_SIMULATOR =
  "The preview never imports the simulator, the gateway or tests (docs/developers/architecture.md).";
const PREVIEW_NO_INVOICES =
  "The preview takes nothing from src/invoices (docs/developers/architecture.md).";
const direction = (folder: string, allowed: string) =>
  `src/${folder} may import only ${allowed} (the layers' direction, docs/developers/architecture.md).`;
const API_ALONE =
  "src/api may import only i18n (the layers' direction, docs/developers/architecture.md).";
const SIMULATOR_VIA_API =
  "simulator imports from src only through src/api/index.ts (docs/developers/architecture.md).";
const SERVICE_ONLY =
  "'createBillingClient' import from '../src/api' is restricted because only 'CORS_EXPOSED_HEADERS,CORS_REQUIRED_HEADERS,GATEWAY_TOKEN_FAILED,GATEWAY_REFUSAL_KEYS,BILLING_ROLES,GATEWAY_USER_SCOPE,isServiceId' import(s) is/are allowed. simulator takes from src/api only what describes the service: CORS_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS, GATEWAY_TOKEN_FAILED, GATEWAY_REFUSAL_KEYS, BILLING_ROLES, GATEWAY_USER_SCOPE, isServiceId.";

/** The `no-restricted-imports` messages ESLint reports for each case, in order. */
function restrictedImportMessages(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from "eslint";
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: c.filePath });
      out.push(
        result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message)
      );
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const stdout = execFileSync(
    process.execPath,
    ["--input-type=module", "-e", script, JSON.stringify(cases)],
    { cwd: ROOT, encoding: "utf8" }
  );
  return JSON.parse(stdout) as string[][];
}

const cases: [name: string, c: Case, expected: string[]][] = [
  [
    "a deep import of src/api from src/excel fails",
    { filePath: "src/excel/planted.ts", code: 'import { x } from "../api/client";\n' },
    [refused("../api/client", DEEP)],
  ],
  [
    "the same name through src/api's index passes",
    { filePath: "src/excel/planted.ts", code: 'import { createBillingClient } from "../api";\n' },
    [],
  ],
  [
    "an explicit index path passes",
    { filePath: "src/excel/planted.ts", code: 'import { isServiceId } from "../api/index";\n' },
    [],
  ],
  [
    "a deep type import and a deep re-export fail as well",
    {
      filePath: "src/taskpane/planted.ts",
      code: 'import type { Plan } from "../invoices/plan-types";\nexport { refresh } from "../functions/refresh";\n',
    },
    [refused("../invoices/plan-types", DEEP), refused("../functions/refresh", DEEP)],
  ],
  [
    "an inner module of the file's own layer passes",
    { filePath: "src/api/errors/planted.ts", code: 'import type { Invoice } from "../types";\n' },
    [],
  ],
  [
    "api imports no other layer",
    { filePath: "src/api/planted.ts", code: 'import { planInvoices } from "../invoices";\n' },
    [refused("../invoices", API_ALONE)],
  ],
  [
    "invoices does not import excel (the layers' direction)",
    { filePath: "src/invoices/planted.ts", code: 'import { readSelection } from "../excel";\n' },
    [refused("../excel", direction("invoices", "api, i18n"))],
  ],
  [
    "costs does not import invoices",
    { filePath: "src/costs/planted.ts", code: 'import { planInvoices } from "../invoices";\n' },
    [refused("../invoices", direction("costs", "api, i18n"))],
  ],
  [
    "excel does not import functions or the task pane",
    {
      filePath: "src/excel/planted.ts",
      code: 'import { refresh } from "../functions";\nimport { x } from "../taskpane/ui";\n',
    },
    [
      refused("../functions", direction("excel", "invoices, api, i18n")),
      refused("../taskpane/ui", direction("excel", "invoices, api, i18n")),
    ],
  ],
  [
    "the preview does not read the simulator's files",
    {
      filePath: "preview/planted.ts",
      code: 'import { DEMO } from "../simulator/data/demo";\n',
    },
    [refused("../simulator/data/demo", PREVIEW_NO_SIMULATOR)],
  ],
  [
    "a nested preview file does not import test code",
    {
      filePath: "preview/fake-excel/planted.ts",
      code: 'import { x } from "../../test/unit/excel/fixtures";\n',
    },
    [refused("../../test/unit/excel/fixtures", PREVIEW_NO_SIMULATOR)],
  ],
  [
    "the preview takes nothing from src/invoices",
    {
      filePath: "preview/fake-excel/planted.ts",
      code: 'import { x } from "../../src/invoices";\n',
    },
    [refused("../../src/invoices", PREVIEW_NO_INVOICES)],
  ],
  [
    "the preview takes Excel's cell facts through src/excel's index",
    { filePath: "preview/planted.ts", code: 'import { columnLetter } from "../src/excel";\n' },
    [],
  ],
  [
    "the simulator takes the CORS header lists from src/api's index",
    {
      filePath: "simulator/planted.ts",
      code: 'import { CORS_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS } from "../src/api";\n',
    },
    [],
  ],
  [
    "the simulator does not reach into src/api's inner files",
    {
      filePath: "simulator/routes/planted.ts",
      code: 'import { CORS_REQUIRED_HEADERS } from "../../src/api/cors-headers";\n',
    },
    [refused("../../src/api/cors-headers", SIMULATOR_VIA_API)],
  ],
  [
    "the simulator does not use the client",
    {
      filePath: "simulator/planted.ts",
      code: 'import { createBillingClient } from "../src/api";\n',
    },
    [SERVICE_ONLY],
  ],
  [
    "tests may import inner modules",
    {
      filePath: "test/unit/api/planted.test.ts",
      code: 'import { segment } from "../../../src/api/client";\n',
    },
    [],
  ],
];

describe("the layer lint rule (eslint.config.mjs)", () => {
  const names = cases.map(([name]) => name);
  let results: Map<string, string[]>;

  beforeAll(() => {
    const messages = restrictedImportMessages(cases.map(([, c]) => c));
    results = new Map(names.map((name, i) => [name, messages[i]]));
  }, 60_000);

  it.each(cases)("%s", (name, _c, expected) => {
    expect(results.get(name)).toEqual(expected);
  });
});
