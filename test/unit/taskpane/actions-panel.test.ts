/**
 * Send to customers and Credit wired to the real taskpane.html in jsdom, against the
 * simulator over real HTTP, with the preview's fake Excel as the `Excel` global: the sheet holds
 * invoices the invoice run approved; the panel's confirmations, the rows written back and the
 * store must agree. (The Fluent elements are not registered in jsdom; plain elements with the same
 * ids stand in, as in panels.test.ts.)
 */
import type { Simulator } from "../../../simulator";
import { mountConnectionPanel } from "../../../src/taskpane/connection-panel";
import { mountInvoicesPanel } from "../../../src/taskpane/invoices-panel";
import { mountActionsPanel } from "../../../src/taskpane/actions-panel";
import { LOG_COLUMNS, LOG_SHEET } from "../../../src/excel/run-log-rows";
import type { BillingClient } from "../../../src/api/types";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
import { installPreviewHost } from "../excel/preview-host";
import {
  closePane,
  endPaneConnection,
  openPane,
  paneHarness,
  saveBaseUrl,
  startPaneConnection,
  writeSnapshot,
} from "../../support/pane";
import { until } from "../../support/until";
import { AFTER_APPROVAL_COLUMNS } from "../../../src/invoices";
import {
  approvedSheet,
  mulderRow,
  startForActions,
} from "../../integration/invoices/action-helpers";
import { MemorySheet, demoRow } from "../../integration/invoices/helpers";

let sim: Simulator;
let client: BillingClient;
/** Two invoices approved by the invoice run: their rows, as that run wrote them. */
let approved: MemorySheet;
let model: WorkbookModel;

const pane = paneHarness();
const { $, text, type } = pane;

/** Waits until the run and all it writes afterwards (rows, log, list) are done. */
async function settled(): Promise<void> {
  await until(() => $("run-card").getAttribute("data-run") === "settled", "the run to settle");
}

function key(el: HTMLElement, name: string): void {
  el.dispatchEvent(new pane.dom.window.KeyboardEvent("keydown", { key: name, bubbles: true }));
}

/** The approved rows in the active sheet (header on row 1), all of them selected. */
function writeSheet(from: MemorySheet = approved): void {
  writeSnapshot(model, from.snapshot());
}

const column = (name: string) => {
  const sheet = model.activeSheet;
  for (let c = 0; c < 60; c++) if (model.text(sheet, 0, c) === name) return c;
  throw new Error(`no column ${name}`);
};
const cell = (row: number, name: string) => model.text(model.activeSheet, row - 1, column(name));
const ids = () =>
  approved.snapshot().rows.map((r) => String(approved.cell(r.rowNumber, "invoiceId")));

beforeAll(async () => {
  ({ sim, client } = await startForActions());
  approved = await approvedSheet(client, 2, "panel");
  await startPaneConnection();
});
afterAll(async () => {
  await sim.close();
  endPaneConnection();
});

beforeEach(async () => {
  model = openPane(pane, ["Invoices"], mountConnectionPanel, mountInvoicesPanel, mountActionsPanel);
  await saveBaseUrl(pane, sim.url);
  writeSheet();
});
afterEach(() => closePane(pane));

describe("Send to customers", () => {
  it("asks with the count, sends nothing on Not now or Escape, and keeps the invoice run waiting meanwhile", async () => {
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    expect(text("confirm-text")).toBe("Send 2 invoices to their customers?");
    expect($("send-channel").hidden).toBe(false);
    expect($("credit-check").hidden).toBe(true);
    expect(text("confirm-yes")).toBe("Send 2 by email");
    // The invoice run's buttons wait while Send holds the rows.
    expect($("create").hasAttribute("disabled")).toBe(true);
    expect($("check").getAttribute("aria-disabled")).toBe("true");

    $("channel-post").checked = true;
    $("send-channel").dispatchEvent(new pane.dom.window.Event("change", { bubbles: true }));
    expect(text("confirm-yes")).toBe("Send 2 by post");

    key($("confirm"), "Escape");
    expect($("confirm").hidden).toBe(true);
    expect($("create").hasAttribute("disabled")).toBe(false);
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation again");
    expect(text("confirm-yes")).toBe("Send 2 by email"); // each time from email
    $("confirm-no").click();
    expect($("confirm").hidden).toBe(true);
    for (const id of ids()) expect(sim.store.invoice(id)?.sendCount).toBe(0);
  });

  it("sends each invoice once, writes the sent state and logs every send with the run's id", async () => {
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    $("confirm-yes").click();
    await settled();
    expect($("action-error").hidden).toBe(true);
    expect($("summary").getAttribute("data-tone")).toBe("success");
    for (const [i, id] of ids().entries()) {
      expect(sim.store.invoice(id)).toMatchObject({ sent: "sent", sendCount: 1 });
      expect(cell(i + 2, "sent")).toBe("sent");
    }
    expect($("invoice-results").children).toHaveLength(2);
    await until(() => model.sheetByName(LOG_SHEET) !== undefined, "the Billing log");
    const log = model.sheetByName(LOG_SHEET)!;
    const change = LOG_COLUMNS.indexOf("change");
    expect([1, 2].map((r) => model.text(log, r, change))).toEqual([
      "sent by email",
      "sent by email",
    ]);
  });
});

describe("Credit", () => {
  it("asks for the count to be typed, then credits each invoice once with its credit note on the row", async () => {
    $("credit-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    expect(text("confirm-text")).toBe("Credit 2 invoices?");
    expect(text("credit-total")).toMatch(/^Total to be reversed: [\d,]+\.\d\d incl\. VAT \(/);
    expect(text("credit-typed-label")).toBe("Type 2 to confirm");
    expect($("confirm-yes").hasAttribute("disabled")).toBe(true);

    type($("credit-typed"), "3");
    key($("credit-typed"), "Enter");
    expect(text("credit-typed-error")).toMatch(/^Type 2 exactly/);
    expect($("confirm").hidden).toBe(false);
    for (const id of ids()) expect(sim.store.invoice(id)?.creditedByInvoiceId).toBeUndefined();

    type($("credit-typed"), "2");
    expect($("credit-typed-error").hidden).toBe(true);
    expect($("confirm-yes").hasAttribute("disabled")).toBe(false);
    key($("credit-typed"), "Enter");
    await settled();
    expect($("action-error").hidden).toBe(true);
    for (const [i, id] of ids().entries()) {
      const noteId = sim.store.invoice(id)?.creditedByInvoiceId;
      expect(noteId).toBeDefined();
      const notes = sim.store.allInvoices().filter((n) => n.creditedInvoiceId === id);
      expect(notes.map((n) => n.id)).toEqual([noteId]);
      expect(cell(i + 2, "status")).toBe("credited");
      expect(cell(i + 2, "creditNoteId")).toBe(noteId);
      expect(cell(i + 2, "creditNoteNum")).toBe(notes[0].invoiceNum);
    }

    // Again: nothing to credit, nothing credited twice.
    $("credit-invoices").click();
    await until(() => !$("confirm").hidden, "the second confirmation");
    expect(text("confirm-text")).toBe("Nothing to credit.");
    $("confirm-yes").click();
    await settled();
    for (const id of ids())
      expect(sim.store.allInvoices().filter((n) => n.creditedInvoiceId === id)).toHaveLength(1);
  });
});

describe("when the service cannot be reached", () => {
  it("says so next to the buttons, and asks nothing", async () => {
    type($("base-url"), "http://127.0.0.1:9");
    $("save-settings").click();
    await until(() => text("save-status").startsWith("Saved"), "the save");
    $("send-invoices").click();
    await until(() => !$("action-error").hidden, "the error");
    expect($("confirm").hidden).toBe(true);
    expect(text("action-error")).not.toBe("");
    expect($("send-invoices").hasAttribute("disabled")).toBe(false);
  });
});

describe("Cancel", () => {
  it("stops before anything is sent, says so, and a re-run sends each invoice exactly once", async () => {
    const fresh = await approvedSheet(client, 3, "cancel");
    const freshIds = fresh.snapshot().rows.map((r) => String(fresh.cell(r.rowNumber, "invoiceId")));
    model = installPreviewHost(["Invoices"]);
    writeSheet(fresh);

    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    $("confirm-yes").click();
    expect($("cancel").hidden).toBe(false);
    $("cancel").click();
    await settled();
    expect($("summary").getAttribute("data-tone")).toBe("warning");
    expect(text("summary-text")).toMatch(/cancel/i);
    expect($("cancel").hidden).toBe(true);
    for (const [i, id] of freshIds.entries()) {
      expect(sim.store.invoice(id)?.sendCount).toBe(0);
      expect(cell(i + 2, "sent")).not.toBe("sent");
    }

    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the second confirmation");
    expect(text("confirm-text")).toBe("Send 3 invoices to their customers?");
    $("confirm-yes").click();
    await settled();
    for (const [i, id] of freshIds.entries()) {
      expect(sim.store.invoice(id)).toMatchObject({ sendCount: 1, sent: "sent" });
      expect(cell(i + 2, "sent")).toBe("sent");
    }
  });
});

describe("a send by post to a customer without a postal address", () => {
  it("says why on the row and in the list, sends the others, and counts it failed", async () => {
    const post = await approvedSheet(client, 1, "post", [mulderRow({ description: "by post" })]);
    const [okId, mulderId] = post
      .snapshot()
      .rows.map((r) => String(post.cell(r.rowNumber, "invoiceId")));
    model = installPreviewHost(["Invoices"]);
    writeSheet(post);

    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    $("channel-post").checked = true;
    $("send-channel").dispatchEvent(new pane.dom.window.Event("change", { bubbles: true }));
    expect(text("confirm-yes")).toBe("Send 2 by post");
    $("confirm-yes").click();
    await settled();

    expect(sim.store.invoice(okId)).toMatchObject({ sent: "sent", sendChannel: "postal" });
    expect(sim.store.invoice(mulderId)?.sent).toBe("notsent");
    expect(cell(2, "sent")).toBe("sent");
    expect(cell(3, "sent")).toMatch(/^failed: .*postal address/i);
    expect($("summary").getAttribute("data-tone")).toBe("error");
    const first = $("invoice-results").querySelector("button")!;
    expect(first.className).toContain("bad");
    expect(first.textContent).toMatch(/postal address/i);
  });
});

describe("rows Check refused, selected with approved invoices for a Send", () => {
  /** The rows of `sheet` as records (header → value). */
  const records = (sheet: MemorySheet) =>
    sheet.rows.map((r) => Object.fromEntries(sheet.headers.map((h, i) => [h, r.values[i]])));
  /** Check's reason on each refused row (its own cell named), as Check writes it. */
  const checkReason = (row: number) => `taxCodeId is empty in J${row}: pick a tax code.`;

  /** Two invoices approved (never sent) on rows 2–3, then three rows Check refused on rows 4–6. */
  async function withRefusedRows(): Promise<MemorySheet> {
    const fresh = await approvedSheet(client, 2, "refused");
    const refused = [4, 5, 6].map((row) =>
      demoRow({
        description: `refused ${row}`,
        taxCodeId: null,
        status: "invalid",
        message: checkReason(row),
      })
    );
    return new MemorySheet([...records(fresh), ...refused], AFTER_APPROVAL_COLUMNS);
  }

  it("counts and lists the refused rows in the result as its confirmation did", async () => {
    writeSheet(await withRefusedRows());
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    expect(text("confirm-text")).toBe("Send 2 invoices to their customers?");
    const details = [...$("confirm-details").children].map((li) => li.textContent);
    expect(details[0]).toBe("3 refused — nothing is sent for them:");
    const refusedLines = details.filter((d) => /^Row \d+: Not sent/.test(d ?? ""));
    $("confirm-yes").click();
    await settled();

    const counted = Number(/^(\d+) refused/.exec(details[0] ?? "")?.[1]);
    expect(refusedLines).toHaveLength(counted);
    expect(text("summary-text")).toBe(`${counted} refused · 2 sent.`);
    expect(text("progress-text")).toBe(
      `${2 + counted} of ${2 + counted} done — 2 sent, ${counted} refused`
    );
    const listedRefused = [...$("invoice-results").querySelectorAll("button")].filter((b) =>
      /refused/.test(b.textContent ?? "")
    );
    expect(listedRefused).toHaveLength(counted);
  });

  it("adds the refusal to the row's message and keeps Check's reason beside it", async () => {
    writeSheet(await withRefusedRows());
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    $("confirm-yes").click();
    await settled();
    const refusal = "Not sent: the row has no invoiceId; only approved invoices can be sent.";
    for (const row of [4, 5, 6])
      expect(cell(row, "message")).toBe(`${refusal} · ${checkReason(row)}`);

    // Send again: the refusal is said once, Check's reason still beside it.
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the second confirmation");
    $("confirm-no").click();
    model.select(model.activeSheet, { row: 1, col: 0, rowCount: 5, colCount: 1 });
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the third confirmation");
    $("confirm-yes").click();
    await settled();
    for (const row of [4, 5, 6])
      expect(cell(row, "message")).toBe(`${refusal} · ${checkReason(row)}`);
  });

  it("keeps what the row said when the service refuses an invoice the sheet calls approved", async () => {
    const fresh = await approvedSheet(client, 2, "held");
    fresh.set(3, "message", "Checked by Anna: send after the 1st.");
    // The service holds the second invoice as a draft again (the sheet still says approved).
    sim.store.invoice(String(fresh.cell(3, "invoiceId")))!.status = "created";
    writeSheet(fresh);
    $("send-invoices").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    $("confirm-yes").click();
    await settled();
    expect(cell(3, "message")).toMatch(
      /^Not sent: the billing service holds it as a draft.* · Checked by Anna: send after the 1st\.$/
    );
  });
});
