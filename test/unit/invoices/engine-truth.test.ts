/**
 * What the one run card says is true, for the words made in the engine: a
 * credited invoice is "credited earlier", not "approved earlier"; a copied row is refused at Send
 * and Credit as at Check; a reader's role refusal gives no "run again" advice; "never reached the
 * billing service" only when true; a re-run whose only problems are repeated refusals is not red.
 */
import { idTone, planDetails, planHeadline, planProgress, runStory } from "../../../src/invoices";
import { ACTION_STATES, INVOICE_STATES, planInvoiceActions } from "../../../src/invoices";
import type {
  ActionCounts,
  ActionResult,
  ActionSummary,
  InvoiceResult,
  RunCounts,
  RunSummary,
} from "../../../src/invoices";
import { idDetails } from "../../../src/invoices";

const A = "11110001-0000-4000-8000-000000000001";
const B = "11110002-0000-4000-8000-000000000002";

function planSummary(results: InvoiceResult[], extra: Partial<RunSummary> = {}): RunSummary {
  const counts = Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as RunCounts;
  for (const r of results) counts[r.state] += 1;
  return {
    runId: "run-1",
    startedAt: new Date(0),
    counts,
    story: runStory(results, 0),
    invoices: results.length,
    results,
    durationMs: 10,
    requests: 1,
    rowUpdateCalls: 0,
    rowsUpdated: 0,
    summary: "",
    ...extra,
  };
}

const untouched = (before: string): InvoiceResult => ({
  key: before,
  rowNumbers: [2],
  state: "approved",
  invoiceId: A,
  invoiceNum: "R-200",
  before,
  untouched: true,
  changes: [],
});

function idSummary(results: ActionResult[], extra: Partial<ActionSummary> = {}): ActionSummary {
  const counts = Object.fromEntries(ACTION_STATES.map((s) => [s, 0])) as ActionCounts;
  for (const r of results) counts[r.state] += 1;
  return {
    runId: "run-1",
    startedAt: new Date(0),
    action: "send",
    results,
    refused: [],
    counts,
    changed: results.filter((r) => r.changes.includes("sent")).length,
    durationMs: 10,
    requests: 1,
    headline: "",
    summary: "",
    ...extra,
  };
}

const idResult = (state: ActionResult["state"], extra: Partial<ActionResult> = {}) => ({
  key: A,
  invoiceId: A,
  rowNumbers: [2],
  state,
  changes: [],
  ...extra,
});

describe("the run card's words are true", () => {
  it("a credited invoice is listed by a later run as credited earlier, never as approved earlier", () => {
    const run = planSummary([untouched("credited"), untouched("approved")]);
    expect(planHeadline(run)).toBe(
      "Nothing changed: all 2 invoices were approved or credited earlier and are left alone."
    );
    const one = planSummary([untouched("credited")]);
    expect(planHeadline(one)).toBe(
      "Nothing changed: the invoice was credited earlier and is left alone."
    );
    expect(planHeadline(one)).not.toMatch(/approved earlier/);
    const counts = { ...one.counts };
    expect(planProgress(counts, { approved: 0, credited: 1 }).text).toBe(
      "nothing to do, 1 credited earlier: left alone"
    );
  });

  it("a copied row (another invoice's id, as Check groups rows) is refused at Send and Credit", () => {
    const snapshot = {
      headers: ["invoiceRef", "description", "invoiceId", "status", "invoiceNum"],
      rows: [
        { rowNumber: 2, values: ["", "original", A, "approved", "R-200"] },
        { rowNumber: 3, values: ["", "copy of row 2", A, "approved", "R-200"] },
        { rowNumber: 4, values: ["T1", "line 1", B, "approved", "R-201"] },
        { rowNumber: 5, values: ["T1", "line 2", B, "approved", "R-201"] },
      ],
    };
    for (const action of ["send", "credit"] as const) {
      const plan = planInvoiceActions(snapshot, { action });
      expect(plan.items.map((i) => [i.invoiceId, i.rowNumbers])).toEqual([
        [A, [2]],
        [B, [4, 5]],
      ]);
      expect(plan.refused).toHaveLength(1);
      expect(plan.refused[0].rowNumbers).toEqual([3]);
      expect(plan.refused[0].message).toMatch(
        /its invoiceId .* is copied from row 2, which is approved; this row is a copy/
      );
    }
  });

  it("a reader's role refusal: no 'run again' advice, the account may not do this", () => {
    const words = "Your account may read but not create invoices; ask IT for Billing.Invoice.";
    const notStarted: InvoiceResult = {
      key: "k",
      rowNumbers: [2],
      state: "cancelled",
      message: `Nothing was sent. ${words}`,
      before: "",
      untouched: false,
      changes: [],
    };
    const plan = planSummary([notStarted], {
      stopped: "auth",
      stoppedBecause: words,
      refusedByRole: true,
    });
    expect(planHeadline(plan)).toMatch(/^Stopped: Your account may read but not create invoices/);
    expect(planDetails(plan)).toEqual([
      "1 invoice not started: your account may not do this, so running again will not help.",
    ]);
    const send = idSummary([idResult("not sent", { message: `Not sent: ${words}` })], {
      stopped: "auth",
      stoppedBecause: words,
      refusedByRole: true,
      neverReached: 1,
    });
    expect(idDetails(send)).toEqual([
      "1 invoice not sent: your account may not do this, so running again will not help.",
    ]);
  });

  it("'never reached the billing service — run again' only when that is true", () => {
    const reached = idSummary([idResult("not sent")], { action: "credit", neverReached: 0 });
    expect(idDetails(reached).join(" ")).not.toMatch(/never reached/);
    const never = idSummary([idResult("not sent")], { action: "credit", neverReached: 1 });
    expect(idDetails(never)).toEqual([
      "1 invoice never reached the billing service — run again to credit them.",
    ]);
  });

  it("a re-run that changed nothing is not red because earlier refusals and failures repeat", () => {
    const repeated = idSummary(
      [idResult("failed", { changes: [] }), idResult("refused", { key: B, invoiceId: B })],
      { changed: 0 }
    );
    expect(idTone(repeated)).toBe("warning");
    const fresh = idSummary([idResult("failed", { changes: ["failed"] })], { changed: 0 });
    expect(idTone(fresh)).toBe("error");
  });
});
