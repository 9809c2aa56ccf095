import { FakeClient } from "../../support/fake-client";
import { line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: row updates are batched", () => {
  it("writes far fewer times than rows change, and never more than maxBatchSize rows at once", async () => {
    const fake = new FakeClient();
    const rows = Array.from({ length: 60 }, (_, i) => line({ invoiceRef: `R${i % 20}` }));
    const rec = await run(fake, plan(sheet(rows)), { flushIntervalMs: 30, maxBatchSize: 25 });
    expect(rec.summary.counts.approved).toBe(20);
    expect(Math.max(...rec.batches.map((b) => b.length))).toBeLessThanOrEqual(25);
    // 60 rows × (reference, creating, created, approving, approved) = 300 row changes; at most one
    // write per 10 of them. Creates go first (slot-pool.ts), so the rows change in waves (all
    // created, then all approving, then all approved) and most flushes carry a full batch of 25
    // plus a remainder: about 20 calls here, where the old order (approve before create) took fewer.
    expect(rec.summary.rowUpdateCalls).toBeLessThanOrEqual(30);
    expect(rec.summary.rowUpdateCalls).toBe(rec.batches.length);
  });

  it("never calls onRowUpdates again before the previous call has finished", async () => {
    const fake = new FakeClient();
    let open = 0;
    let overlap = false;
    await run(fake, plan(sheet([line(), line(), line(), line()])), {
      flushIntervalMs: 1,
      maxBatchSize: 1,
      onRowUpdates: async () => {
        open += 1;
        if (open > 1) overlap = true;
        await new Promise((r) => setTimeout(r, 5));
        open -= 1;
      },
    });
    expect(overlap).toBe(false);
  });

  it("stops before sending anything when the references cannot be written to the sheet", async () => {
    const fake = new FakeClient();
    const rec = await run(fake, plan(sheet([line()])), {
      onRowUpdates: () => Promise.reject(new Error("cell-edit mode")),
    });
    expect(fake.count("createInvoice")).toBe(0);
    expect(rec.summary.stopped).toBe("sheet-write");
  });
});
