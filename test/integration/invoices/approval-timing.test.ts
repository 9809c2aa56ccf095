import { runInvoices } from "../../../src/invoices";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { MemorySheet, demoRow, start } from "./helpers";

// Real timers and the real minimum poll delays (1 s first poll, 2 s between probe polls): ~7 s.
jest.setTimeout(30_000);

describe("invoices against the simulator: the first poll is learnt from the first invoices", () => {
  let sim: Simulator;
  let client: BillingClient;
  // 3 s until numbered: a fixed first poll one interval (2.5 s) after approve needs 2 polls.
  beforeAll(
    async () =>
      ({ sim, client } = await start("live", { approvalDelayMs: 2600, numberDelayMs: 400 }))
  );
  afterAll(() => sim.close());

  it("polls most invoices once, when their number is expected, and every row matches the store", async () => {
    const invoices = 30;
    const sheet = new MemorySheet(
      Array.from({ length: invoices }, (_, i) => demoRow({ invoiceRef: `T${i}` }))
    );
    const summary = await runInvoices(client, sheet.plan(), {
      flushIntervalMs: 10,
      onRowUpdates: sheet.apply,
    });
    expect(summary.counts.approved).toBe(invoices);
    for (let row = 2; row < 2 + invoices; row += 1) {
      const stored = sim.store.invoice(String(sheet.cell(row, "invoiceId")))!;
      expect(stored.status).toBe("approved");
      expect(sheet.cell(row, "invoiceNum")).toBe(stored.invoiceNum);
    }
    // Reads after the approves: 8 probes poll on a 250 ms grid every 2 s (2–3 single reads each);
    // the other 22, approved in one bulk request, are read together at the learnt
    // time (Invoices/filter by ids). A fixed 2.5 s cadence, one read each, would need 2 × 30 = 60.
    const single = sim.log.count("GET", /^\/api\/bill\/invoices\/[^/]+$/i);
    // Invoices/filter also carries each invoice's one search for a browser's duplicate.
    const together = sim.log.count("POST", /^\/api\/bill\/invoices\/filter$/i) - invoices;
    expect(single).toBeGreaterThanOrEqual(8);
    expect(single).toBeLessThanOrEqual(8 * 3);
    expect(together).toBeGreaterThanOrEqual(1);
    expect(single + together).toBeLessThan(invoices);
  });
});
