/**
 * The task pane's real taskpane.html in jsdom, for tests that drive the panels as a user would.
 * The Fluent elements are not registered (jsdom cannot run them); the panels only need their ids,
 * `value`/`checked` and events, which plain elements with the same ids give.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { initPaneConnection } from "../../src/taskpane/pane-connection";
import type { WorkbookModel } from "../../preview/fake-excel/workbook-model";
import type { SheetSnapshot } from "../../src/invoices";
import { installPreviewHost, uninstallPreviewHost } from "../unit/excel/preview-host";
import { until } from "./until";

/** taskpane.html without its scripts (the test mounts the panels itself). */
export const PANE_HTML = readFileSync(
  join(__dirname, "../../src/taskpane/taskpane.html"),
  "utf8"
).replace(/<script[\s\S]*?<\/script>/g, "");

/** An element of the pane as the panels use it: a form field, a checkbox, a button. */
export type Field = HTMLElement & { value: string; checked: boolean };

/**
 * One pane page at a time: `open()` makes a fresh page (before each test, or once), `close()` ends
 * it; the helpers work on the page that is open.
 */
export interface PaneHarness {
  open(): JSDOM;
  close(): void;
  readonly dom: JSDOM;
  readonly doc: Document;
  /** The element with this id; throws when the page has none. */
  $(id: string): Field;
  /** Its text ("" for none). */
  text(id: string): string;
  /** The element with this `data-testid`, or null. */
  byTestId(id: string): Field | null;
  /** Sets a field's value and sends the event a user's typing sends. */
  type(el: Field, value: string, event?: string): void;
}

export function paneHarness(): PaneHarness {
  let current: JSDOM | undefined;
  const dom = (): JSDOM => {
    if (!current) throw new Error("no pane page is open");
    return current;
  };
  const harness: PaneHarness = {
    open() {
      current = new JSDOM(PANE_HTML);
      return current;
    },
    close() {
      current?.window.close();
      current = undefined;
    },
    get dom() {
      return dom();
    },
    get doc() {
      return dom().window.document;
    },
    $(id) {
      const el = dom().window.document.getElementById(id);
      if (!el) throw new Error(`no #${id}`);
      return el as Field;
    },
    text: (id) => harness.$(id).textContent ?? "",
    byTestId: (id) => dom().window.document.querySelector(`[data-testid="${id}"]`) as Field | null,
    type(el, value, event = "input") {
      el.value = value;
      el.dispatchEvent(new (dom().window.Event)(event, { bubbles: true }));
    },
  };
  return harness;
}

/** Saves `baseUrl` through the Connection panel (mounted on `pane`), as a user would. */
export async function saveBaseUrl(pane: PaneHarness, baseUrl: string): Promise<void> {
  pane.type(pane.$("base-url"), baseUrl);
  pane.$("save-settings").click();
  await until(() => !pane.$("save-status").hidden, "the save status");
}

type WithLocation = { location?: { origin: string } };

/**
 * Starts the pane's connection as the add-in's page does, under the add-in's origin
 * (`location.origin`, which Node lacks): once per file, before the first `open()`.
 */
export async function startPaneConnection(): Promise<void> {
  (globalThis as WithLocation).location = { origin: "https://localhost:3000" };
  await initPaneConnection();
}

/** Takes the origin `startPaneConnection` set away again. */
export function endPaneConnection(): void {
  delete (globalThis as WithLocation).location;
}

/**
 * Opens a fresh pane page on a fresh workbook of `sheets` (the preview's fake Excel as the `Excel`
 * global) and mounts the given panels on it, as the pane's entry does; `closePane` in afterEach.
 */
export function openPane(
  pane: PaneHarness,
  sheets: string[],
  ...panels: Array<(doc: Document) => unknown>
): WorkbookModel {
  const doc = pane.open().window.document;
  const model = installPreviewHost(sheets);
  for (const mount of panels) mount(doc);
  return model;
}

/** Ends what `openPane` started. */
export function closePane(pane: PaneHarness): void {
  uninstallPreviewHost();
  pane.close();
}

/**
 * Writes `snapshot` into the active sheet of `model` (its header on row 1) and selects its rows;
 * ids and numbers go in as text, as the add-in writes them.
 */
export function writeSnapshot(model: WorkbookModel, snapshot: SheetSnapshot): void {
  const sheet = model.activeSheet;
  snapshot.headers.forEach((h, c) => model.writeInput(sheet, 0, c, h));
  snapshot.rows.forEach((row, r) =>
    row.values.forEach((v, c) => {
      if (v !== null) model.writeInput(sheet, r + 1, c, typeof v === "string" ? `'${v}` : v);
    })
  );
  model.select(sheet, { row: 1, col: 0, rowCount: snapshot.rows.length, colCount: 1 });
}
