import { FakeClient } from "./fake-client";
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

  it("creates every invoice first, then approves them; the duplicate search and the polls follow", async () => {
    const fake = new FakeClient();
    await run(fake, plan(sheet([line(), line(), line()])), { concurrency: 1 });
    const methods = fake.calls.map((c) => c.method);
    // A run ends one approval wait after its last approve, and that approve can only come after
    // every create and approve has had a slot: the slot pool serves creates, then approves, before
    // anything of lower priority that waits beside them (docs/benchmarks-invoices.md, "Which
    // order"). That much the code fixes. Which of the rest goes first — the search for a browser's
    // duplicate (issue 9, item 11; lowest priority since issue 20) or a poll whose wait just ended —
    // depends on when a timer fires, so only what they are is asserted (issue 26, item 7).
    expect(methods.slice(0, 6)).toEqual([
      "createInvoice",
      "createInvoice",
      "createInvoice",
      "approveInvoice",
      "approveInvoice",
      "approveInvoice",
    ]);
    const rest = methods.slice(6);
    expect(rest.filter((m) => m === "findInvoicesByExternalReference")).toHaveLength(3);
    // Polls of invoices approved together are read together (Invoices/filter by ids).
    for (const method of rest.filter((m) => m !== "findInvoicesByExternalReference"))
      expect(["getInvoicesByIds", "getInvoice"]).toContain(method);
  });
});
