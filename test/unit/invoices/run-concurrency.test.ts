import { FakeClient } from "../../support/fake-client";
import { line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: concurrency", () => {
  it("never has more calls in flight than the concurrency, and waits between polls hold no slot", async () => {
    const fake = new FakeClient();
    fake.pollsToApprove = 3;
    const rows = Array.from({ length: 12 }, () => line());
    const rec = await run(fake, plan(sheet(rows)), {
      concurrency: 3,
      unsafeTestPollIntervalMs: 40,
    });
    expect(rec.summary.counts.approved).toBe(12);
    expect(fake.maxInFlight).toBeLessThanOrEqual(3);
    expect(fake.maxInFlight).toBeGreaterThan(1);
  });

  it("creates every invoice first, then checks each reference, then approves them; the polls follow", async () => {
    const fake = new FakeClient();
    await run(fake, plan(sheet([line(), line(), line()])), { concurrency: 1 });
    const methods = fake.calls.map((c) => c.method);
    // A run ends one approval wait after its last approve, and that approve can only come after
    // every create and approve has had a slot: the slot pool serves creates, then the calls that
    // continue an invoice, before polls (docs/benchmarks/invoices.md, "Which order"). Each draft is
    // approved only after the search by its reference showed it is the one every run keeps (issue
    // 25: another pane, or a run whose results were undone, may have created it too).
    expect(methods.slice(0, 9)).toEqual([
      "createInvoice",
      "createInvoice",
      "createInvoice",
      "findInvoicesByExternalReference",
      "findInvoicesByExternalReference",
      "findInvoicesByExternalReference",
      "approveInvoice",
      "approveInvoice",
      "approveInvoice",
    ]);
    // Polls of invoices approved together are read together (Invoices/filter by ids).
    for (const method of methods.slice(9))
      expect(["getInvoicesByIds", "getInvoice"]).toContain(method);
  });
});
