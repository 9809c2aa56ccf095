import { FakeClient } from "../../support/fake-client";
import { line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: cancel", () => {
  it("starts nothing when cancelled before the run", async () => {
    const fake = new FakeClient();
    const controller = new AbortController();
    controller.abort();
    const rec = await run(fake, plan(sheet([line(), line()])), { signal: controller.signal });
    expect(fake.calls).toEqual([]);
    expect(rec.rows.get(2)).toMatchObject({ status: "cancelled" });
    expect(rec.rows.get(2)!.message).toMatch(/^Nothing was sent\. The run was cancelled\./);
    expect(rec.summary.stopped).toBe("cancelled");
  });

  it("stops starting new invoices, lets calls in flight finish and leaves every row truthful", async () => {
    const fake = new FakeClient();
    fake.pollsToApprove = 1000;
    const controller = new AbortController();
    fake.fail.approveInvoice = () => {
      controller.abort();
      return undefined;
    };
    const rec = await run(fake, plan(sheet([line(), line(), line(), line(), line(), line()])), {
      signal: controller.signal,
      concurrency: 1,
    });
    const statuses = [2, 3, 4, 5, 6, 7].map((r) => rec.rows.get(r)!.status);
    expect(fake.count("approveInvoice")).toBe(1);
    // The approve in flight finished: that invoice is approving; the rest never started.
    expect(statuses.filter((s) => s === "approving")).toHaveLength(1);
    expect(rec.rows.get(statuses.indexOf("approving") + 2)!.message).toBe(
      "Still approving — run again to continue. The run was cancelled."
    );
    expect(statuses.filter((s) => s === "cancelled")).toHaveLength(6 - fake.count("createInvoice"));
    expect(statuses.filter((s) => s === "created")).toHaveLength(fake.count("createInvoice") - 1);
    expect(rec.summary.counts.queued).toBe(0);
  });
});
