/**
 * The Invoices tab as a state machine: events in, a view out. Pure, so the pane's handlers only
 * read the sheet, call the engine and dispatch; the run's own state lives in the engine
 * (src/invoices), which reports counts and a summary that this model turns into text.
 */
import {
  INVOICE_STATES,
  type InvoiceState,
  type Plan,
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
  "counts" | "summary" | "unknownColumns" | "planProblems" | "rowProblems"
>;

/** The actions an error can sit next to. */
export type RunAction = "check" | "create" | "template";

/** The tab's state. */
export interface RunViewState {
  phase: RunPhase;
  plan?: PlanView;
  counts?: RunCounts;
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
  | { type: "progress"; counts: RunCounts }
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
        ? { ...state, counts: event.counts }
        : state;
    case "cancel-requested":
      return state.phase === "running" ? { ...state, phase: "cancelling" } : state;
    case "run-finished":
      return {
        ...state,
        phase: "done",
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

/** At most this many row problems are listed in the pane; the sheet has them all. */
const PROBLEMS_SHOWN = 5;

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
  /** After Check: "12 invoices, 31 lines, 2 rows with problems" and details. */
  checkSummary?: { text: string; details: string[] };
  /** The in-pane confirmation before a run. */
  confirm?: { text: string };
  progress?: { done: number; total: number; text: string };
  summary?: RunSummaryView;
  errors: Partial<Record<RunAction, string>>;
  templateNote?: string;
}

function planDetails(plan: PlanView): string[] {
  const details: string[] = [...plan.planProblems];
  if (plan.counts.continued > 0) {
    details.push(
      `${plural(plan.counts.continued, "invoice")} created earlier will be continued, not created again.`
    );
  }
  if (plan.unknownColumns.length > 0) {
    details.push(
      `Columns passed through unchanged (not known fields of the service): ${plan.unknownColumns.join(", ")}.`
    );
  }
  const rows = [...plan.rowProblems.entries()].sort(([a], [b]) => a - b);
  for (const [row, problems] of rows.slice(0, PROBLEMS_SHOWN))
    details.push(`Row ${row}: ${problems.join("; ")}`);
  if (rows.length > PROBLEMS_SHOWN) {
    details.push(
      `…and ${plural(rows.length - PROBLEMS_SHOWN, "more row")} with problems, marked in the sheet.`
    );
  }
  return details;
}

function confirmText(plan: PlanView): string {
  const c = plan.counts;
  const fresh = c.invoices - c.continued;
  let text: string;
  if (fresh === 0) {
    text = `Continue ${plural(c.continued, "invoice")} created earlier? Nothing new will be created; their approval and numbers are picked up.`;
  } else if (c.continued > 0) {
    text = `Create and approve ${plural(fresh, "new invoice")}, and continue ${c.continued} created earlier?`;
  } else {
    text = `Create and approve ${plural(c.invoices, "invoice")} (${plural(c.lines, "line")})?`;
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
};

/** "1 invoice created, …" / "2 invoices created, …": subject and the pronoun that follows. */
function counted(n: number): { what: string; its: string; them: string } {
  return n === 1
    ? { what: "1 invoice", its: "its", them: "it" }
    : { what: `${n} invoices`, its: "their", them: "them" };
}

function summaryOf(result: RunSummary, numberColumn?: string): RunSummaryView {
  const c = result.counts;
  const where = numberColumn ? `column ${numberColumn}` : "the invoiceNum column";
  const approved =
    c.approved > 0
      ? `${counted(c.approved).what} approved, number${c.approved === 1 ? "" : "s"} written to ${where}.`
      : "No invoice approved.";
  const stopWords =
    result.stoppedBecause !== undefined
      ? `Stopped: ${result.stoppedBecause}`
      : result.stopped
        ? STOP_WORDS[result.stopped]
        : undefined;
  const text = stopWords ? `${stopWords} ${approved}` : approved;
  const details: string[] = [];
  const line = (n: number, words: (w: ReturnType<typeof counted>) => string) => {
    if (n > 0) details.push(words(counted(n)));
  };
  line(c.created, (w) => `${w.what} created, not approved yet — run again to approve ${w.them}.`);
  line(c.approving + c.pending, (w) => `${w.what} still approving — run again to continue.`);
  line(
    c["not sent"],
    (w) =>
      `${w.what} not sent: ${w.them === "it" ? "it" : "they"} never reached the billing service — run again to send ${w.them}.`
  );
  line(
    c.unknown,
    (w) =>
      `${w.what} with an open outcome: see the message on ${w.its} rows — run again to settle ${w.them}.`
  );
  line(c.failed, (w) => `${w.what} failed: the reason is on ${w.its} rows.`);
  line(c.cancelled + c.queued, (w) =>
    result.stopped === "cancelled"
      ? `${w.what} not started because the run was cancelled — run again to create ${w.them}.`
      : `${w.what} not started — run again to create ${w.them}.`
  );
  line(
    c.invalid,
    (w) => `${w.what} not sent because of problems in the sheet: fix the rows marked invalid.`
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
    view.checkSummary = { text: plan.summary, details: planDetails(plan) };
  }
  if (phase === "confirming" && plan) view.confirm = { text: confirmText(plan) };
  if ((phase === "running" || phase === "cancelling" || phase === "done") && state.counts) {
    view.progress = { ...progressOf(state.counts), text: countsText(state.counts) };
  } else if (phase === "running" || phase === "cancelling") {
    view.progress = { done: 0, total: plan?.counts.invoices ?? 0, text: "starting…" };
  }
  if (phase === "cancelling")
    view.busyText = "Cancelling: calls in flight finish, nothing new starts…";
  if (phase === "done" && state.result) view.summary = summaryOf(state.result, state.numberColumn);
  return view;
}
