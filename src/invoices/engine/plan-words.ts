/**
 * The words of a run on the sheet's invoice lines (create and approve, create drafts, approve
 * drafts, approve only what the service would approve): the progress line, the headline (problems
 * first, apart from what earlier runs finished), the details and the tone (DESIGN.md "Each run
 * tells its own story"). Made here, for the pane's one run card.
 */
import { INVOICE_STATES } from "./run-types";
import type { InvoiceState, RunCounts, RunSummary } from "./run-types";
import type { RunTone } from "./seam";
import { STOP_WORDS } from "./stop";

/** How each invoice state is named, in the engine's order. */
export const STATE_LABELS: Readonly<Record<InvoiceState, string>> = {
  queued: "waiting",
  creating: "creating",
  created: "created",
  approving: "approving",
  approved: "approved",
  failed: "failed",
  pending: "still approving",
  unknown: "outcome unknown",
  "not sent": "not sent",
  invalid: "invalid",
  cancelled: "cancelled",
};

/** States in which an invoice is still being worked on; every other state is final for this run. */
const IN_FLIGHT: readonly InvoiceState[] = ["queued", "creating", "created", "approving"];

/** "3 approved, 2 approving, 1 failed": the non-zero counts, in the engine's order. */
export function countsText(counts: RunCounts): string {
  const parts = INVOICE_STATES.filter((s) => (counts[s] ?? 0) > 0).map(
    (s) => `${counts[s]} ${STATE_LABELS[s]}`
  );
  return parts.length > 0 ? parts.join(", ") : "starting…";
}

/** Invoices earlier runs finished, by what they are now (left alone by this run). */
export interface Earlier {
  approved: number;
  credited: number;
}

/**
 * Progress of this run: the invoices earlier runs finished are counted apart ("…, 24 approved
 * earlier: left alone"), not as this run's work; a credited one is "credited earlier".
 */
export function planProgress(
  counts: RunCounts,
  earlier: Earlier
): { done: number; total: number; text: string } {
  const left = Math.min(earlier.approved + earlier.credited, counts.approved);
  const mine = { ...counts, approved: counts.approved - left };
  let done = 0;
  let total = 0;
  for (const s of INVOICE_STATES) {
    total += mine[s];
    if (!IN_FLIGHT.includes(s)) done += mine[s];
  }
  const parts = [total > 0 || left === 0 ? countsText(mine) : "nothing to do"];
  parts.push(...earlierWords(earlier));
  return { done, total, text: parts.join(", ") };
}

function earlierWords(earlier: Earlier): string[] {
  const out: string[] = [];
  if (earlier.approved > 0) out.push(`${earlier.approved} approved earlier: left alone`);
  if (earlier.credited > 0) out.push(`${earlier.credited} credited earlier: left alone`);
  return out;
}

/** "1 invoice created, …" / "2 invoices created, …": subject and the pronoun that follows. */
function counted(n: number): { what: string; its: string; them: string } {
  return n === 1
    ? { what: "1 invoice", its: "its", them: "it" }
    : { what: `${n} invoices`, its: "their", them: "them" };
}

/** The untouched invoices of a run, approved or credited. */
export function earlierOf(result: RunSummary): Earlier {
  const credited = result.results.filter((r) => r.untouched && r.before === "credited").length;
  return { approved: result.story.untouched - credited, credited };
}

/**
 * The headline: what this run did, problems first, apart from what earlier runs finished ("1
 * invoice failed, 14 approved by this run (numbers in column W), 24 approved earlier: left
 * alone."). A run that changed nothing says so.
 */
export function planHeadline(
  result: RunSummary,
  numberColumn?: string,
  options: PlanWordsOptions = {}
): string {
  const where = numberColumn ? `column ${numberColumn}` : "the invoiceNum column";
  const s = result.story;
  const earlier = earlierOf(result);
  const parts: string[] = [];
  if (s.failed > 0) parts.push(`${s.failed} failed`);
  if (s.unknown > 0) parts.push(`${s.unknown} with an open outcome`);
  if (s.invalid > 0) parts.push(`${s.invalid} not sent (problems in the sheet)`);
  if (s.approved > 0) parts.push(`${s.approved} approved by this run (numbers in ${where})`);
  const kept = result.keptDrafts ?? 0;
  if (kept > 0)
    parts.push(
      `${kept} left ${kept === 1 ? "a draft" : "drafts"} (the service would refuse ${kept === 1 ? "it" : "them"})`
    );
  // A Create drafts run leaves its drafts open on purpose: they are named, not "still open".
  const drafted = options.drafts ? Math.min(s.drafts, s.open - kept) : 0;
  if (drafted > 0) parts.push(`${drafted} created as drafts to review`);
  if (s.open - kept - drafted > 0) parts.push(`${s.open - kept - drafted} still open`);
  parts.push(...earlierWords(earlier));
  let said: string;
  if (parts.length === 0) said = "No invoice approved.";
  else if (
    s.changed === 0 &&
    s.untouched === result.results.length &&
    s.invalid === 0 &&
    result.stopped === undefined
  )
    said = nothingChanged(earlier);
  else {
    // The first count names what it counts; the others follow it.
    parts[0] = parts[0].replace(/^(\d+) /, (_m, n: string) => `${counted(Number(n)).what} `);
    // Earlier failures repeat on a re-run; the run itself changed nothing, and says so first.
    said =
      s.changed === 0 && result.stopped === undefined
        ? `Nothing changed by this run: ${parts.join(", ")}.`
        : `${parts.join(", ")}.`;
  }
  const stop =
    result.stoppedBecause !== undefined
      ? `Stopped: ${result.stoppedBecause}`
      : result.stopped
        ? STOP_WORDS[result.stopped]
        : undefined;
  return stop ? `${stop} ${said}` : said;
}

function nothingChanged(earlier: Earlier): string {
  const n = earlier.approved + earlier.credited;
  const what =
    earlier.credited === 0
      ? "approved"
      : earlier.approved === 0
        ? "credited"
        : "approved or credited";
  return `Nothing changed: ${n === 1 ? "the invoice was" : `all ${n} invoices were`} ${what} earlier and ${n === 1 ? "is" : "are"} left alone.`;
}

/** The lines under the headline, problems first, each saying what is left to do. */
export function planDetails(result: RunSummary, options: PlanWordsOptions = {}): string[] {
  const c = result.counts;
  const s = result.story;
  const details: string[] = [];
  const line = (n: number, words: (w: ReturnType<typeof counted>) => string) => {
    if (n > 0) details.push(words(counted(n)));
  };
  const refusedByRole = result.refusedByRole === true;
  line(c.failed, (w) => `${w.what} failed: the reason is on ${w.its} rows.`);
  line(
    c.unknown,
    (w) =>
      `${w.what} with an open outcome: see the message on ${w.its} rows — run again to settle ${w.them}.`
  );
  line(
    c.invalid,
    (w) => `${w.what} not sent because of problems in the sheet: fix the rows marked invalid.`
  );
  line(s.created, (w) => `${w.what} created by this run.`);
  if (result.stopped !== undefined && s.approving > 0) {
    // Cancel stops the add-in, not the service: what it holds goes on (DESIGN.md "Truth of a run").
    line(
      s.approving,
      (w) =>
        `${w.what} ${s.approving === 1 ? "was" : "were"} already sent for approval and will be approved by the service; run again to pick up ${w.its} numbers.`
    );
  } else {
    line(s.approving, (w) => `${w.what} still approving — run again to continue.`);
  }
  const kept = result.keptDrafts ?? 0;
  line(
    kept,
    (w) =>
      `${w.what} left ${kept === 1 ? "a draft" : "drafts"}: the service would not approve ${w.them} as ${kept === 1 ? "it is" : "they are"} — the reasons are on ${w.its} rows.`
  );
  // After Create drafts, the drafts list is the one next step (one instruction at a time).
  line(c.created - kept, (w) =>
    options.drafts
      ? `${w.what} created as drafts: review ${w.them} below, then approve ${w.them} there.`
      : `${w.what} created, not approved yet — run again to approve ${w.them}.`
  );
  line(c["not sent"], (w) =>
    refusedByRole
      ? `${w.what} not sent: your account may not do this, so running again will not help.`
      : `${w.what} not sent: ${w.them === "it" ? "it" : "they"} never reached the billing service — run again to send ${w.them}.`
  );
  line(c.cancelled + c.queued, (w) =>
    result.stopped === "cancelled"
      ? `${w.what} not started because the run was cancelled — run again to create ${w.them}.`
      : result.stopped === "rate-limited"
        ? `${w.what} waiting for the service's rate limit — run again to continue.`
        : refusedByRole
          ? `${w.what} not started: your account may not do this, so running again will not help.`
          : `${w.what} not started — run again to create ${w.them}.`
  );
  return details;
}

/** Red when something failed or is open in a way this run caused; amber when work is left. */
export function planTone(result: RunSummary, options: PlanWordsOptions = {}): RunTone {
  const c = result.counts;
  // A re-run that changed nothing is not an error because earlier failures repeat (issue 26).
  const unchanged = result.story.changed === 0 && result.stopped === undefined;
  const bad = c.failed + c.unknown + c.invalid > 0;
  if (bad && !unchanged) return "error";
  const drafts = options.drafts ? c.created : 0;
  const open =
    result.stopped !== undefined ||
    c.created - drafts + c.approving + c.pending + c["not sent"] + c.cancelled + c.queued > 0;
  return bad || open ? "warning" : "success";
}

/** How a plan run's words are made: `drafts` for a Create drafts run (its drafts are listed). */
export interface PlanWordsOptions {
  drafts?: boolean;
}
