import {
  INITIAL_RUN_STATE,
  connectionAfterRun,
  preflightRefusal,
  reduceRun,
  runView,
  type PlanView,
  type RunEvent,
} from "../../../src/taskpane/run-view-model";
import { INVOICE_STATES, type RunCounts, type RunSummary } from "../../../src/invoices/run-types";

function plan(overrides: Partial<PlanView["counts"]> = {}): PlanView {
  const counts = {
    rows: 33,
    invoices: 12,
    lines: 31,
    rowsWithProblems: 0,
    invalidInvoices: 0,
    continued: 0,
    ...overrides,
  };
  return {
    counts,
    summary: "",
    unknownColumns: [],
    planProblems: [],
    rowProblems: new Map(),
  };
}

function counts(partial: Partial<RunCounts>): RunCounts {
  return { ...(Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as RunCounts), ...partial };
}

function finished(partial: Partial<RunCounts>, extra: Partial<RunSummary> = {}) {
  const summary: RunSummary = {
    counts: counts(partial),
    invoices: 12,
    results: [],
    durationMs: 1000,
    requests: 40,
    rowUpdateCalls: 3,
    rowsUpdated: 30,
    summary: "engine text (40 requests)",
    ...extra,
  };
  const events: RunEvent[] = [
    { type: "create-requested", plan: plan() },
    { type: "run-started" },
    { type: "run-finished", summary, numberColumn: "W" },
  ];
  return runView(events.reduce(reduceRun, INITIAL_RUN_STATE)).summary!;
}

describe("run view model: confirmation and summary tell what happens (issue 9, items 2 and 4)", () => {
  it("does not ask to create invoices when every one was created earlier", () => {
    const view = runView(
      reduceRun(INITIAL_RUN_STATE, {
        type: "create-requested",
        plan: plan({ invoices: 41, continued: 41, lines: 82 }),
      })
    );
    expect(view.confirm?.text).toBe(
      "Continue 41 invoices created earlier? Nothing new will be created; their approval and numbers are picked up."
    );
  });

  it("counts new and continued invoices apart", () => {
    const view = runView(
      reduceRun(INITIAL_RUN_STATE, {
        type: "create-requested",
        plan: plan({ invoices: 12, continued: 2, invalidInvoices: 1 }),
      })
    );
    expect(view.confirm?.text).toBe(
      "Create and approve 10 new invoices, and continue 2 created earlier? 1 invoice with problems will not be sent."
    );
  });

  it("ends green only when every invoice is approved, naming the number column", () => {
    const summary = finished({ approved: 12 });
    expect(summary).toEqual({
      text: "12 invoices approved, numbers written to column W.",
      details: [],
      ok: true,
      tone: "success",
    });
  });

  it("after Cancel says only what is true of the invoices (all started)", () => {
    const summary = finished({ approved: 3, approving: 2, created: 1 }, { stopped: "cancelled" });
    expect(summary).toEqual({
      text: "Cancelled. 3 invoices approved, numbers written to column W.",
      details: [
        "1 invoice created, not approved yet — run again to approve it.",
        "2 invoices still approving — run again to continue.",
      ],
      ok: false,
      tone: "warning",
    });
  });

  it("after Cancel names the invoices not started", () => {
    const summary = finished({ approved: 9, pending: 1, cancelled: 2 }, { stopped: "cancelled" });
    expect(summary.details).toEqual([
      "1 invoice still approving — run again to continue.",
      "2 invoices not started because the run was cancelled — run again to create them.",
    ]);
  });

  it("is not green when the service went away, and says to run again", () => {
    const summary = finished({ approving: 12 }, { stopped: "unreachable" });
    expect(summary).toEqual({
      text: "Stopped: the billing service could not be reached. No invoice approved.",
      details: ["12 invoices still approving — run again to continue."],
      ok: false,
      tone: "warning",
    });
  });

  it("turns red when an invoice failed or its outcome is open, and never speaks of requests", () => {
    const summary = finished({ approved: 10, failed: 1, unknown: 1, "not sent": 1, invalid: 2 });
    expect(summary.tone).toBe("error");
    expect(summary.text).toBe("10 invoices approved, numbers written to column W.");
    expect(summary.details).toEqual([
      "1 invoice not sent: it never reached the billing service — run again to send it.",
      "1 invoice with an open outcome: see the message on its rows — run again to settle it.",
      "1 invoice failed: the reason is on its rows.",
      "2 invoices not sent because of problems in the sheet: fix the rows marked invalid.",
    ]);
    expect(JSON.stringify(summary)).not.toMatch(/request/);
  });

  it("lets the header's connection state follow what the run saw", () => {
    expect(connectionAfterRun({ connection: "unreachable" })).toEqual({
      ok: false,
      text: "Unreachable: the billing service stopped answering during the run.",
    });
    expect(connectionAfterRun({ connection: "ok" })).toEqual({ ok: true, text: "Connected" });
    expect(connectionAfterRun({})).toBeUndefined();
  });

  it("says in plain words that nothing was sent when the pre-flight check fails", () => {
    expect(preflightRefusal("Unreachable: nothing answers at http://127.0.0.1:9.")).toBe(
      "Nothing was sent: Unreachable: nothing answers at http://127.0.0.1:9. Check the connection, then press Create and approve again."
    );
  });
});
