/**
 * A newcomer's cases: every count a run shows comes from the engine's one summary.
 * Against the simulator through the engine's seam (`runAction`): the progress events, the headline
 * and the summary's rows of one run must count the same invoices as its confirmation did.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import {
  AFTER_APPROVAL_COLUMNS,
  planInvoiceActions,
  prepareInvoiceActions,
  runAction as runEngine,
} from "../../../src/invoices";
import type { EngineOptions, RunProgress } from "../../../src/invoices";
import { approvedSheet, startForActions } from "./action-helpers";
import { MemorySheet, demoRow } from "./helpers";

const FAST: EngineOptions = {
  flushIntervalMs: 10,
  unsafeTestPollIntervalMs: 20,
  approvalTimeoutMs: 10_000,
  settleTimeoutMs: 5000,
};

let sim: Simulator;
let client: BillingClient;
beforeAll(async () => {
  ({ sim, client } = await startForActions("live"));
});
afterAll(() => sim.close());

describe("a Create drafts run's progress", () => {
  it("counts a created draft as done: the last progress says every draft is done", async () => {
    const count = 3;
    const sheet = new MemorySheet(
      Array.from({ length: count }, (_, i) => demoRow({ description: `draft ${i}` })),
      AFTER_APPROVAL_COLUMNS
    );
    const events: RunProgress[] = [];
    const run = await runEngine(
      client,
      { action: "create-drafts", plan: sheet.plan() },
      { ...FAST, onRowUpdates: sheet.apply, onProgress: (p) => events.push(p) }
    );
    const created = run.rows.filter((r) => r.state === "created").length;
    expect(created).toBe(count);
    const last = events.at(-1)!;
    expect(last.text).toBe(`${count} created`);
    expect({ done: last.done, total: last.total }).toEqual({ done: count, total: count });
  });
});

describe("Send with rows refused before the run", () => {
  it("counts and lists the refused rows as the confirmation did: one each, in the progress, the headline and the rows", async () => {
    // Two approved invoices, and three rows Check refused (no invoiceId: never created).
    const approved = await approvedSheet(client, 2, "counts");
    const rows = approved.rows.map((r) =>
      Object.fromEntries(approved.headers.map((h, i) => [h, r.values[i]]))
    );
    for (let i = 0; i < 3; i += 1)
      rows.push(demoRow({ description: `refused ${i}`, taxCodeId: null }));
    const sheet = new MemorySheet(rows, AFTER_APPROVAL_COLUMNS);
    const plan = planInvoiceActions(sheet.snapshot(), { action: "send", channel: "email" });
    const preparation = await prepareInvoiceActions(client, plan);
    // The confirmation names one refusal per invoice, as Check groups the rows.
    expect(preparation.toDo).toHaveLength(2);
    expect(preparation.refused.map((r) => r.rowNumbers)).toEqual([[4], [5], [6]]);
    const events: RunProgress[] = [];
    const run = await runEngine(
      client,
      { action: "send", preparation },
      { ...FAST, onRowUpdates: sheet.apply, onProgress: (p) => events.push(p) }
    );
    const refusedRows = run.rows.filter((r) => r.state === "refused");
    expect(refusedRows.map((r) => r.rowNumbers)).toEqual([[4], [5], [6]]);
    expect(run.headline).toBe(`${preparation.refused.length} refused · 2 sent.`);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ done: run.rows.length, total: run.rows.length });
    expect(last.text).toBe(`2 sent, ${refusedRows.length} refused`);
  });
});
