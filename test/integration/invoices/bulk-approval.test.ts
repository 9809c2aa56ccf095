/**
 * Approval in bulk against the simulator's store: exact ids (one request for many),
 * the fallback to one approve each where the service has no bulk approval (the interface dialect),
 * the two steps (Create drafts, then approve them by running the rows again), the service's refusal
 * per invoice, a cut bulk answer settled by reading back, and the service's totals written back.
 */
import Big from "big.js";
import { DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { invoiceAmounts } from "../../../simulator/invoice-totals";
import type { BillingClient } from "../../../src/api/types";
import { MemorySheet, demoRow, runSheet, start } from "./helpers";

const BULK = /^\/api\/bill\/invoices\/bulk\/approve$/i;
const SINGLE_APPROVE = /^\/api\/bill\/invoices\/(?!bulk\/)[^/]+\/approve$/i;

/** The same amount of money (the service may answer 216 for 216.00). */
const same = (cell: unknown, amount: string) => new Big(String(cell)).eq(amount);

function threeInvoices(): MemorySheet {
  return new MemorySheet([
    demoRow({ invoiceRef: "A" }),
    demoRow({ invoiceRef: "A", description: "Labour", quantity: 2, unitPrice: 45.25 }),
    demoRow({ invoiceRef: "B", customerId: DEMO.customers.smit, unitPrice: 10.01 }),
    demoRow({ invoiceRef: "C", quantity: 3, unitPrice: 0.335 }),
  ]);
}

/** The store's own totals of the invoice a row names. */
function storedTotals(sim: Simulator, sheet: MemorySheet, row: number) {
  const stored = sim.store.invoice(String(sheet.cell(row, "invoiceId")))!;
  const amounts = invoiceAmounts(
    stored.lines as Record<string, unknown>[],
    sim.store.dataset.taxCodes,
    Date.parse(String(stored.invoiceDate))
  );
  return { excl: amounts.totalAmountExclVAT, incl: amounts.totalAmountInclVAT, stored };
}

describe("bulk approval (live dialect)", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => ({ sim, client } = await start("live")));
  afterEach(() => sim.close());

  it("approves a run's drafts in one bulk request naming exactly their ids, and writes the service's totals back", async () => {
    const sheet = threeInvoices();
    const summary = await runSheet(client, sheet);

    expect(summary.counts).toMatchObject({ approved: 3, failed: 0, unknown: 0 });
    expect(sim.log.count("POST", BULK)).toBe(1);
    expect(sim.log.count("POST", SINGLE_APPROVE)).toBe(0);
    for (const row of [2, 3, 4, 5]) {
      const { excl, incl, stored } = storedTotals(sim, sheet, row);
      expect(stored.status).toBe("approved");
      expect(same(sheet.cell(row, "totalAmountExclVAT"), excl)).toBe(true);
      expect(same(sheet.cell(row, "totalAmountInclVAT"), incl)).toBe(true);
    }
    // 125.50 + 2 × 45.25 = 216.00 excl.; 21 % VAT on each line, rounded per line.
    expect(same(sheet.cell(2, "totalAmountExclVAT"), "216.00")).toBe(true);
    const result = summary.results.find((r) => r.key === "ref:A")!;
    expect(same(result.totalAmountExclVAT, "216.00")).toBe(true);
    expect(result.totalAmountInclVAT).toBe(sheet.cell(2, "totalAmountInclVAT"));
  });

  it("creates drafts and stops; running the rows again approves exactly those drafts in bulk", async () => {
    const sheet = threeInvoices();
    const drafts = await runSheet(client, sheet, { drafts: true });

    expect(drafts.counts).toMatchObject({ created: 3, approved: 0 });
    expect(sim.log.count("POST", BULK)).toBe(0);
    expect(sim.log.count("POST", SINGLE_APPROVE)).toBe(0);
    for (const row of [2, 4, 5]) {
      const { excl, stored } = storedTotals(sim, sheet, row);
      expect(stored.status).toBe("created");
      expect(sheet.cell(row, "status")).toBe("created");
      expect(same(sheet.cell(row, "totalAmountExclVAT"), excl)).toBe(true);
      expect(String(sheet.cell(row, "message"))).toMatch(/^Draft: review it/);
    }
    // A draft of someone else in the tenant must stay a draft: ids are exact.
    const other = new MemorySheet([demoRow({ invoiceRef: "X" })]);
    await runSheet(client, other, { drafts: true });

    const approved = await runSheet(client, sheet);
    expect(approved.story).toMatchObject({ approved: 3, created: 0 });
    expect(sim.log.count("POST", BULK)).toBe(1);
    for (const row of [2, 4, 5])
      expect(storedTotals(sim, sheet, row).stored.status).toBe("approved");
    expect(sim.store.invoice(String(other.cell(2, "invoiceId")))!.status).toBe("created");
  });

  it("sends no bulk request for a run without drafts (all invalid, or all approved before)", async () => {
    const invalid = new MemorySheet([demoRow({ customerId: "not-an-id" })]);
    await runSheet(client, invalid);
    const sheet = new MemorySheet([demoRow()]);
    await runSheet(client, sheet);
    const before = sim.log.count("POST", BULK);
    const again = await runSheet(client, sheet);
    expect(again.story).toMatchObject({ untouched: 1, changed: 0 });
    expect(sim.log.count("POST", BULK)).toBe(before);
    expect(before).toBe(1);
  });

  it("fails the invoice the service refuses (no direct-debit mandate) with its reason, and approves the others", async () => {
    const sheet = new MemorySheet([
      demoRow({ invoiceRef: "A" }),
      demoRow({ invoiceRef: "B", customerId: DEMO.customers.vandenBerg }),
    ]);
    const summary = await runSheet(client, sheet);
    expect(summary.counts).toMatchObject({ approved: 1, failed: 1 });
    expect(sheet.cell(3, "status")).toBe("failed");
    expect(String(sheet.cell(3, "message"))).toMatch(/refused to approve it: .*mandate/i);
    expect(storedTotals(sim, sheet, 3).stored.status).toBe("created");
    expect(storedTotals(sim, sheet, 2).stored.status).toBe("approved");
  });

  it("settles a cut bulk answer by reading the drafts back, never sending it again for approved ones", async () => {
    sim.setFaults({ actionDropNext: { bulkApprove: 1 } });
    const sheet = threeInvoices();
    const summary = await runSheet(client, sheet);
    expect(summary.counts).toMatchObject({ approved: 3, unknown: 0, failed: 0 });
    // The cut request acted; reading back showed every draft past draft: nothing sent again.
    expect(sim.log.count("POST", BULK)).toBe(1);
    for (const row of [2, 4, 5])
      expect(storedTotals(sim, sheet, row).stored.status).toBe("approved");
  });
});

describe("bulk approval where the service has none (interface dialect)", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start("interface")));
  afterAll(() => sim.close());

  it("falls back to one approve per invoice after the service's 404, and approves every one", async () => {
    const sheet = threeInvoices();
    const summary = await runSheet(client, sheet);
    expect(summary.counts).toMatchObject({ approved: 3, failed: 0, unknown: 0 });
    // One bulk request answered 404 (nothing done), then one approve each.
    expect(sim.log.count("POST", BULK)).toBe(1);
    expect(sim.log.count("POST", SINGLE_APPROVE)).toBe(3);
    for (const row of [2, 4, 5]) {
      const { excl, stored } = storedTotals(sim, sheet, row);
      expect(stored.status).toBe("approved");
      expect(same(sheet.cell(row, "totalAmountExclVAT"), excl)).toBe(true);
    }
  });
});
