/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://localhost:3000/preview.html?theme=dark"}
 */
/**
 * The preview page's entry (preview.ts) on the real preview.html, and what it installs into the
 * task pane frame (install.ts): the host globals bound to the preview's workbook.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FunctionRegistry } from "../../../preview/custom-functions-shim";
import { DEMO_ROWS } from "../../../preview/demo-sheet";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { STORAGE_PREFIX } from "../../../preview/office-runtime-storage";
import { until } from "../../support/until";

interface Preview {
  install(frameWindow: Window): void;
  model: WorkbookModel;
  registry: FunctionRegistry;
  commands: Map<string, (...a: unknown[]) => unknown>;
  addDemoSheet(): void;
}

const body = readFileSync(join(__dirname, "../../../preview/preview.html"), "utf8")
  .replace(/^[\s\S]*<body[^>]*>/, "")
  .replace(/<\/body>[\s\S]*$/, "")
  .replace(/<script[\s\S]*?<\/script>/g, "");

let preview: Preview;
const $ = (id: string) => document.getElementById(id)!;

beforeAll(async () => {
  document.body.innerHTML = body;
  // jsdom has no fetch: the page starts without functions.json, as when the file is missing.
  require("../../../preview/preview");
  await until(() => document.body.dataset.ready === "true", "the page");
  preview = (window as unknown as { billingPreview: Preview }).billingPreview;
});

describe("the preview page", () => {
  it("draws the grid and says that functions.json was not found", () => {
    expect($("grid").querySelectorAll("td[data-cell]").length).toBeGreaterThan(0);
    expect($("functions-status").textContent).toBe("functions.json not found");
  });

  it("opens the real task pane in a frame, with the theme the page was asked for", () => {
    const frame = $("pane-slot").querySelector("iframe")!;
    expect(frame.id).toBe("taskpane");
    expect(frame.getAttribute("src")).toBe("taskpane.html?theme=dark");
  });

  it("adds the demo sheet of BILLING functions from its button", () => {
    $("demo-functions").click();
    const sheet = preview.model.sheetByName("Functions")!;
    expect(preview.model.activeSheet).toBe(sheet);
    expect(DEMO_ROWS.map((_, r) => preview.model.text(sheet, r, 0))).toEqual(
      DEMO_ROWS.map(([label]) => label)
    );
    expect(preview.model.cell(sheet, 1, 1)?.formula).toBe(DEMO_ROWS[1][1]);
    // Pressed again, it refills the same sheet rather than adding another.
    preview.model.writeInput(sheet, 0, 0, "changed");
    preview.addDemoSheet();
    expect(preview.model.text(sheet, 0, 0)).toBe(DEMO_ROWS[0][0]);
    expect(preview.model.sheets.filter((s) => s.name === "Functions")).toHaveLength(1);
  });
});

describe("installing the host into the task pane frame", () => {
  function frameWindow(extra: Record<string, unknown> = {}): Window & Record<string, unknown> {
    localStorage.clear();
    return Object.assign({ localStorage }, extra) as unknown as Window & Record<string, unknown>;
  }

  it("gives the frame Excel, storage and CustomFunctions that later scripts cannot replace", async () => {
    const w = frameWindow();
    preview.install(w);
    expect(w.OsfOptOut).toBe(true);
    const excel = w.Excel;
    w.Excel = {};
    expect(w.Excel).toBe(excel);
    const storage = (w.OfficeRuntime as { storage: ReturnType<typeof Object> }).storage as {
      setItem(k: string, v: string): Promise<void>;
      getItem(k: string): Promise<string | null>;
    };
    await storage.setItem("settings", "{}");
    expect(localStorage.getItem(`${STORAGE_PREFIX}settings`)).toBe("{}");
    expect(await storage.getItem("settings")).toBe("{}");
    const shim = w.CustomFunctions as { associate(id: string, fn: () => number): void };
    shim.associate("contractFixedCosts", () => 42);
    expect(preview.registry.get("CONTRACTFIXEDCOSTS")?.()).toBe(42);
  });

  it("records ribbon commands, also when office.js refuses to associate them", () => {
    const associated: string[] = [];
    const w = frameWindow({
      Office: {
        actions: {
          associate: (id: string) => {
            associated.push(id);
            throw new Error("not in Office");
          },
        },
      },
    });
    preview.install(w);
    const handler = () => "done";
    (w.Office as { actions: { associate(id: string, fn: unknown): void } }).actions.associate(
      "refreshBilling",
      handler
    );
    expect(associated).toEqual(["refreshBilling"]);
    expect(preview.commands.get("refreshBilling")).toBe(handler);
  });

  it("adds its members to a CustomFunctions that office.js declared for good", () => {
    const declared = { existing: true };
    const w = frameWindow({ Office: {} });
    Object.defineProperty(w, "CustomFunctions", { value: declared, configurable: false });
    preview.install(w);
    expect(w.CustomFunctions).toBe(declared);
    expect(typeof (declared as unknown as { associate: unknown }).associate).toBe("function");
    expect(declared.existing).toBe(true);
    (w.Office as { actions: { associate(id: string, fn: unknown): void } }).actions.associate(
      "x",
      () => 1
    );
    expect(preview.commands.has("x")).toBe(true);
  });
});
