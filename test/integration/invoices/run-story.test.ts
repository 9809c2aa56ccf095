/**
 * Each run tells its own story (docs/developers/rules.md#each-run-tells-its-own-story): after a sequence of runs,
 * re-runs and a cancel, each run's story and Billing log rows say exactly what that run changed,
 * checked against the simulator's store.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { LOG_COLUMNS, runLogRows } from "../../../src/excel/run-log-rows";
import type { RunSummary } from "../../../src/invoices";
import { reduceCard, INITIAL_CARD_STATE } from "../../../src/taskpane/run-card-model";
import { cardView } from "../../../src/taskpane/card-view";
import { planEngineSummary } from "../../unit/taskpane/helpers/engine-summary";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

/** The ids the store holds now. */
const storeIds = (sim: Simulator) => new Set(sim.store.allInvoices().map((i) => i.id));

/** The Billing log rows of a run, as objects by column. */
function logOf(summary: RunSummary): Record<string, string | number>[] {
  return runLogRows({
    when: summary.startedAt,
    runId: summary.runId,
    workbookName: "Book1.xlsx",
    sheetName: "Invoices",
    results: summary.results,
  }).map((row) =>
    Object.fromEntries(
      LOG_COLUMNS.map((c, i) => [
        c,
        typeof row[i] === "string" ? String(row[i]).replace(/^'/, "") : row[i],
      ])
    )
  );
}

/** What the pane's summary says of a run, and its tone. */
function summaryOf(summary: RunSummary) {
  const state = [
    { type: "run-started" } as const,
    { type: "run-finished", summary: planEngineSummary(summary, "W") } as const,
  ].reduce(reduceCard, {
    ...INITIAL_CARD_STATE,
    phase: "confirming",
    action: "create-and-approve",
  });
  return cardView(state).summary!;
}

/** What the pane's summary says of a run. */
function headline(summary: RunSummary): string {
  return summaryOf(summary).text;
}

/**
 * The invariants of one run against the store: the invoices it says it created are exactly the
 * new ones in the store; one it says it approved is approved there with that number; one it left
 * alone was not asked for; the log has one row per changed invoice and none for the others.
 */
function expectTruthful(sim: Simulator, summary: RunSummary, before: Set<string>): void {
  const created = [...storeIds(sim)].filter((id) => !before.has(id)).sort();
  const saysCreated = summary.results
    .filter((r) => r.changes.includes("created"))
    .map((r) => r.invoiceId!)
    .sort();
  expect(saysCreated).toEqual(created);
  expect(summary.story.created).toBe(created.length);
  for (const r of summary.results.filter((x) => x.changes.includes("approved"))) {
    const held = sim.store.invoice(r.invoiceId!)!;
    expect(held.status).toBe("approved");
    expect(held.invoiceNum).toBe(r.invoiceNum);
    expect(r.before).not.toBe("approved");
  }
  for (const r of summary.results.filter((x) => x.untouched)) {
    expect(r.changes).toEqual([]);
    expect(sim.log.count("GET", new RegExp(r.invoiceId!, "i"))).toBe(0);
  }
  const log = logOf(summary);
  const changed = summary.results.filter((r) => r.changes.length > 0);
  expect(log).toHaveLength(changed.length);
  expect(summary.story.changed).toBe(changed.length);
  expect(log.map((row) => row.invoiceId)).toEqual(changed.map((r) => r.invoiceId ?? ""));
  for (const row of log) expect(row.run).toBe(summary.runId);
}

describe.each(DIALECTS)(
  "invoices against the simulator (%s dialect): each run tells its own story",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;
    beforeAll(async () => ({ sim, client } = await start(dialect, { latencyMs: 10 })));
    afterAll(() => sim.close());

    it("counts and logs what each of a cancelled run, its re-run and a re-run of the finished sheet changed", async () => {
      const sheet = new MemorySheet([
        ...Array.from({ length: 8 }, (_v, i) => demoRow({ invoiceRef: `R${i + 1}` })),
        demoRow({ invoiceRef: "BAD", description: "FAIL-APPROVAL please" }),
      ]);

      // Run 1: cancelled once two invoices are under way.
      let before = storeIds(sim);
      sim.log.clear();
      const controller = new AbortController();
      const first = await runSheet(client, sheet, {
        concurrency: 2,
        signal: controller.signal,
        onProgress: (c) => {
          if (c.created + c.approving >= 2) controller.abort();
        },
      });
      expect(first.stopped).toBe("cancelled");
      expectTruthful(sim, first, before);
      expect(first.story.untouched).toBe(0);
      expect(first.story.notStarted).toBeGreaterThan(0);
      // Not one invoice of run 1 is reported approved by a later run twice (checked below).
      const approvedInFirst = new Set(
        first.results.filter((r) => r.changes.includes("approved")).map((r) => r.invoiceId)
      );
      if (first.story.approving > 0) expect(headline(first)).toMatch(/still open/);

      // Run 2: finishes everything; only what run 1 left is created or approved now.
      before = storeIds(sim);
      sim.log.clear();
      const second = await runSheet(client, sheet);
      expect(second.stopped).toBeUndefined();
      expectTruthful(sim, second, before);
      expect(second.story.failed).toBe(1);
      expect(second.story.untouched).toBe(first.story.approved);
      for (const r of second.results.filter((x) => x.changes.includes("approved")))
        expect(approvedInFirst.has(r.invoiceId)).toBe(false);
      expect(second.story.approved + second.story.untouched + second.story.failed).toBe(9);
      expect(headline(second)).toMatch(/^1 invoice failed, /);
      expect(sim.store.allInvoices()).toHaveLength(9);

      // Run 3: the finished sheet — nothing changes, nothing is logged, the summary says so.
      before = storeIds(sim);
      sim.log.clear();
      const third = await runSheet(client, sheet);
      expectTruthful(sim, third, before);
      expect(third.story).toMatchObject({ created: 0, approved: 0, changed: 0, untouched: 8 });
      expect(logOf(third)).toEqual([]);
      // Only the failed invoice is read again (Invoices/filter); nothing is created or approved.
      expect(sim.log.count("POST", /^\/api\/bill\/invoices$/i)).toBe(0);
      expect(sim.log.count("POST", /approve/i)).toBe(0);
      // The earlier failure repeats, but this run changed nothing: it says so first, and not in the
      // error tone.
      expect(headline(third)).toBe(
        "Nothing changed by this run: 1 invoice failed, 8 approved earlier: left alone."
      );
      expect(summaryOf(third).tone).toBe("warning");
    });

    it("over a sequence of cancelled, timed-out and full runs, logs each invoice's create and approval exactly once", async () => {
      const sheet = new MemorySheet(
        Array.from({ length: 10 }, (_v, i) => demoRow({ invoiceRef: `S${i % 7}` }))
      );
      const logs: Record<string, string | number>[] = [];
      // Cancel after 1, 3, 5 invoices under way; then a run whose approvals time out; then full runs.
      const plans: { cancelAt?: number; approvalTimeoutMs?: number }[] = [
        { cancelAt: 1 },
        { cancelAt: 3 },
        { approvalTimeoutMs: 50 },
        { cancelAt: 5 },
        {},
        {},
        {},
      ];
      let last: RunSummary | undefined;
      for (const step of plans) {
        const before = storeIds(sim);
        sim.log.clear();
        const controller = new AbortController();
        last = await runSheet(client, sheet, {
          concurrency: 2,
          signal: controller.signal,
          ...(step.approvalTimeoutMs ? { approvalTimeoutMs: step.approvalTimeoutMs } : {}),
          onProgress: (c) => {
            if (step.cancelAt !== undefined && c.created + c.approving >= step.cancelAt)
              controller.abort();
          },
        });
        expectTruthful(sim, last, before);
        logs.push(...logOf(last));
      }
      // The last run changed nothing: everything was approved by the runs before it.
      expect(last!.story).toMatchObject({ untouched: 7, changed: 0, approved: 0 });
      const ids = [...new Set(logs.map((r) => String(r.invoiceId)))];
      expect(ids).toHaveLength(7);
      for (const id of ids) {
        const rows = logs.filter((r) => r.invoiceId === id);
        const said = rows.flatMap((r) => String(r.change).split(", "));
        expect(said.filter((c) => c === "created")).toHaveLength(1);
        expect(said.filter((c) => c === "approved")).toHaveLength(1);
        const approvedRow = rows.find((r) => String(r.change).split(", ").includes("approved"))!;
        expect(approvedRow.invoiceNum).toBe(sim.store.invoice(id)!.invoiceNum);
      }
    });

    it("logs an invoice approved after its run's time-out once, by the run that saw the number", async () => {
      sim.setOptions({ approvalDelayMs: 600, numberDelayMs: 100 });
      try {
        const sheet = new MemorySheet([demoRow({ invoiceRef: "SLOW" })]);
        let before = storeIds(sim);
        const first = await runSheet(client, sheet, { approvalTimeoutMs: 100 });
        expectTruthful(sim, first, before);
        expect(first.results[0].state).toBe("pending");
        expect(first.results[0].changes).toEqual(["created", "sent for approval"]);
        expect(headline(first)).toBe("1 invoice still open.");

        await new Promise((r) => setTimeout(r, 900));
        before = storeIds(sim);
        const second = await runSheet(client, sheet);
        expectTruthful(sim, second, before);
        expect(second.results[0].changes).toEqual(["approved"]);
        expect(logOf(second)).toEqual([
          expect.objectContaining({
            status: "approved",
            change: "approved",
            invoiceNum: second.results[0].invoiceNum,
          }),
        ]);

        const third = await runSheet(client, sheet);
        expect(logOf(third)).toEqual([]);
        expect(headline(third)).toBe(
          "Nothing changed: the invoice was approved earlier and is left alone."
        );
      } finally {
        sim.setOptions({ approvalDelayMs: 200, numberDelayMs: 100 });
      }
    });
  }
);
