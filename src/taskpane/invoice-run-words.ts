/**
 * The words of the invoice run (Check, Create and approve, Create drafts, Approve drafts) on the
 * run card: what Check found, what the confirmation asks, the progress line and the summary. Pure:
 * counts and summaries come from the engine (src/invoices); run-card-model.ts decides when each
 * is shown.
 */
import {
  type InvoiceState,
  type Plan,
  type RateLimitPause,
  type RunCounts,
  type RunSummary,
  type StopReason,
} from "../invoices";
import { SIGN_IN_FAILED } from "./error-text";

/** What the card needs of a plan: its counts, summary text and problems (not the invoices). */
export type PlanView = Pick<
  Plan,
  "counts" | "summary" | "unknownColumns" | "planProblems" | "rowProblems" | "notes"
>;

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function nothingToCreate(plan: PlanView): string {
  if (plan.planProblems.length > 0) return `Nothing to create: ${plan.planProblems.join(" ")}`;
  if (plan.counts.rows === 0) return "Nothing to create: the selection holds no invoice rows.";
  return `Nothing to create: every invoice has rows with problems (${plural(plan.counts.rowsWithProblems, "row")}). Fix them and check again.`;
}

/** How each invoice state is named in the pane, in the engine's order. */
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

/** "3 approved, 2 approving, 1 failed": the non-zero counts, named and ordered by `labels`. */
export function labelledCounts<S extends string>(
  labels: Readonly<Record<S, string>>,
  counts: Readonly<Record<S, number>>
): string {
  const parts = (Object.keys(labels) as S[])
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${counts[s]} ${labels[s]}`);
  return parts.length > 0 ? parts.join(", ") : "starting…";
}

/** Finished and total invoices of a count (`inFlight`: the states still being worked on). */
export function doneOf<S extends string>(
  counts: Readonly<Record<S, number>>,
  inFlight: readonly S[]
): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const [state, n] of Object.entries(counts) as [S, number][]) {
    total += n;
    if (!inFlight.includes(state)) done += n;
  }
  return { done, total };
}

/** "3 approved, 2 approving, 1 failed": the non-zero counts, in the engine's order. */
export function countsText(counts: RunCounts): string {
  return labelledCounts(STATE_LABELS, counts);
}

/** Finished and total invoices of a count. */
export function progressOf(counts: RunCounts): { done: number; total: number } {
  return doneOf(counts, IN_FLIGHT);
}

/**
 * Progress of this run (DESIGN.md "Each run tells its own story"): the invoices earlier runs
 * finished are counted apart ("…, 24 approved earlier: left alone"), not as this run's work.
 */
export function thisRunsProgress(
  counts: RunCounts,
  finished: number
): { done: number; total: number; text: string } {
  const earlier = Math.min(finished, counts.approved);
  const mine = { ...counts, approved: counts.approved - earlier };
  const { done, total } = progressOf(mine);
  const parts = [total > 0 || earlier === 0 ? countsText(mine) : "nothing to do"];
  if (earlier > 0) parts.push(`${earlier} approved earlier: left alone`);
  return { done, total, text: parts.join(", ") };
}

/**
 * At most this many rows' problems are links in the pane (in a scrolling list), so that each is
 * one click from its cell; beyond them the sheet's marks and its filter take over.
 */
const PROBLEMS_SHOWN = 50;

/** A state of a button. */
export interface ButtonView {
  visible: boolean;
  enabled: boolean;
  /** The one primary (accent) action of the view. */
  primary: boolean;
  label: string;
}

/** Everything the Invoices tab shows. */
export interface ProblemLink {
  row: number;
  text: string;
}

export function planDetails(plan: PlanView): string[] {
  const details: string[] = [...plan.planProblems];
  const toContinue = plan.counts.continued - plan.counts.finished;
  if (toContinue > 0) {
    details.push(
      `${plural(toContinue, "invoice")} created earlier will be continued, not created again.`
    );
  }
  if (plan.counts.finished > 0) {
    details.push(`${plural(plan.counts.finished, "invoice")} approved earlier will be left alone.`);
  }
  details.push(...(plan.notes ?? []));
  if (plan.unknownColumns.length > 0) {
    details.push(
      `Columns passed through unchanged (not known fields of the service): ${plan.unknownColumns.join(", ")}.`
    );
  }
  return details;
}

/** The first rows' problems, in sheet order, as links; the rest summed up. */
export function problemLinks(plan: PlanView): { problems: ProblemLink[]; more?: string } {
  const rows = [...plan.rowProblems.entries()].sort(([a], [b]) => a - b);
  const problems = rows
    .slice(0, PROBLEMS_SHOWN)
    .map(([row, list]) => ({ row, text: `Row ${row}: ${list.join("; ")}` }));
  if (rows.length <= PROBLEMS_SHOWN) return { problems };
  return {
    problems,
    more: `…and ${plural(rows.length - PROBLEMS_SHOWN, "more row")} with problems, marked in the sheet.`,
  };
}

/**
 * "Create and approve: 12 to create, 3 to continue, 24 already approved: left alone." — what this
 * run will do, apart from what earlier runs finished.
 */
export function confirmText(plan: PlanView): string {
  const c = plan.counts;
  const toCreate = c.invoices - c.continued;
  const toContinue = c.continued - c.finished;
  let text: string;
  if (toCreate + toContinue === 0) {
    text = `Nothing to create or continue: ${c.finished === 1 ? "the invoice was" : `all ${c.finished} invoices were`} approved earlier and will be left alone. Run anyway?`;
  } else {
    const parts: string[] = [];
    if (toCreate > 0) parts.push(`${toCreate} to create`);
    if (toContinue > 0) parts.push(`${toContinue} to continue`);
    if (c.finished > 0) parts.push(`${c.finished} already approved: left alone`);
    text = `Create and approve: ${parts.join(", ")}.`;
  }
  if (c.invalidInvoices > 0) {
    text += ` ${plural(c.invalidInvoices, "invoice")} with problems will not be sent.`;
  }
  return text;
}

/** The end of a run: words and colour follow the worst outcome. */
export interface RunSummaryView {
  text: string;
  details: string[];
  /** True only when every invoice was approved (the green box). */
  ok: boolean;
  tone: "success" | "warning" | "error";
}

const STOP_WORDS: Record<StopReason, string> = {
  cancelled: "Cancelled.",
  auth: `Stopped: ${SIGN_IN_FAILED}`,
  "sheet-write":
    "Stopped: writing to the sheet failed. Make sure the sheet is not protected or being edited.",
  unreachable: "Stopped: the billing service could not be reached.",
  "rate-limited": "Stopped: waiting for the billing service's rate limit — run again to continue.",
};

/** "1 invoice created, …" / "2 invoices created, …": subject and the pronoun that follows. */
function counted(n: number): { what: string; its: string; them: string } {
  return n === 1
    ? { what: "1 invoice", its: "its", them: "it" }
    : { what: `${n} invoices`, its: "their", them: "them" };
}

/**
 * The headline of a run: what this run did, problems first, apart from what earlier runs finished
 * ("1 invoice failed, 14 approved by this run (numbers in column W), 24 approved earlier: left
 * alone."). A run that changed nothing says so.
 */
function headline(result: RunSummary, where: string, drafts: boolean): string {
  const s = result.story;
  const parts: string[] = [];
  // A Create drafts run leaves its drafts open on purpose: they are named, not "still open".
  const drafted = drafts ? Math.min(s.drafts, s.open) : 0;
  if (s.failed > 0) parts.push(`${s.failed} failed`);
  if (s.unknown > 0) parts.push(`${s.unknown} with an open outcome`);
  if (s.invalid > 0) parts.push(`${s.invalid} not sent (problems in the sheet)`);
  if (s.approved > 0) parts.push(`${s.approved} approved by this run (numbers in ${where})`);
  if (drafted > 0) parts.push(`${drafted} created as drafts to review`);
  if (s.open - drafted > 0) parts.push(`${s.open - drafted} still open`);
  if (s.untouched > 0) parts.push(`${s.untouched} approved earlier: left alone`);
  if (parts.length === 0) return "No invoice approved.";
  const total = s.failed + s.unknown + s.invalid + s.approved + s.open + s.untouched;
  if (s.changed === 0 && s.untouched === total && result.stopped === undefined)
    return `Nothing changed: ${s.untouched === 1 ? "the invoice was" : `all ${s.untouched} invoices were`} approved earlier and ${s.untouched === 1 ? "is" : "are"} left alone.`;
  // The first count names what it counts; the others follow it.
  parts[0] = parts[0].replace(/^(\d+) /, (_m, n: string) => `${counted(Number(n)).what} `);
  // Earlier refusals repeat on a re-run; the run itself changed nothing, and says so first.
  if (s.changed === 0 && result.stopped === undefined)
    return `Nothing changed by this run: ${parts.join(", ")}.`;
  return `${parts.join(", ")}.`;
}

/** The card's summary of a finished invoice run (`drafts`: a Create drafts run, its drafts listed below). */
export function summaryOf(
  result: RunSummary,
  numberColumn?: string,
  options: { drafts?: boolean } = {}
): RunSummaryView {
  const c = result.counts;
  const s = result.story;
  const drafts = options.drafts === true;
  const where = numberColumn ? `column ${numberColumn}` : "the invoiceNum column";
  const said = headline(result, where, drafts);
  const stopWords =
    result.stoppedBecause !== undefined
      ? `Stopped: ${result.stoppedBecause}`
      : result.stopped
        ? STOP_WORDS[result.stopped]
        : undefined;
  const text = stopWords ? `${stopWords} ${said}` : said;
  const details: string[] = [];
  const line = (n: number, words: (w: ReturnType<typeof counted>) => string) => {
    if (n > 0) details.push(words(counted(n)));
  };
  // Problems first (DESIGN.md "Each run tells its own story").
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
  // After Create drafts, the drafts list below is the one next step (one instruction at a time).
  if (drafts)
    line(
      c.created,
      (w) => `${w.what} created as drafts: review ${w.them} below, then approve ${w.them} there.`
    );
  else
    line(c.created, (w) => `${w.what} created, not approved yet — run again to approve ${w.them}.`);
  line(
    c["not sent"],
    (w) =>
      `${w.what} not sent: ${w.them === "it" ? "it" : "they"} never reached the billing service — run again to send ${w.them}.`
  );
  line(c.cancelled + c.queued, (w) =>
    result.stopped === "cancelled"
      ? `${w.what} not started because the run was cancelled — run again to create ${w.them}.`
      : result.stopped === "rate-limited"
        ? `${w.what} waiting for the service's rate limit — run again to continue.`
        : `${w.what} not started — run again to create ${w.them}.`
  );
  const bad = c.failed + c.unknown + c.invalid > 0;
  const open =
    result.stopped !== undefined ||
    (drafts ? 0 : c.created) + c.approving + c.pending + c["not sent"] + c.cancelled + c.queued > 0;
  // A re-run that changed nothing is not an error because earlier refusals repeat (issue 26).
  const unchanged = s.changed === 0 && result.stopped === undefined;
  const tone = bad && !unchanged ? "error" : bad || open ? "warning" : "success";
  return { text, details, ok: tone === "success", tone };
}

/**
 * The header's connection state after a run, from what the run saw (undefined: the run made no
 * call, the header keeps its own check).
 */
export function connectionAfterRun(
  result: Pick<RunSummary, "connection">
): { ok: boolean; text: string } | undefined {
  if (result.connection === "unreachable")
    return {
      ok: false,
      text: "Unreachable: the billing service stopped answering during the run.",
    };
  if (result.connection === "ok") return { ok: true, text: "Connected" };
  return undefined;
}

/** "Waiting for the service's rate limit — resumes in 3 s." (issue 18). */
export function pauseText(pause: RateLimitPause): string {
  return `Waiting for the service's rate limit — resumes in ${pause.resumesInSeconds} s.`;
}

/** What Create and approve says when the pre-flight connection check fails: nothing was sent. */
export function preflightRefusal(title: string, verdict?: string): string {
  // No token for the company gateway (not signed in, renewal failed, a role missing): the title
  // already says what to do; the connection itself is fine.
  if (verdict === "auth") return `Nothing was sent: ${title} Then press Create and approve again.`;
  return `Nothing was sent: ${title} Check the connection, then press Create and approve again.`;
}
