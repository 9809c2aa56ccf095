/**
 * Which invoice a row is, across people and months (docs/controllers/taskpane.md, "Which invoice a
 * row is"), against the simulator's store, with a service that refuses a second invoice under one
 * reference (409) and with one that stores it anyway.
 */
import { DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import {
  RESULT_COLUMNS,
  planInvoiceActions,
  prepareInvoiceActions,
  runAction,
} from "../../../src/invoices";
import { startForActions } from "./action-helpers";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

const DAY = 24 * 60 * 60_000;
/** Two workbooks both called Invoices.xlsx: their ids differ (src/excel/reference-scope.ts). */
const ANNA = "workbook:6d3c2a10-0000-4000-8000-00000000000a/Sheet1";
const BERT = "workbook:6d3c2a10-0000-4000-8000-00000000000b/Sheet1";

function undoWriteBack(sheet: MemorySheet): void {
  for (const r of sheet.rows) for (const c of RESULT_COLUMNS) sheet.set(r.rowNumber, c, null);
}

function approved(sim: Simulator) {
  return [...sim.store.invoices.values()].filter((i) => i.status === "approved");
}

describe.each(DIALECTS)("which invoice a row is (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());
  beforeEach(() => sim.store.invoices.clear());

  describe.each([false, true])("service stores a taken reference: %s", (duplicateReferences) => {
    beforeEach(() => sim.setFaults({ duplicateReferences }));

    it("bills February's line in another workbook with the same names: two invoices, each row its own", async () => {
      const january = new MemorySheet([demoRow()]);
      await runSheet(client, january, { referenceScope: ANNA });
      const february = new MemorySheet([demoRow()]);
      const second = await runSheet(client, february, { referenceScope: BERT });
      expect(approved(sim)).toHaveLength(2);
      expect(second.story).toMatchObject({ created: 1, approved: 1 });
      expect(february.cell(2, "invoiceNum")).not.toBe(january.cell(2, "invoiceNum"));
    });

    it("never takes last month's invoice for the same line in the same workbook: the row says what it looks like", async () => {
      const january = new MemorySheet([demoRow()]);
      await runSheet(client, january, { referenceScope: ANNA });
      const [old] = approved(sim);
      old.createdAt -= 31 * DAY;
      // The interface dialect gives no creation time: the invoice date tells the month then.
      old.invoiceDate = new Date(Date.parse(old.invoiceDate!) - 31 * DAY).toISOString();
      // Next month: results cleared, the same recurring line pasted again.
      const february = new MemorySheet([demoRow()]);
      const second = await runSheet(client, february, { referenceScope: ANNA });
      // Nothing approved twice, nothing of January's touched, February not claimed as billed.
      expect(approved(sim)).toHaveLength(1);
      expect(sim.store.invoices.size).toBe(1);
      expect(second.story.approved).toBe(0);
      expect(february.cell(2, "invoiceNum")).toBeNull();
      expect(february.cell(2, "status")).toBe("failed");
      expect(String(february.cell(2, "message"))).toContain(
        `looks like invoice ${String(january.cell(2, "invoiceNum"))}`
      );
      expect(second.summary).not.toMatch(/approved by this run/);
    });

    it("after an undo of the write-back, finds this sitting's invoices and says it found them (approved by no run now)", async () => {
      const sheet = new MemorySheet([
        demoRow({ invoiceRef: "A" }),
        demoRow({ invoiceRef: "B", quantity: 2 }),
      ]);
      await runSheet(client, sheet, { referenceScope: ANNA });
      const numbers = sheet.rows.map((r) => sheet.cell(r.rowNumber, "invoiceNum"));
      undoWriteBack(sheet);
      const again = await runSheet(client, sheet, { referenceScope: ANNA });
      expect(sim.store.invoices.size).toBe(2);
      expect(sheet.rows.map((r) => sheet.cell(r.rowNumber, "invoiceNum"))).toEqual(numbers);
      expect(again.story).toMatchObject({ approved: 2, found: 2 });
      for (const r of sheet.rows)
        expect(String(sheet.cell(r.rowNumber, "message"))).toContain("nothing was billed twice");
    });

    it("never approves or deletes an invoice of another customer planted under a colleague's reference", async () => {
      // The invoicer computes the colleague's reference (the same sheet, the same row) and creates
      // a 0.01 invoice for another customer under it, before the colleague's run.
      const probe = new MemorySheet([demoRow()]);
      await runSheet(client, probe, { referenceScope: ANNA, drafts: true });
      const [draft] = [...sim.store.invoices.values()];
      const reference = draft.externalReference;
      sim.store.invoices.clear();
      const planted = await client.createInvoice({
        customerId: DEMO.customers.deVries,
        companyBankAccountId: DEMO.bankAccounts.main,
        externalReference: reference ?? undefined,
        lines: [{ taxCodeId: DEMO.taxCodes.vat21, description: "x", quantity: 1, unitPrice: 0.01 }],
        // (the reference the colleague's row derives)
      });
      const sheet = new MemorySheet([demoRow()]);
      const run = await runSheet(client, sheet, { referenceScope: ANNA });
      const held = sim.store.invoices.get(planted.id)!;
      expect(held.status).toBe("created");
      expect(sheet.cell(2, "invoiceId")).not.toBe(planted.id);
      expect(String(sheet.cell(2, "message"))).toContain(planted.id);
      if (duplicateReferences) {
        // The service stores the row's own invoice beside it: that one is billed.
        expect(run.story.approved).toBe(1);
        expect(approved(sim)[0].customerId.toLowerCase()).toBe(DEMO.customers.jansen.toLowerCase());
      } else {
        expect(approved(sim)).toHaveLength(0);
        expect(sheet.cell(2, "status")).toBe("failed");
      }
    });
  });
});

describe("Discard drafts next to a colleague's draft", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => ({ sim, client } = await startForActions("live")));
  afterEach(() => sim.close());

  it("deletes only a draft under the row's own reference, and says which it left alone", async () => {
    const mine = new MemorySheet([demoRow(), demoRow({ quantity: 2 })]);
    await runSheet(client, mine, { referenceScope: BERT, drafts: true });
    const colleague = new MemorySheet([demoRow({ quantity: 3 })]);
    await runSheet(client, colleague, { referenceScope: ANNA, drafts: true });
    // Row 3 carries the colleague's draft id (pasted), but its own reference.
    const theirs = String(colleague.cell(2, "invoiceId"));
    mine.set(3, "invoiceId", theirs);
    const plan = planInvoiceActions(mine.snapshot(), { action: "discard-drafts" });
    const preparation = await prepareInvoiceActions(client, plan);
    const summary = await runAction(
      client,
      { action: "discard-drafts", preparation },
      { flushIntervalMs: 10, unsafeTestPollIntervalMs: 20, onRowUpdates: mine.apply }
    );
    expect(sim.store.invoices.get(theirs)?.status).toBe("created");
    expect(sim.store.invoices.size).toBe(2);
    expect(String(mine.cell(3, "message"))).toContain("not this row's invoice");
    expect(summary.headline).toContain("1 draft discarded");
    expect(summary.rows.filter((r) => r.changed).map((r) => r.state)).toEqual(["discarded"]);
  });
});
