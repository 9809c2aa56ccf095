/**
 * The task pane's three panels, wired to the real taskpane.html in jsdom, against the simulator
 * over real HTTP, with the preview's fake Excel as the `Excel` global. The Fluent elements are not
 * registered (jsdom cannot run them); the panels only need their ids, `value`/`checked` and events,
 * which plain elements with the same ids give.
 */
import { createSimulator, type Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator/data/demo";
import { mountConnectionPanel } from "../../../src/taskpane/connection-panel";
import { mountInvoicesPanel } from "../../../src/taskpane/invoices-panel";
import { mountLookupsPanel } from "../../../src/taskpane/lookups-panel";
import { paneSettings } from "../../../src/taskpane/pane-connection";
import {
  closePane,
  endPaneConnection,
  openPane,
  paneHarness,
  saveBaseUrl,
  startPaneConnection,
} from "../../support/pane";
import { until } from "../../support/until";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";

let sim: Simulator;
let model: WorkbookModel;

const pane = paneHarness();
const { $, byTestId, text, type } = pane;

beforeAll(async () => {
  sim = await createSimulator({ port: 0 });
  await startPaneConnection();
});
afterAll(async () => {
  await sim.close();
  endPaneConnection();
});

beforeEach(async () => {
  model = openPane(pane, ["Sheet1"], mountConnectionPanel, mountInvoicesPanel, mountLookupsPanel);
  await saveBaseUrl(pane, sim.url);
});
afterEach(() => closePane(pane));

describe("the Connection panel", () => {
  it("saves a base URL the pane then uses, and says so", () => {
    expect(text("save-status")).toBe("Saved. The next call uses these settings.");
    expect(paneSettings().connection.baseUrl).toBe(sim.url);
    expect($("base-url").value).toBe(sim.url);
  });

  it("refuses a bad base URL next to the field and keeps the saved one", async () => {
    type($("base-url"), "not a url");
    $("save-settings").click();
    await until(() => !$("save-status").hidden, "the save status");
    expect(text("save-status")).toBe("Not saved: fix the fields marked in red.");
    expect($("base-url-error").hidden).toBe(false);
    expect(text("base-url-error")).not.toBe("");
    expect(paneSettings().connection.baseUrl).toBe(sim.url);
  });

  it("tests the connection and shows the service's answer", async () => {
    $("test-connection").click();
    await until(() => $("test-result").classList.contains("ok"), "a reachable verdict");
    expect($("test-result").hidden).toBe(false);
    expect(text("test-result-title")).not.toMatch(/^Testing/);
  });

  it("reports a host that does not answer as not reachable", async () => {
    const closed = await createSimulator({ port: 0 });
    const url = closed.url;
    await closed.close();
    type($("base-url"), url);
    $("test-connection").click();
    await until(() => $("test-result").classList.contains("bad"), "a failed verdict");
    expect(paneSettings().connection.baseUrl).toBe(sim.url);
  });

  it("shows the token field for a pasted bearer token, masked until Show is ticked", () => {
    expect($("token-row").hidden).toBe(true);
    type($("credential-kind"), "bearer", "change");
    expect($("token-row").hidden).toBe(false);
    expect($("token").getAttribute("type")).toBe("password");
    $("token-show").checked = true;
    $("token-show").dispatchEvent(new pane.dom.window.Event("change"));
    expect($("token").getAttribute("type")).toBe("text");
  });

  it("adds, masks and removes an extra header row", () => {
    $("add-header").click();
    const row = $("header-rows").querySelector(".header-row") as HTMLElement;
    const id = row.dataset.testid!.replace("header-row-", "");
    const name = byTestId(`header-name-${id}`)!;
    const value = byTestId(`header-value-${id}`)!;
    type(name, "apim-sub");
    expect(value.getAttribute("type")).toBe("password");
    type(name, "zf-tuuid");
    expect(value.getAttribute("type")).toBe("text");
    const secret = byTestId(`header-secret-${id}`)!;
    secret.checked = true;
    secret.dispatchEvent(new pane.dom.window.Event("change"));
    expect(value.getAttribute("type")).toBe("password");
    byTestId(`header-remove-${id}`)!.click();
    expect($("header-rows").children).toHaveLength(0);
  });

  it("goes back to the local simulator", async () => {
    $("reset-settings").click();
    await until(() => text("save-status") === "Back to the local simulator.", "the reset");
    expect(paneSettings().connection.baseUrl).not.toBe(sim.url);
    expect($("base-url").value).toBe(paneSettings().connection.baseUrl);
  });
});

describe("the Lookups panel", () => {
  it("asks for a name before searching", () => {
    expect(text("lookup-query-label")).toBe("Customer name");
    $("lookup-search").click();
    expect(text("lookup-error")).toBe("Type a customer name to search for.");
    expect($("lookup-results").children).toHaveLength(0);
  });

  it("finds a customer in the service and puts its id into the active cell", async () => {
    type($("lookup-query"), "Jansen");
    $("lookup-query").dispatchEvent(new pane.dom.window.KeyboardEvent("keydown", { key: "Enter" }));
    await until(() => $("lookup-results").children.length > 0, "results");
    const first = byTestId("lookup-result-0")!;
    expect(first.querySelector(".result-name")?.textContent).toBe("Jansen Warmte BV");
    expect(first.querySelector(".result-id")?.textContent).toBe(DEMO.customers.jansen);
    expect($("lookup-search").hasAttribute("disabled")).toBe(false);
    byTestId("put-in-cell-0")!.click();
    const note = first.querySelector('span[role="status"]')!;
    await until(() => note.textContent !== "", "the put note");
    expect(note.textContent).toBe("Put in Sheet1!A1.");
    expect(model.value(model.activeSheet, 0, 0)).toBe(DEMO.customers.jansen);
  });

  it("copies an id with the clipboard API, or the selection when that is refused", async () => {
    type($("lookup-query"), "Jansen");
    $("lookup-search").click();
    await until(() => $("lookup-results").children.length > 0, "results");
    const note = byTestId("lookup-result-0")!.querySelector('span[role="status"]')!;
    const copied: string[] = [];
    Object.defineProperty(globalThis, "navigator", {
      configurable: true,
      value: { clipboard: { writeText: async (t: string) => void copied.push(t) } },
    });
    try {
      byTestId("copy-id-0")!.click();
      await until(() => note.textContent === "Copied.", "the copy");
      expect(copied).toEqual([DEMO.customers.jansen]);

      // A webview that refuses the async API: the old selection copy, which may fail too.
      Object.defineProperty(globalThis, "navigator", {
        configurable: true,
        value: { clipboard: { writeText: async () => Promise.reject(new Error("denied")) } },
      });
      const selected: string[] = [];
      pane.doc.execCommand = ((command: string) => {
        selected.push(`${command}:${pane.doc.querySelector("textarea")?.value}`);
        return false;
      }) as Document["execCommand"];
      note.textContent = "";
      byTestId("copy-id-0")!.click();
      await until(() => note.textContent !== "", "the copy failure");
      expect(selected).toEqual([`copy:${DEMO.customers.jansen}`]);
      expect(note.textContent).toBe(
        "Something went wrong: The clipboard is not available here; select the id and copy it by hand."
      );
      expect(pane.doc.querySelector("textarea")).toBeNull();
    } finally {
      Reflect.deleteProperty(globalThis, "navigator");
    }
  });

  it("starts a new search when the kind changes", async () => {
    type($("lookup-query"), "Jansen");
    $("lookup-search").click();
    await until(() => $("lookup-results").children.length > 0, "results");
    type($("lookup-kind"), "taxCodes", "change");
    expect($("lookup-query").value).toBe("");
    expect($("lookup-results").children).toHaveLength(0);
    expect(text("lookup-query-label")).not.toBe("Customer name");
  });
});

describe("the Invoices panel", () => {
  /** Inserts the template and an example row through the panel, as a user would. */
  async function templateWithExampleRow(): Promise<void> {
    $("insert-template").click();
    await until(() => !$("template-note").hidden, "the template note");
    expect(text("template-note")).toBe(
      'Added the sheet "Invoices". Fill in rows, select them and press Check.'
    );
    $("add-example-row").click();
    await until(() => /example invoice/.test(text("template-note") ?? ""), "the example row");
  }

  it("starts with the empty state and Check as the primary action", () => {
    expect($("empty-state").hidden).toBe(false);
    expect($("check").getAttribute("appearance")).toBe("primary");
    expect($("cancel").hidden).toBe(true);
  });

  it("checks a selection without header row and says what is wrong", async () => {
    model.writeInput(model.activeSheet, 0, 0, "hello");
    $("check").click();
    await until(() => !$("check-error").hidden, "the check error");
    expect(text("check-error")).not.toBe("");
    expect($("check-summary").hidden).toBe(true);
  });

  it("inserts the template and an example row from the service's lists, then checks it", async () => {
    await templateWithExampleRow();
    expect(text("template-note")).toBe(
      'Added an example invoice on row 2 of "Invoices" and selected it. Press Create and approve.'
    );
    expect(model.sheetByName("Invoices")).toBeDefined();
    $("check").click();
    await until(() => !$("check-summary").hidden, "the check summary");
    expect(text("check-summary-text")).toBe("1 row: 1 invoice ready (1 line)");
  });

  it("asks before creating; Not now creates nothing", async () => {
    await templateWithExampleRow();
    const before = sim.store.invoices.size;
    $("create").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    expect(text("confirm-text")).toBe("Create and approve: 1 to create.");
    $("confirm-no").click();
    expect($("confirm").hidden).toBe(true);
    expect(sim.store.invoices.size).toBe(before);
  });

  it("creates and approves the invoice in the service, lists it, and selects its rows", async () => {
    sim.setOptions({ approvalDelayMs: 0, numberDelayMs: 0 });
    await templateWithExampleRow();
    const before = new Set(sim.store.invoices.keys());
    $("create").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    $("confirm-yes").click();
    await until(() => !$("summary").hidden, "the run summary");
    const created = [...sim.store.invoices.values()].filter((i) => !before.has(i.id));
    expect(created).toHaveLength(1);
    const stored = sim.store.invoice(created[0].id)!;
    expect(stored.status).toBe("approved");
    expect($("summary").getAttribute("data-tone")).toBe("success");
    expect(text("connection-status")).toBe(`Connected: ${sim.url}`);
    await until(() => $("invoice-results").children.length === 1, "the invoice list");
    const item = byTestId("invoice-result-0")!;
    expect(item.querySelector(".invoice-state")?.textContent).toContain(stored.invoiceNum);
    const sheet = model.sheetByName("Invoices")!;
    model.select(sheet, { row: 5, col: 0, rowCount: 1, colCount: 1 });
    item.click();
    await until(() => model.selection.active.row === 1, "the rows selected");
  });

  it("refuses to start when the service cannot be reached, and creates nothing", async () => {
    await templateWithExampleRow();
    const closed = await createSimulator({ port: 0 });
    const url = closed.url;
    await closed.close();
    await saveBaseUrl(pane, url);
    $("create").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    $("confirm-yes").click();
    await until(() => !$("create-error").hidden, "the refusal");
    expect(text("create-error")).toBe(
      `Nothing was sent: Unreachable: nothing answers at ${url}. Check the connection, then press Create and approve again.`
    );
    expect(text("connection-status")).toBe(`${url} — Unreachable: nothing answers at ${url}.`);
    expect($("connection-dot").classList.contains("bad")).toBe(true);
  });
});
