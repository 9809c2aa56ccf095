/**
 * The Invoices tab as a state machine: events in, a view out. Pure, so the pane's handlers only
 * read the sheet, call the engine and dispatch; the run's own state lives in the engine
 * (src/invoices), which reports counts and a summary that this model turns into text.
 */
import {
  INVOICE_STATES,
  type InvoiceState,
  type Plan,
  type RateLimitPause,
  type RunCounts,
  type RunSummary,
  type StopReason,
} from "../invoices";
import { SIGN_IN_FAILED } from "./error-text";

/** Where the tab stands. */
export type RunPhase =
  "idle" | "checking" | "checked" | "confirming" | "running" | "cancelling" | "done";

/** What the tab needs of a plan: its counts, summary text and problems (not the invoices). */
export type PlanView = Pick<
  Plan,
  "counts" | "summary" | "unknownColumns" | "planProblems" | "rowProblems" | "notes"
>;

/** The actions an error can sit next to. */
export type RunAction = "check" | "create" | "template";

/** The tab's state. */
export interface RunViewState {
  phase: RunPhase;
  plan?: PlanView;
  counts?: RunCounts;
  /** While the service's rate limit holds the run (a 429): when it resumes. */
  pause?: RateLimitPause;
  result?: RunSummary;
  /** The worksheet column the invoice numbers are written to ("W"), when known. */
  numberColumn?: string;
  templateBusy: boolean;
  templateNote?: string;
  errors: Partial<Record<RunAction, string>>;
}

/** What can happen on the tab. */
export type RunEvent =
  | { type: "check-started" }
  | { type: "check-finished"; plan: PlanView }
  | { type: "create-requested"; plan: PlanView }
  | { type: "confirm-dismissed" }
  | { type: "run-started" }
  | { type: "progress"; counts: RunCounts; pause?: RateLimitPause }
  | { type: "cancel-requested" }
  | { type: "run-finished"; summary: RunSummary; numberColumn?: string }
  | { type: "failed"; action: RunAction; message: string }
  | { type: "template-started" }
  | { type: "template-finished"; note: string };

/** The tab before anything happened (first run: the empty state). */
export const INITIAL_RUN_STATE: RunViewState = { phase: "idle", templateBusy: false, errors: {} };

/** The next state. Unknown transitions (a double click, a late event) leave the state as it is. */
export function reduceRun(state: RunViewState, event: RunEvent): RunViewState {
  switch (event.type) {
    case "check-started":
      if (isBusy(state)) return state;
      return {
        ...state,
        phase: "checking",
        errors: { ...state.errors, check: undefined, create: undefined },
      };
    case "check-finished":
      return { ...state, phase: "checked", plan: event.plan, counts: undefined, result: undefined };
    case "create-requested":
      if (event.plan.counts.invoices === 0) {
        return {
          ...state,
          phase: "checked",
          plan: event.plan,
          errors: { ...state.errors, create: nothingToCreate(event.plan) },
        };
      }
      return {
        ...state,
        phase: "confirming",
        plan: event.plan,
        result: undefined,
        counts: undefined,
      };
    case "confirm-dismissed":
      return state.phase === "confirming" ? { ...state, phase: "checked" } : state;
    case "run-started":
      return {
        ...state,
        phase: "running",
        counts: undefined,
        result: undefined,
        // "Added an example invoice… Press Create and approve" is done with once the run starts.
        templateNote: undefined,
        errors: { ...state.errors, create: undefined },
      };
    case "progress":
      return state.phase === "running" || state.phase === "cancelling"
        ? { ...state, counts: event.counts, pause: event.pause }
        : state;
    case "cancel-requested":
      return state.phase === "running" ? { ...state, phase: "cancelling" } : state;
    case "run-finished":
      return {
        ...state,
        phase: "done",
        pause: undefined,
        counts: event.summary.counts,
        result: event.summary,
        numberColumn: event.numberColumn,
      };
    case "failed": {
      const phase: RunPhase =
        event.action === "template"
          ? state.phase
          : state.plan && event.action === "create"
            ? "checked"
            : "idle";
      return {
        ...state,
        phase,
        templateBusy: event.action === "template" ? false : state.templateBusy,
        errors: { ...state.errors, [event.action]: event.message },
      };
    }
    case "template-started":
      return {
        ...state,
        templateBusy: true,
        templateNote: undefined,
        errors: { ...state.errors, template: undefined },
      };
    case "template-finished":
      return { ...state, templateBusy: false, templateNote: event.note };
  }
}

function isBusy(state: RunViewState): boolean {
  return state.phase === "checking" || state.phase === "running" || state.phase === "cancelling";
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function nothingToCreate(plan: PlanView): string {
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
/** States in which an invoice is finished for this run. */
const FINISHED = INVOICE_STATES.filter((state) => !IN_FLIGHT.includes(state));

/** "3 approved, 2 approving, 1 failed": the non-zero counts, in the engine's order. */
export function countsText(counts: RunCounts): string {
  const parts = (Object.keys(STATE_LABELS) as InvoiceState[])
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${counts[s]} ${STATE_LABELS[s]}`);
  return parts.length > 0 ? parts.join(", ") : "starting…";
}

/** Finished and total invoices of a count. */
export function progressOf(counts: RunCounts): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const s of Object.keys(STATE_LABELS) as InvoiceState[]) {
    const n = counts[s] ?? 0;
    total += n;
    if (FINISHED.includes(s)) done += n;
  }
  return { done, total };
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
export interface RunView {
  /** First-run guidance: nothing checked or run yet. */
  showEmptyState: boolean;
  check: ButtonView;
  create: ButtonView;
  cancel: ButtonView;
  insertTemplate: ButtonView;
  /** "Checking the selected rows…" and the like, while something runs. */
  busyText?: string;
  /**
   * After Check: "30 rows: 16 invoices ready (26 lines), …", details, and the rows' problems, each
   * a link to its cell (the first ones; the sheet has them all).
   */
  checkSummary?: {
    text: string;
    details: string[];
    problems: ProblemLink[];
    more?: string;
    /** Red when a row has a problem, amber when ids could not be checked, else neutral. */
    tone?: "error" | "warning";
  };
  /** The in-pane confirmation before a run. */
  confirm?: { text: string };
  progress?: { done: number; total: number; text: string };
  summary?: RunSummaryView;
  errors: Partial<Record<RunAction, string>>;
  templateNote?: string;
}

/** A problem of one row in the pane: pressing it selects the row's cell at fault. */
export interface ProblemLink {
  row: number;
  text: string;
}

function planDetails(plan: PlanView): string[] {
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
function problemLinks(plan: PlanView): { problems: ProblemLink[]; more?: string } {
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
function headline(result: RunSummary, where: string): string {
  const s = result.story;
  const parts: string[] = [];
  if (s.failed > 0) parts.push(`${s.failed} failed`);
  if (s.unknown > 0) parts.push(`${s.unknown} with an open outcome`);
  if (s.invalid > 0) parts.push(`${s.invalid} not sent (problems in the sheet)`);
  if (s.approved > 0) parts.push(`${s.approved} approved by this run (numbers in ${where})`);
  if (s.open > 0) parts.push(`${s.open} still open`);
  if (s.untouched > 0) parts.push(`${s.untouched} approved earlier: left alone`);
  if (parts.length === 0) return "No invoice approved.";
  const total = s.failed + s.unknown + s.invalid + s.approved + s.open + s.untouched;
  if (s.changed === 0 && s.untouched === total && result.stopped === undefined)
    return `Nothing changed: ${s.untouched === 1 ? "the invoice was" : `all ${s.untouched} invoices were`} approved earlier and ${s.untouched === 1 ? "is" : "are"} left alone.`;
  // The first count names what it counts; the others follow it.
  parts[0] = parts[0].replace(/^(\d+) /, (_m, n: string) => `${counted(Number(n)).what} `);
  return `${parts.join(", ")}.`;
}

function summaryOf(result: RunSummary, numberColumn?: string): RunSummaryView {
  const c = result.counts;
  const s = result.story;
  const where = numberColumn ? `column ${numberColumn}` : "the invoiceNum column";
  const said = headline(result, where);
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
    c.created + c.approving + c.pending + c["not sent"] + c.cancelled + c.queued > 0;
  const tone = bad ? "error" : open ? "warning" : "success";
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

/** The view of `state`. */
export function runView(state: RunViewState): RunView {
  const { phase, plan } = state;
  const busy = isBusy(state);
  const canCreate = phase === "checked" && plan !== undefined && plan.counts.invoices > 0;
  const view: RunView = {
    showEmptyState: phase === "idle" && plan === undefined && state.result === undefined,
    check: {
      visible: true,
      enabled: !busy && phase !== "confirming",
      primary: !canCreate,
      label: "Check",
    },
    create: {
      visible: phase !== "confirming",
      enabled: !busy && phase !== "confirming",
      primary: canCreate,
      label: "Create and approve",
    },
    cancel: {
      visible: phase === "running" || phase === "cancelling",
      enabled: phase === "running",
      primary: false,
      label: phase === "cancelling" ? "Cancelling…" : "Cancel",
    },
    insertTemplate: {
      visible: true,
      enabled: !busy && !state.templateBusy,
      primary: false,
      label: "Insert template",
    },
    errors: state.errors,
    templateNote: state.templateNote,
  };
  if (phase === "checking") view.busyText = "Reading and checking the selected rows…";
  if (state.templateBusy) view.busyText = "Fetching tax codes, bank accounts and billing items…";
  if (plan && (phase === "checked" || phase === "confirming")) {
    view.checkSummary = { text: plan.summary, details: planDetails(plan), ...problemLinks(plan) };
    if (plan.counts.rowsWithProblems > 0 || plan.planProblems.length > 0)
      view.checkSummary.tone = "error";
    else if ((plan.notes ?? []).length > 0) view.checkSummary.tone = "warning";
  }
  if (phase === "confirming" && plan) view.confirm = { text: confirmText(plan) };
  if ((phase === "running" || phase === "cancelling" || phase === "done") && state.counts) {
    view.progress = thisRunsProgress(state.counts, plan?.counts.finished ?? 0);
    if (state.pause && phase !== "done")
      view.progress.text = `${pauseText(state.pause)} ${view.progress.text}`;
  } else if (phase === "running" || phase === "cancelling") {
    view.progress = { done: 0, total: plan?.counts.invoices ?? 0, text: "starting…" };
  }
  if (phase === "cancelling")
    view.busyText = "Cancelling: calls in flight finish, nothing new starts…";
  if (phase === "done" && state.result) view.summary = summaryOf(state.result, state.numberColumn);
  return view;
}
