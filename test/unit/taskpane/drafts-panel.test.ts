/**
 * The drafts review of a Create drafts run, in the real taskpane.html in jsdom against the
 * simulator over real HTTP: the Discard confirmation counts the drafts that stay as
 * they are, the approve button does not count the drafts ticked for discard, and after discarding
 * the list shows the drafts that remain, with the one way on (Approve N drafts) that their rows and
 * the guide name.
 */
import { DEMO, createSimulator, type Simulator } from "../../../simulator";
import { mountConnectionPanel } from "../../../src/taskpane/connection-panel";
import { mountInvoicesPanel } from "../../../src/taskpane/invoices-panel";
import { AFTER_APPROVAL_COLUMNS } from "../../../src/invoices";
import type { WorkbookModel } from "../../../preview/fake-excel/workbook-model";
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
import { MemorySheet, demoRow } from "../../integration/invoices/helpers";

let sim: Simulator;
let model: WorkbookModel;
const pane = paneHarness();
const { $, text, byTestId } = pane;

beforeAll(async () => {
  sim = await createSimulator({ port: 0, approvalDelayMs: 0, numberDelayMs: 0 });
  await startPaneConnection();
});
afterAll(async () => {
  await sim.close();
  endPaneConnection();
});
beforeEach(async () => {
  model = openPane(pane, ["Invoices"], mountConnectionPanel, mountInvoicesPanel);
  await saveBaseUrl(pane, sim.url);
});
afterEach(() => closePane(pane));

const COUNT = 4;

/**
 * `COUNT` rows of one invoice each, written to the active sheet and selected; the last one's
 * customer is `last` (Van den Berg: the service would refuse to approve it, no mandate).
 */
function writeRows(last: string = DEMO.customers.jansen): void {
  const rows = Array.from({ length: COUNT }, (_, i) =>
    demoRow({
      description: `review ${i}`,
      unitPrice: 20 + i,
      ...(i === COUNT - 1 ? { customerId: last } : {}),
    })
  );
  writeSnapshot(model, new MemorySheet(rows, AFTER_APPROVAL_COLUMNS).snapshot());
}

const column = (name: string) => {
  for (let c = 0; c < 60; c++) if (model.text(model.activeSheet, 0, c) === name) return c;
  throw new Error(`no column ${name}`);
};
const cell = (row: number, name: string) => model.text(model.activeSheet, row - 1, column(name));
const settled = () =>
  until(() => $("run-card").getAttribute("data-run") === "settled", "the run to settle");
const listed = () => [...$("drafts-list").querySelectorAll<HTMLElement>(".draft-item")];
const verdictsIn = () =>
  until(
    () => listed().length > 0 && !listed().some((d) => d.querySelector(".draft-verdict.asking")),
    "the service's verdicts"
  );

function tick(i: number): void {
  const box = byTestId(`draft-tick-${i}`)!;
  box.checked = true;
  box.dispatchEvent(new pane.dom.window.Event("change", { bubbles: true }));
}

/** Create drafts on the selected rows, up to the listed drafts with the service's verdicts. */
async function createDrafts(last?: string): Promise<string[]> {
  writeRows(last);
  $("create-drafts").click();
  await settled();
  await verdictsIn();
  expect(listed()).toHaveLength(COUNT);
  return listed().map((d) => d.getAttribute("data-invoice-id")!);
}

describe("the drafts review", () => {
  it("does not count the drafts ticked for discard in Approve N drafts", async () => {
    await createDrafts();
    expect(text("approve-drafts")).toBe(`Approve ${COUNT} drafts`);
    tick(0);
    expect(text("discard-drafts")).toBe("Discard 1 draft");
    expect(text("approve-drafts")).toBe(`Approve ${COUNT - 1} drafts`);
    $("approve-drafts").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    expect(text("confirm-text")).toBe(`Approve ${COUNT - 1} drafts?`);
    expect($("confirm-invoices").children).toHaveLength(COUNT - 1);
  });

  it("approves only the valid drafts not ticked for discard, and says why the ticked one stays", async () => {
    await createDrafts(DEMO.customers.vandenBerg);
    tick(0);
    const valid = COUNT - 2; // not the ticked one, not the one the service would refuse
    expect($("approve-valid").hidden).toBe(false);
    expect(text("approve-valid")).toBe(`Approve only the ${valid} valid`);
    $("approve-valid").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    expect($("confirm-invoices").children).toHaveLength(valid);
    const details = [...$("confirm-details").children].map((li) => li.textContent ?? "");
    expect(details).toEqual([
      "row 2 stays a draft: it is ticked for discard.",
      expect.stringMatching(/^row 5 stays a draft: /),
    ]);
  });

  it("counts the drafts that stay in the Discard confirmation, and lists what remains afterwards", async () => {
    const ids = await createDrafts();
    tick(0);
    tick(1);
    // Meanwhile the second ticked draft is approved (a colleague): Discard refuses it.
    sim.store.invoice(ids[1])!.status = "approved";
    $("discard-drafts").click();
    await until(() => !$("confirm").hidden, "the confirmation");
    expect(text("confirm-text")).toBe("Discard 1 draft?");
    const details = [...$("confirm-details").children].map((li) => li.textContent ?? "");
    const unticked = COUNT - 2;
    expect(details).toContain(`${unticked} other drafts stay as they are.`);
    expect(details.some((d) => /^Row 3: Not discarded/.test(d))).toBe(true);
    $("confirm-yes").click();
    await settled();
    expect(sim.store.invoice(ids[0])).toBeUndefined();

    // What remains is listed again, with the one way on its rows and the guide name.
    await verdictsIn();
    expect($("drafts-block").hidden).toBe(false);
    expect(listed().map((d) => d.getAttribute("data-invoice-id"))).toEqual(ids.slice(2));
    expect(text("approve-drafts")).toBe(`Approve ${unticked} drafts`);
    for (const row of [4, 5]) expect(cell(row, "message")).toMatch(/approve it in the pane/);
    expect(cell(2, "status")).toBe("discarded");
  });
});
