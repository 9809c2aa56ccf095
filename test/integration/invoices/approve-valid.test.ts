/**
 * Approve only what the service would approve end to end against the simulator, through
 * the engine's seam: the service's `onlyValidate` verdict first, then the approve of exactly the
 * drafts it accepts; the others stay drafts with the service's reasons. A lost approve answer is
 * read back; the service's rate limit is waited out.
 */
import { DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { AFTER_APPROVAL_COLUMNS, runAction as runEngine } from "../../../src/invoices";
import type { EngineOptions, EngineSummary } from "../../../src/invoices";
import { startForActions } from "./action-helpers";
import { MemorySheet, demoRow, runSheet } from "./helpers";

const FAST: EngineOptions = {
  flushIntervalMs: 10,
  unsafeTestPollIntervalMs: 20,
  approvalTimeoutMs: 10_000,
};

describe("Approve only what the service would approve", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => {
    ({ sim, client } = await startForActions("live"));
  });
  afterEach(() => sim.close());

  /** Two drafts the service would approve and one it would not (no direct-debit mandate). */
  async function mixedDrafts(): Promise<MemorySheet> {
    const sheet = new MemorySheet(
      [
        demoRow({ description: "good 1", unitPrice: 11 }),
        demoRow({
          description: "no mandate",
          customerId: DEMO.customers.vandenBerg,
          contractId: DEMO.contracts.coolingTiered,
        }),
        demoRow({ description: "good 2", unitPrice: 12 }),
      ],
      AFTER_APPROVAL_COLUMNS
    );
    const run = await runSheet(client, sheet, { drafts: true });
    if (run.counts.created !== 3) throw new Error(`no drafts: ${run.summary}`);
    return sheet;
  }

  const approveValid = (sheet: MemorySheet, options: EngineOptions = {}): Promise<EngineSummary> =>
    runEngine(
      client,
      { action: "approve-valid", plan: sheet.plan() },
      { ...FAST, ...options, onRowUpdates: sheet.apply }
    );

  function expectOutcome(sheet: MemorySheet, run: EngineSummary): void {
    const [good1, bad, good2] = [2, 3, 4].map((row) => String(sheet.cell(row, "invoiceId")));
    for (const id of [good1, good2]) expect(sim.store.invoice(id)?.status).toBe("approved");
    expect(sim.store.invoice(bad)?.status).toBe("created");
    for (const row of [2, 4]) {
      expect(sheet.cell(row, "status")).toBe("approved");
      expect(String(sheet.cell(row, "invoiceNum"))).not.toBe("");
    }
    expect(sheet.cell(3, "status")).toBe("created");
    expect(String(sheet.cell(3, "message"))).toMatch(
      /^Not approved: the billing service would refuse it: .*mandate.*It stays a draft/
    );
    expect(run.detail.kind === "plan" && run.detail.summary.keptDrafts).toBe(1);
    expect(run.headline).toMatch(/^2 invoices approved by this run .*1 left a draft/);
    expect(run.tone).toBe("warning");
    expect(run.details.join(" ")).toMatch(/left a draft: the service would not approve it/);
  }

  it("approves the drafts the verdict accepts; the refused one stays a draft with its reason", async () => {
    const sheet = await mixedDrafts();
    const run = await approveValid(sheet);
    expectOutcome(sheet, run);
    // The verdict went out with the exact ids before any approve.
    const posts = sim.log.entries().filter((e) => /bulk\/approve$/i.test(e.path));
    expect(posts.length).toBeGreaterThanOrEqual(2);
  });

  it("a lost approve answer is read back: approved once, numbered, nothing asked blindly", async () => {
    const sheet = await mixedDrafts();
    sim.setFaults({ actionDropNext: { bulkApprove: 1 } });
    const run = await approveValid(sheet);
    expectOutcome(sheet, run);
    expect(run.stopped).toBeUndefined();
  });

  it("the service's rate limit is waited out: the same outcome", async () => {
    const sheet = await mixedDrafts();
    sim.setFaults({
      rateLimit: { maxRequests: 2, windowMs: 400, retryAfterSeconds: 1, header: "retry-after" },
    });
    const run = await approveValid(sheet);
    expect(run.stopped).toBeUndefined();
    expectOutcome(sheet, run);
  });

  it("a rate limit beyond the budget stops it before any approve: nothing approved, rows say so", async () => {
    const sheet = await mixedDrafts();
    sim.setFaults({
      rateLimit: { maxRequests: 0, windowMs: 60_000, retryAfterSeconds: 60, header: "retry-after" },
    });
    const run = await approveValid(sheet, { rateLimitBudgetMs: 500 });
    expect(run.stopped).toBe("rate-limited");
    for (const row of [2, 3, 4]) {
      expect(sim.store.invoice(String(sheet.cell(row, "invoiceId")))?.status).toBe("created");
      expect(sheet.cell(row, "status")).toBe("created");
    }
    expect(run.changed).toBe(0);
  });

  it("the verdict is the run's first step, through its own calls: one count of requests, one stop", async () => {
    const sheet = await mixedDrafts();
    const before = sim.log.entries().length;
    const run = await approveValid(sheet);
    expectOutcome(sheet, run);
    // Every request of the run (the verdict, the approve, the polls) is counted by the one caller.
    expect(run.requests).toBeGreaterThan(0);
    expect(sim.log.entries().length - before).toBeGreaterThanOrEqual(run.requests);
    const cancelled = await mixedDrafts();
    const asked = sim.log.entries().length;
    const stopped = await approveValid(cancelled, { signal: AbortSignal.abort() });
    expect(stopped.stopped).toBe("cancelled");
    // Cancelled before the verdict: nothing was asked, nothing approved, every row says why.
    expect(sim.log.entries().length).toBe(asked);
    for (const row of [2, 3, 4]) {
      expect(sim.store.invoice(String(cancelled.cell(row, "invoiceId")))?.status).toBe("created");
      expect(String(cancelled.cell(row, "message"))).toMatch(/^Not approved: .*cancel/i);
    }
    expect(stopped.changed).toBe(0);
  });
});
