/**
 * Each run tells its own story (docs/developers/rules.md#each-run-tells-its-own-story): the
 * confirmation and the summary count what this run creates, approves, fails or leaves open, apart
 * from what earlier runs finished.
 */
import {
  INITIAL_CARD_STATE,
  reduceCard,
  type CardEvent,
} from "../../../src/taskpane/run-card-model";
import { cardView } from "../../../src/taskpane/card-view";
import {
  connectionAfterRun,
  preflightRefusal,
  type PlanView,
} from "../../../src/taskpane/invoice-run-words";
import { planProgress } from "../../../src/invoices";
import { planEngineSummary } from "./helpers/engine-summary";
import { runStory } from "../../../src/invoices";
import {
  INVOICE_STATES,
  type InvoiceChange,
  type InvoiceResult,
  type InvoiceState,
  type RunCounts,
  type RunSummary,
} from "../../../src/invoices/engine/run-types";

function plan(overrides: Partial<PlanView["counts"]> = {}): PlanView {
  const counts = {
    rows: 33,
    invoices: 12,
    lines: 31,
    rowsWithProblems: 0,
    invalidInvoices: 0,
    continued: 0,
    finished: 0,
    invalidRows: 0,
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

let key = 0;
/** `n` results in `state` with these changes (untouched: approved before the run). */
function results(
  n: number,
  state: InvoiceState,
  changes: InvoiceChange[],
  extra: Partial<InvoiceResult> = {}
): InvoiceResult[] {
  return Array.from({ length: n }, () => ({
    key: `row:${++key}`,
    rowNumbers: [key],
    state,
    before: "",
    untouched: false,
    changes,
    ...extra,
  }));
}

const NEW_APPROVED: InvoiceChange[] = ["created", "sent for approval", "approved"];
const earlier = (n: number) => results(n, "approved", [], { before: "approved", untouched: true });

function finished(list: InvoiceResult[], extra: Partial<RunSummary> = {}, invalid = 0) {
  const counts = Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as RunCounts;
  for (const r of list) counts[r.state] += 1;
  counts.invalid = invalid;
  const summary: RunSummary = {
    runId: "run-1",
    startedAt: new Date(),
    counts,
    story: runStory(list, invalid),
    invoices: list.length + invalid,
    results: list,
    durationMs: 1000,
    requests: 40,
    rowUpdateCalls: 3,
    rowsUpdated: 30,
    summary: "engine text (40 requests)",
    ...extra,
  };
  const events: CardEvent[] = [
    { type: "create-requested", plan: plan() },
    { type: "run-started" },
    { type: "run-finished", summary: planEngineSummary(summary, "W") },
  ];
  return cardView(events.reduce(reduceCard, INITIAL_CARD_STATE)).summary!;
}

const confirm = (counts: Partial<PlanView["counts"]>) =>
  cardView(reduceCard(INITIAL_CARD_STATE, { type: "create-requested", plan: plan(counts) })).confirm
    ?.title;

describe("the confirmation counts what this run will do", () => {
  it("counts new, continued and already approved invoices apart", () => {
    expect(confirm({ invoices: 39, continued: 27, finished: 24, invalidInvoices: 1 })).toBe(
      "Create and approve: 12 to create, 3 to continue, 24 already approved: left alone. 1 invoice with problems will not be sent."
    );
  });

  it("does not ask to continue invoices that are all approved", () => {
    expect(confirm({ invoices: 39, continued: 39, finished: 39 })).toBe(
      "Nothing to create or continue: all 39 invoices were approved earlier and will be left alone. Run anyway?"
    );
  });
});

describe("the progress counts this run's invoices apart from earlier ones", () => {
  const counts = (partial: Partial<RunCounts>) => ({
    ...(Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as RunCounts),
    ...partial,
  });

  it("leaves the approved invoices of earlier runs out of done and total", () => {
    expect(
      planProgress(counts({ approved: 26, approving: 3, queued: 9 }), { approved: 24, credited: 0 })
    ).toEqual({
      done: 2,
      total: 14,
      text: "9 waiting, 3 approving, 2 approved, 24 approved earlier: left alone",
    });
  });

  it("says there is nothing to do when every invoice was approved earlier", () => {
    expect(planProgress(counts({ approved: 2 }), { approved: 2, credited: 0 })).toEqual({
      done: 0,
      total: 0,
      text: "nothing to do, 2 approved earlier: left alone",
    });
  });
});

describe("the summary counts what this run did, problems first", () => {
  it("ends green when every invoice got approved, naming the number column", () => {
    expect(finished(results(12, "approved", NEW_APPROVED))).toEqual({
      text: "12 invoices approved by this run (numbers in column W).",
      details: ["12 invoices created by this run."],
      tone: "success",
    });
  });

  it("says a re-run that changed nothing changed nothing, not the first run's words", () => {
    const summary = finished(earlier(15));
    expect(summary.text).toBe(
      "Nothing changed: all 15 invoices were approved earlier and are left alone."
    );
    expect(summary.details).toEqual([]);
    expect(summary.tone).toBe("success");
  });

  it("counts earlier invoices apart from this run's", () => {
    const summary = finished([...earlier(24), ...results(3, "approved", ["approved"])]);
    expect(summary.text).toBe(
      "3 invoices approved by this run (numbers in column W), 24 approved earlier: left alone."
    );
  });

  it("says invoices found under their references (an undone write-back) were found, not approved by this run", () => {
    const summary = finished([
      ...results(2, "approved", ["found", "approved"], { found: true }),
      ...results(1, "approved", NEW_APPROVED),
    ]);
    expect(summary.text).toBe(
      "1 invoice approved by this run (numbers in column W), 2 found already approved under their references (made earlier, not billed again; numbers in column W)."
    );
    expect(summary.text).not.toMatch(/3 invoices approved by this run/);
  });

  it("leads with a failure, in the headline's (red) tone, and lists it first", () => {
    const summary = finished(
      [...results(14, "approved", NEW_APPROVED), ...results(1, "failed", ["created", "failed"])],
      {},
      2
    );
    expect(summary.tone).toBe("error");
    expect(summary.text).toBe(
      "1 invoice failed, 2 not sent (problems in the sheet), 14 approved by this run (numbers in column W)."
    );
    expect(summary.details.slice(0, 2)).toEqual([
      "1 invoice failed: the reason is on its rows.",
      "2 invoices not sent because of problems in the sheet: fix the rows marked invalid.",
    ]);
    expect(JSON.stringify(summary)).not.toMatch(/request/);
  });

  it("after Cancel says what was stopped and what the service finishes on its own", () => {
    const summary = finished(
      [
        ...earlier(15),
        ...results(8, "approving", ["created", "sent for approval"]),
        ...results(1, "created", ["created"]),
        ...results(2, "cancelled", []),
      ],
      { stopped: "cancelled" }
    );
    expect(summary.text).toBe(
      "Cancelled. 11 invoices still open, 15 approved earlier: left alone."
    );
    expect(summary.details).toEqual([
      "9 invoices created by this run.",
      "8 invoices were already sent for approval and will be approved by the service; run again to pick up their numbers.",
      "1 invoice created, not approved yet — run again to approve it.",
      "2 invoices not started because the run was cancelled — run again to create them.",
    ]);
    expect(summary.tone).toBe("warning");
    // Nothing of the 15 earlier invoices is claimed for this run.
    expect(summary.text).not.toMatch(/approved by this run/);
  });

  it("is not green when the service went away, and says to run again", () => {
    const summary = finished(results(12, "approving", ["created", "sent for approval"]), {
      stopped: "unreachable",
    });
    expect(summary.text).toBe(
      "Stopped: the billing service could not be reached. 12 invoices still open."
    );
    expect(summary.tone).toBe("warning");
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
