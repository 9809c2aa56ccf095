/**
 * The words of a run on the sheet's invoice lines (create and approve, create drafts, approve
 * drafts, approve only what the service would approve): the progress line, the headline (problems
 * first, apart from what earlier runs finished), the details and the tone (docs/developers/rules.md#each-run-tells-its-own-story: each run
 * tells its own story"). Made here, for the pane's one run card.
 */
import { INVOICE_STATES } from "./run-types";
import type { InvoiceState, RunCounts, RunSummary } from "./run-types";
import type { RunTone } from "./seam";
import { stopWords } from "./stop";
import { ENGLISH, type Say } from "../words";

/** The catalogue's name of each invoice state (`run.state.*`). */
const STATE_KEY = {
  queued: "run.state.queued",
  creating: "run.state.creating",
  created: "run.state.created",
  approving: "run.state.approving",
  approved: "run.state.approved",
  failed: "run.state.failed",
  pending: "run.state.pending",
  unknown: "run.state.unknown",
  "not sent": "run.state.notSent",
  invalid: "run.state.invalid",
  cancelled: "run.state.cancelled",
} as const satisfies Record<InvoiceState, `run.state.${string}`>;

/** How an invoice state is named in the words of `say` ("still approving"). */
export function stateLabel(state: InvoiceState, say: Say = ENGLISH): string {
  return say(STATE_KEY[state]);
}

/** States in which an invoice is still being worked on; every other state is final for this run. */
const IN_FLIGHT: readonly InvoiceState[] = ["queued", "creating", "created", "approving"];

/** "3 approved, 2 approving, 1 failed": the non-zero counts, in the engine's order. */
export function countsText(counts: RunCounts, say: Say = ENGLISH): string {
  const parts = INVOICE_STATES.filter((s) => (counts[s] ?? 0) > 0).map(
    (s) => `${counts[s]} ${stateLabel(s, say)}`
  );
  return parts.length > 0 ? parts.join(", ") : say("run.starting");
}

/** Invoices earlier runs finished, by what they are now (left alone by this run). */
export interface Earlier {
  approved: number;
  credited: number;
}

/**
 * Progress of this run: the invoices earlier runs finished are counted apart ("…, 24 approved
 * earlier: left alone"), not as this run's work; a credited one is "credited earlier". In a
 * Create drafts run (`drafts`) a created draft is what the run is for: it counts as done.
 */
export function planProgress(
  counts: RunCounts,
  earlier: Earlier,
  say: Say = ENGLISH,
  drafts = false
): { done: number; total: number; text: string } {
  const left = Math.min(earlier.approved + earlier.credited, counts.approved);
  const mine = { ...counts, approved: counts.approved - left };
  let done = 0;
  let total = 0;
  for (const s of INVOICE_STATES) {
    total += mine[s];
    if (!IN_FLIGHT.includes(s) || (drafts && s === "created")) done += mine[s];
  }
  const parts = [total > 0 || left === 0 ? countsText(mine, say) : say("run.nothingToDo")];
  parts.push(...earlierWords(earlier, say));
  return { done, total, text: parts.join(", ") };
}

function earlierWords(earlier: Earlier, say: Say): string[] {
  const out: string[] = [];
  if (earlier.approved > 0) out.push(say("run.earlier.approved", { count: earlier.approved }));
  if (earlier.credited > 0) out.push(say("run.earlier.credited", { count: earlier.credited }));
  return out;
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
  const say = options.say ?? ENGLISH;
  const where = numberColumn
    ? say("run.head.column", { column: numberColumn })
    : say("run.head.numberColumn");
  const s = result.story;
  const earlier = earlierOf(result);
  const parts: string[] = [];
  if (s.failed > 0) parts.push(say("run.head.failed", { count: s.failed }));
  if (s.unknown > 0) parts.push(say("run.head.unknown", { count: s.unknown }));
  if (s.invalid > 0) parts.push(say("run.head.invalid", { count: s.invalid }));
  const found = s.found ?? 0;
  if (s.approved - found > 0)
    parts.push(say("run.head.approved", { count: s.approved - found, where }));
  if (found > 0) parts.push(say("run.head.found", { count: found, where }));
  const kept = result.keptDrafts ?? 0;
  if (kept > 0) parts.push(say("run.head.kept", { count: kept }));
  // A Create drafts run leaves its drafts open on purpose: they are named, not "still open".
  const drafted = options.drafts ? Math.min(s.drafts, s.open - kept) : 0;
  if (drafted > 0) parts.push(say("run.head.drafted", { count: drafted }));
  if (s.open - kept - drafted > 0)
    parts.push(say("run.head.open", { count: s.open - kept - drafted }));
  parts.push(...earlierWords(earlier, say));
  let said: string;
  if (parts.length === 0) said = say("run.head.none");
  else if (
    s.changed === 0 &&
    s.untouched === result.results.length &&
    s.invalid === 0 &&
    result.stopped === undefined
  )
    said = nothingChanged(earlier, say);
  else {
    // The first count names what it counts; the others follow it.
    parts[0] = parts[0].replace(
      /^(\d+) /,
      (_m, n: string) => `${say("check.summary.invoices", { count: Number(n) })} `
    );
    // Earlier failures repeat on a re-run; the run itself changed nothing, and says so first.
    said =
      s.changed === 0 && result.stopped === undefined
        ? say("run.head.unchanged", { parts: parts.join(", ") })
        : `${parts.join(", ")}.`;
  }
  const stop =
    result.stoppedBecause !== undefined
      ? say("run.head.stopped", { reason: result.stoppedBecause })
      : result.stopped
        ? stopWords(result.stopped, say)
        : undefined;
  return stop ? `${stop} ${said}` : said;
}

function nothingChanged(earlier: Earlier, say: Say): string {
  const count = earlier.approved + earlier.credited;
  const key =
    earlier.credited === 0
      ? "run.nothing.approved"
      : earlier.approved === 0
        ? "run.nothing.credited"
        : "run.nothing.both";
  return say(key, { count });
}

/** The catalogue keys of the lines under a plan run's headline (`run.detail.*`). */
type DetailKey = Extract<Parameters<Say>[0], `run.detail.${string}`>;

/** The lines under the headline, problems first, each saying what is left to do. */
export function planDetails(result: RunSummary, options: PlanWordsOptions = {}): string[] {
  const say = options.say ?? ENGLISH;
  const c = result.counts;
  const s = result.story;
  const details: string[] = [];
  const line = (count: number, key: DetailKey) => {
    if (count > 0) details.push(say(key, { count }));
  };
  const refusedByRole = result.refusedByRole === true;
  line(c.failed, "run.detail.failed");
  line(c.unknown, "run.detail.unknown");
  line(c.invalid, "run.detail.invalid");
  line(s.created, "run.detail.created");
  // Cancel stops the add-in, not the service: what it holds goes on (docs/developers/rules.md#truth-of-a-run).
  line(
    s.approving,
    result.stopped !== undefined ? "run.detail.approvingStopped" : "run.detail.approving"
  );
  const kept = result.keptDrafts ?? 0;
  line(kept, "run.detail.kept");
  // After Create drafts, the drafts list is the one next step (one instruction at a time).
  line(c.created - kept, options.drafts ? "run.detail.drafts" : "run.detail.createdNotApproved");
  line(c["not sent"], refusedByRole ? "run.detail.notSentRole" : "run.detail.notSent");
  line(
    c.cancelled + c.queued,
    result.stopped === "cancelled"
      ? "run.detail.cancelled"
      : result.stopped === "rate-limited"
        ? "run.detail.rateLimited"
        : refusedByRole
          ? "run.detail.notStartedRole"
          : "run.detail.notStarted"
  );
  return details;
}

/** Red when something failed or is open in a way this run caused; amber when work is left. */
export function planTone(result: RunSummary, options: PlanWordsOptions = {}): RunTone {
  const c = result.counts;
  // A re-run that changed nothing is not an error because earlier failures repeat.
  const unchanged = result.story.changed === 0 && result.stopped === undefined;
  const bad = c.failed + c.unknown + c.invalid > 0;
  if (bad && !unchanged) return "error";
  const drafts = options.drafts ? c.created : 0;
  const open =
    result.stopped !== undefined ||
    c.created - drafts + c.approving + c.pending + c["not sent"] + c.cancelled + c.queued > 0;
  return bad || open ? "warning" : "success";
}

/**
 * How a plan run's words are made: `drafts` for a Create drafts run (its drafts are listed);
 * `say` in the run's language (default English).
 */
export interface PlanWordsOptions {
  drafts?: boolean;
  say?: Say;
}
