/**
 * Discard drafts end to end against the simulator, through the engine's seam: the
 * service's DELETE of a draft, never an approved invoice, rows cleared truthfully and logged, a
 * lost answer settled by reading back, the service's rate limit waited out (or the run stopped
 * with nothing deleted for the rows it could not reach).
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import {
  AFTER_APPROVAL_COLUMNS,
  draftsPlan,
  planInvoiceActions,
  prepareInvoiceActions,
  runAction as runEngine,
} from "../../../src/invoices";
import type { ActionPlan, EngineOptions, EngineSummary } from "../../../src/invoices";
import { startForActions } from "./action-helpers";
import { MemorySheet, demoRow, runSheet } from "./helpers";

const FAST: EngineOptions = { flushIntervalMs: 10, unsafeTestPollIntervalMs: 20 };

describe("Discard drafts", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => {
    ({ sim, client } = await startForActions("live"));
  });
  afterEach(() => sim.close());

  /** `count` drafts made by Create drafts; the sheet holds their ids and status `created`. */
  async function draftSheet(count: number): Promise<MemorySheet> {
    const rows = Array.from({ length: count }, (_, i) =>
      demoRow({ description: `draft ${i}`, unitPrice: 10 + i })
    );
    const sheet = new MemorySheet(rows, AFTER_APPROVAL_COLUMNS);
    const run = await runSheet(client, sheet, { drafts: true });
    if (run.counts.created !== count) throw new Error(`no drafts: ${run.summary}`);
    return sheet;
  }

  const idOf = (sheet: MemorySheet, row: number) => String(sheet.cell(row, "invoiceId"));

  async function discard(
    sheet: MemorySheet,
    plan: ActionPlan,
    options: EngineOptions = {}
  ): Promise<EngineSummary> {
    const preparation = await prepareInvoiceActions(client, plan);
    return await runEngine(
      client,
      { action: "discard-drafts", preparation },
      { ...FAST, ...options, onRowUpdates: sheet.apply }
    );
  }

  it("deletes the chosen drafts, clears and marks their rows, logs them; the others stay drafts", async () => {
    const sheet = await draftSheet(3);
    const [a, b, c] = [2, 3, 4].map((row) => idOf(sheet, row));
    const plan = draftsPlan({ action: "discard-drafts" }, [
      { invoiceId: a, rowNumbers: [2] },
      { invoiceId: c, rowNumbers: [4] },
    ]);
    const run = await discard(sheet, plan);
    expect(sim.store.invoice(a)).toBeUndefined();
    expect(sim.store.invoice(c)).toBeUndefined();
    expect(sim.store.invoice(b)?.status).toBe("created");
    expect(run.headline).toBe("2 drafts discarded.");
    expect(run.tone).toBe("success");
    expect(run.changed).toBe(2);
    for (const row of [2, 4]) {
      expect({
        status: sheet.cell(row, "status"),
        invoiceId: sheet.cell(row, "invoiceId"),
        externalReference: sheet.cell(row, "externalReference"),
      }).toEqual({ status: "discarded", invoiceId: "", externalReference: "" });
      expect(String(sheet.cell(row, "message"))).toMatch(
        /discarded: deleted from the billing service by this run/
      );
    }
    expect(sheet.cell(3, "status")).toBe("created");
    expect(idOf(sheet, 3)).toBe(b);
    // The Billing log's words for each changed invoice.
    expect(run.rows.filter((r) => r.changed).map((r) => r.state)).toEqual([
      "discarded",
      "discarded",
    ]);
    const summary = run.detail.kind === "ids" ? run.detail.summary : undefined;
    expect(summary?.results.map((r) => r.changes)).toEqual([["discarded"], ["discarded"]]);
  });

  it("never discards an approved invoice: refused from the sheet, and from what the service holds", async () => {
    const sheet = await draftSheet(2);
    const [a, b] = [2, 3].map((row) => idOf(sheet, row));
    // Row 2: the service approved it since (another window); the sheet still says created.
    await client.approveInvoice(a, "2026-06-15T12:00:00+02:00");
    // Row 3: the sheet itself says approved.
    sheet.set(3, "status", "approved");
    const plan = planInvoiceActions(sheet.snapshot(), { action: "discard-drafts" });
    expect(plan.refused.map((r) => r.message)).toEqual([
      "Not discarded: it is approved: an approved invoice is never discarded (credit it instead).",
    ]);
    const run = await discard(sheet, plan);
    expect(sim.store.invoice(a)).toBeDefined();
    expect(sim.store.invoice(b)).toBeDefined();
    expect(sim.log.count("DELETE", /invoices\//i)).toBe(0);
    expect(run.changed).toBe(0);
    expect(run.detail.kind === "ids" && run.detail.summary.refused).toHaveLength(2);
    expect(String(sheet.cell(2, "message"))).toMatch(/an approved invoice is never discarded/);
    expect(idOf(sheet, 2)).toBe(a);
    // Refusals repeat on a re-run that changes nothing: not the error tone.
    expect(run.tone).toBe("warning");
    expect(run.headline).toMatch(/^Nothing changed: 2 refused\.$/);
  });

  it("a lost answer is settled by reading the draft back: deleted, said so, never asked blindly", async () => {
    const sheet = await draftSheet(2);
    const [a, b] = [2, 3].map((row) => idOf(sheet, row));
    sim.setFaults({ actionDropNext: { delete: 1 } });
    const run = await discard(
      sheet,
      planInvoiceActions(sheet.snapshot(), { action: "discard-drafts" }),
      {
        concurrency: 1,
      }
    );
    expect(sim.store.invoice(a)).toBeUndefined();
    expect(sim.store.invoice(b)).toBeUndefined();
    expect(run.changed).toBe(2);
    expect(run.rows.map((r) => r.state)).toEqual(["discarded", "discarded"]);
    for (const row of [2, 3]) expect(sheet.cell(row, "status")).toBe("discarded");
  });

  it("a draft deleted before the run: its row is cleared as already gone, logged as found gone", async () => {
    const sheet = await draftSheet(1);
    const a = idOf(sheet, 2);
    const plan = planInvoiceActions(sheet.snapshot(), { action: "discard-drafts" });
    const preparation = await prepareInvoiceActions(client, plan);
    await client.deleteInvoice(a);
    const run = await runEngine(
      client,
      { action: "discard-drafts", preparation },
      { ...FAST, onRowUpdates: sheet.apply }
    );
    expect(run.rows.map((r) => r.state)).toEqual(["gone earlier"]);
    expect(run.headline).toBe("Nothing changed: 1 already gone.");
    expect(run.detail.kind === "ids" && run.detail.summary.results[0].changes).toEqual([
      "found gone",
    ]);
    expect(sheet.cell(2, "status")).toBe("discarded");
    expect(sheet.cell(2, "invoiceId")).toBe("");
  });

  it("the service's rate limit: waited out, every draft deleted once", async () => {
    const sheet = await draftSheet(4);
    const ids = [2, 3, 4, 5].map((row) => idOf(sheet, row));
    const plan = planInvoiceActions(sheet.snapshot(), { action: "discard-drafts" });
    const preparation = await prepareInvoiceActions(client, plan);
    sim.setFaults({
      rateLimit: { maxRequests: 2, windowMs: 400, retryAfterSeconds: 1, header: "retry-after" },
    });
    const run = await runEngine(
      client,
      { action: "discard-drafts", preparation },
      { ...FAST, onRowUpdates: sheet.apply }
    );
    expect(run.stopped).toBeUndefined();
    expect(run.changed).toBe(4);
    for (const id of ids) expect(sim.store.invoice(id)).toBeUndefined();
    expect(sim.log.count("DELETE", /invoices\//i)).toBeGreaterThanOrEqual(4);
  });

  it("a rate limit beyond the run's budget stops it: rows say the truth; run again finishes", async () => {
    const sheet = await draftSheet(4);
    const ids = [2, 3, 4, 5].map((row) => idOf(sheet, row));
    const plan = planInvoiceActions(sheet.snapshot(), { action: "discard-drafts" });
    const preparation = await prepareInvoiceActions(client, plan);
    sim.setFaults({
      rateLimit: { maxRequests: 2, windowMs: 4000, retryAfterSeconds: 4, header: "retry-after" },
    });
    const run = await runEngine(
      client,
      { action: "discard-drafts", preparation },
      // One call at a time: a call already inside the client when the stop comes is held by its
      // governor and goes out after the pause (its row then says so); none starts after it.
      { ...FAST, rateLimitBudgetMs: 500, concurrency: 1, onRowUpdates: sheet.apply }
    );
    expect(run.stopped).toBe("rate-limited");
    expect(run.changed).toBeLessThan(4);
    // Every row says what the service holds: discarded exactly when the draft is gone.
    ids.forEach((id, i) =>
      expect({ id, status: sheet.cell(i + 2, "status") }).toEqual({
        id,
        status: sim.store.invoice(id) === undefined ? "discarded" : "created",
      })
    );
    sim.setFaults({ rateLimit: null });
    const again = await discard(
      sheet,
      planInvoiceActions(sheet.snapshot(), { action: "discard-drafts" })
    );
    expect(again.changed + run.changed).toBe(4);
    for (const id of ids) expect(sim.store.invoice(id)).toBeUndefined();
  });
});
