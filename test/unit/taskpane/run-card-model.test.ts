import {
  INITIAL_CARD_STATE,
  reduceCard,
  type CardEvent,
} from "../../../src/taskpane/run-card-model";
import { cardView } from "../../../src/taskpane/card-view";
import type { PlanView } from "../../../src/taskpane/invoice-run-words";
import { countsText, planProgress } from "../../../src/invoices";
import { planEngineSummary } from "./helpers/engine-summary";

/** The engine's progress event for `c` (nothing finished earlier). */
const progressOf = (c: RunCounts) => planProgress(c, { approved: 0, credited: 0 });
import {
  INVOICE_STATES,
  type RunCounts,
  type RunSummary,
} from "../../../src/invoices/engine/run-types";

function plan(
  overrides: Partial<PlanView["counts"]> = {},
  extra: Partial<PlanView> = {}
): PlanView {
  const counts = {
    rows: 33,
    invoices: 12,
    lines: 31,
    rowsWithProblems: 2,
    invalidInvoices: 1,
    continued: 0,
    finished: 0,
    invalidRows: 2,
    ...overrides,
  };
  return {
    counts,
    summary: `${counts.invoices} invoices, ${counts.lines} lines, ${counts.rowsWithProblems} rows with problems`,
    unknownColumns: [],
    planProblems: [],
    rowProblems: new Map([
      [7, ["customerId is empty (cell B7)"]],
      [9, ["taxCodeId is not an id (cell D9)"]],
    ]),
    ...extra,
  };
}

function counts(partial: Partial<RunCounts>): RunCounts {
  return { ...(Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as RunCounts), ...partial };
}

/** A run of 8 invoices the service's rate limit stopped after 5 approvals. */
function rateLimitedSummary(): RunSummary {
  return {
    counts: counts({ approved: 5, queued: 3 }),
    invoices: 8,
    results: [],
    durationMs: 1000,
    requests: 40,
    rowUpdateCalls: 3,
    rowsUpdated: 10,
    stopped: "rate-limited",
    summary: "",
    runId: "run-1",
    startedAt: new Date("2026-11-24T08:00:00Z"),
    story: {
      created: 0,
      approved: 5,
      untouched: 0,
      failed: 0,
      unknown: 0,
      open: 3,
      approving: 0,
      drafts: 0,
      notStarted: 3,
      invalid: 0,
      changed: 5,
    },
  };
}

const run = (...events: CardEvent[]) => events.reduce(reduceCard, INITIAL_CARD_STATE);

describe("the Invoices tab", () => {
  it("starts with first-run guidance and Check as the one primary action", () => {
    const view = cardView(INITIAL_CARD_STATE);
    expect(view.showEmptyState).toBe(true);
    expect(view.check).toMatchObject({ enabled: true, primary: true });
    expect(view.create.primary).toBe(false);
    expect(view.cancel.visible).toBe(false);
  });

  it("shows the Check counts, the problem rows and the unknown columns, then makes Create primary", () => {
    const view = cardView(
      run(
        { type: "check-started" },
        { type: "check-finished", plan: plan({}, { unknownColumns: ["costCentre"] }) }
      )
    );
    expect(view.showEmptyState).toBe(false);
    expect(view.checkSummary?.text).toBe("12 invoices, 31 lines, 2 rows with problems");
    expect(view.checkSummary?.details).toEqual([
      "Columns passed through unchanged (not known fields of the service): costCentre.",
    ]);
    // Each row's problems are a link to its cell, in sheet order.
    expect(view.checkSummary?.problems).toEqual([
      { row: 7, text: "Row 7: customerId is empty (cell B7)" },
      { row: 9, text: "Row 9: taxCodeId is not an id (cell D9)" },
    ]);
    expect(view.checkSummary?.more).toBeUndefined();
    expect(view.checkSummary?.tone).toBe("error");
    expect(view.create.primary).toBe(true);
    expect(view.check.primary).toBe(false);
  });

  it("makes the first 50 rows' problems links, in sheet order, and sums up the rest", () => {
    const rowProblems = new Map(
      Array.from({ length: 60 }, (_v, i) => [61 - i, [`taxCodeId is empty (cell J${61 - i})`]])
    );
    const view = cardView(
      run({ type: "check-started" }, { type: "check-finished", plan: plan({}, { rowProblems }) })
    );
    expect(view.checkSummary?.problems).toHaveLength(50);
    expect(view.checkSummary?.problems[0]).toEqual({
      row: 2,
      text: "Row 2: taxCodeId is empty (cell J2)",
    });
    expect(view.checkSummary?.more).toBe("…and 10 more rows with problems, marked in the sheet.");
  });

  it("disables the actions while checking", () => {
    const view = cardView(run({ type: "check-started" }));
    expect(view.check.enabled).toBe(false);
    expect(view.create.enabled).toBe(false);
    expect(view.busyText).toMatch(/checking/i);
  });

  it("asks to confirm with the counts before a run", () => {
    const view = cardView(run({ type: "create-requested", plan: plan() }));
    expect(view.confirm?.title).toBe(
      "Create and approve: 12 to create. 1 invoice with problems will not be sent."
    );
    expect(view.create.visible).toBe(false);
    expect(
      cardView(run({ type: "create-requested", plan: plan() }, { type: "confirm-dismissed" }))
        .confirm
    ).toBeUndefined();
  });

  it("refuses to confirm when nothing can be created, saying why next to Create", () => {
    const view = cardView(run({ type: "create-requested", plan: plan({ invoices: 0, lines: 0 }) }));
    expect(view.confirm).toBeUndefined();
    expect(view.errors.create).toMatch(/Nothing to create/);
  });

  it("shows progress with counts per state and a Cancel button during a run", () => {
    const state = run(
      { type: "create-requested", plan: plan() },
      { type: "run-started" },
      {
        type: "progress",
        progress: progressOf(counts({ approved: 3, approving: 2, failed: 1, queued: 6 })),
      }
    );
    const view = cardView(state);
    expect(view.progress).toEqual({
      done: 4,
      total: 12,
      text: "6 waiting, 2 approving, 3 approved, 1 failed",
    });
    expect(view.cancel).toMatchObject({ visible: true, enabled: true });
    expect(view.check.enabled).toBe(false);
    const cancelling = cardView(reduceCard(state, { type: "cancel-requested" }));
    expect(cancelling.cancel).toMatchObject({ enabled: false, label: "Cancelling…" });
  });

  it("shows the service's rate-limit pause with the counts, and drops it when the run resumes", () => {
    const paused = run(
      { type: "create-requested", plan: plan() },
      { type: "run-started" },
      {
        type: "progress",
        progress: progressOf(counts({ approved: 3, creating: 2, queued: 7 })),
        pause: { resumesInSeconds: 3 },
      }
    );
    expect(cardView(paused).progress!.text).toBe(
      "Waiting for the service's rate limit — resumes in 3 s. 7 waiting, 2 creating, 3 approved"
    );
    const resumed = reduceCard(paused, {
      type: "progress",
      progress: progressOf(counts({ approved: 4, creating: 2, queued: 6 })),
    });
    expect(cardView(resumed).progress!.text).toBe("6 waiting, 2 creating, 4 approved");
  });

  it("moves the progress line every second while the run goes on, and not once it is done", () => {
    const approving = run(
      { type: "create-requested", plan: plan() },
      { type: "run-started" },
      { type: "progress", progress: progressOf(counts({ approving: 12 })) }
    );
    const ticked = reduceCard(approving, { type: "tick", elapsedMs: 65_400 });
    expect(cardView(ticked).progress!.text).toBe("12 approving · 1:05 so far");
    const later = reduceCard(ticked, { type: "tick", elapsedMs: 66_000 });
    expect(cardView(later).progress!.text).toBe("12 approving · 1:06 so far");
    // Before the engine's first count, the line says it is starting, with the time too.
    const starting = run(
      { type: "create-requested", plan: plan() },
      { type: "run-started" },
      { type: "tick", elapsedMs: 1000 }
    );
    expect(cardView(starting).progress!.text).toBe("starting… · 0:01 so far");
    // A tick after the run finished changes nothing; a new run starts without a time.
    const done = reduceCard(later, {
      type: "run-finished",
      summary: planEngineSummary(rateLimitedSummary()),
    });
    expect(reduceCard(done, { type: "tick", elapsedMs: 70_000 })).toBe(done);
    expect(cardView(done).progress?.text ?? "").not.toMatch(/so far/);
  });

  it("says a run the service's rate limit stopped is waiting, not 'not sent'", () => {
    const summary = rateLimitedSummary();
    const view = cardView(
      run(
        { type: "create-requested", plan: plan() },
        { type: "run-started" },
        { type: "run-finished", summary: planEngineSummary(summary) }
      )
    );
    expect(view.summary!.text).toMatch(
      /^Stopped: waiting for the billing service's rate limit — run again to continue\. 5 invoices approved/
    );
    expect(view.summary!.details).toContain(
      "3 invoices waiting for the service's rate limit — run again to continue."
    );
    expect(view.summary!.tone).toBe("warning");
  });

  it("puts an error next to the action that failed", () => {
    const view = cardView(
      run({ type: "check-started" }, { type: "failed", slot: "check", message: "Select the rows" })
    );
    expect(view.errors).toEqual({ check: "Select the rows" });
    expect(view.check.enabled).toBe(true);
  });

  it("ignores a second Check while one runs", () => {
    const once = run({ type: "check-started" });
    expect(reduceCard(once, { type: "check-started" })).toBe(once);
  });

  it("says starting when no count is above zero", () => {
    expect(countsText(counts({}))).toBe("starting…");
  });
});

describe("the template's note", () => {
  it("is gone once a run starts, so 'Press Create and approve' does not outlive the run", () => {
    const noted = reduceCard(INITIAL_CARD_STATE, {
      type: "template-finished",
      note: 'Added an example invoice on row 2 of "Invoices" and selected it. Press Create and approve.',
    });
    expect(cardView(noted).templateNote).toBe(
      'Added an example invoice on row 2 of "Invoices" and selected it. Press Create and approve.'
    );
    // A run starts from its confirmation (the card asks before every run).
    const asked = reduceCard(noted, { type: "create-requested", plan: plan() });
    const running = reduceCard(asked, { type: "run-started" });
    expect(running.phase).toBe("running");
    expect(cardView(running).templateNote).toBeUndefined();
  });
});
