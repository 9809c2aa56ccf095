/**
 * Send to customers and Credit (issue 21) as a state machine: events in, a view out. Pure, like
 * run-view-model.ts: the handlers in actions-panel.ts read the sheet, call the engine
 * (`planInvoiceActions` → `prepareInvoiceActions` → `runInvoiceActions`) and dispatch; what the
 * confirmation, the progress and the summary say comes from here, the run's truth from the engine.
 */
import Big from "big.js";
import type { SendChannel } from "../api";
import type {
  ActionCounts,
  ActionPreparation,
  ActionState,
  ActionSummary,
  AfterApprovalAction,
  RateLimitPause,
} from "../invoices";
import { ID_STATE_LABELS } from "../invoices";
import { pauseText, type ButtonView } from "./run-view-model";
import { rowsText } from "./run-results-view";

/** Where Send / Credit stands. */
export type ActionPhase = "idle" | "preparing" | "confirming" | "running" | "cancelling" | "done";

/** What the confirmation needs of a preparation (the engine's, as the service holds it). */
export type PreparationView = Pick<
  ActionPreparation,
  "toDo" | "alreadyDone" | "refused" | "totalInclVAT" | "totalExclVAT" | "totalsMissing"
>;

/** The state of Send / Credit. */
export interface ActionViewState {
  phase: ActionPhase;
  action?: AfterApprovalAction;
  preparation?: PreparationView;
  /** How the invoices go out (Send only); email unless the controller picks post. */
  channel: SendChannel;
  /** What the controller typed into the credit confirmation (the count, to confirm it twice). */
  typed: string;
  counts?: ActionCounts;
  pause?: RateLimitPause;
  summary?: ActionSummary;
  /** Another run (the invoice run) holds the sheet: Send and Credit wait. */
  blocked: boolean;
  error?: string;
}

/** What can happen. */
export type ActionEvent =
  | { type: "prepare-started"; action: AfterApprovalAction }
  | { type: "prepared"; preparation: PreparationView }
  | { type: "channel-chosen"; channel: SendChannel }
  | { type: "typed"; text: string }
  | { type: "confirm-dismissed" }
  | { type: "run-started" }
  | { type: "progress"; counts: ActionCounts; pause?: RateLimitPause }
  | { type: "cancel-requested" }
  | { type: "run-finished"; summary: ActionSummary }
  | { type: "failed"; message: string }
  | { type: "blocked"; blocked: boolean };

/** Before anything happened. */
export const INITIAL_ACTION_STATE: ActionViewState = {
  phase: "idle",
  channel: "email",
  typed: "",
  blocked: false,
};

/** True while Send / Credit holds the sheet (the invoice run's buttons wait meanwhile). */
export function isActionBusy(state: Pick<ActionViewState, "phase">): boolean {
  return (
    state.phase === "preparing" ||
    state.phase === "confirming" ||
    state.phase === "running" ||
    state.phase === "cancelling"
  );
}

/** The next state; a transition that does not fit (a late event, a double click) changes nothing. */
export function reduceAction(state: ActionViewState, event: ActionEvent): ActionViewState {
  switch (event.type) {
    case "prepare-started":
      if (isActionBusy(state) || state.blocked) return state;
      return {
        ...state,
        phase: "preparing",
        action: event.action,
        preparation: undefined,
        counts: undefined,
        pause: undefined,
        summary: undefined,
        typed: "",
        channel: "email",
        error: undefined,
      };
    case "prepared": {
      if (state.phase !== "preparing") return state;
      const p = event.preparation;
      if (p.toDo.length + p.alreadyDone.length + p.refused.length === 0) {
        // Nothing selected that could be an invoice: nothing to confirm.
        const what = state.action === "credit" ? "credit" : "send";
        return {
          ...state,
          phase: "idle",
          error: `Nothing to ${what}: select the rows of approved invoices (with their header row on top).`,
        };
      }
      return { ...state, phase: "confirming", preparation: p };
    }
    case "channel-chosen":
      return state.phase === "confirming" ? { ...state, channel: event.channel } : state;
    case "typed":
      return state.phase === "confirming" ? { ...state, typed: event.text } : state;
    case "confirm-dismissed":
      return state.phase === "confirming"
        ? { ...state, phase: "idle", preparation: undefined, typed: "" }
        : state;
    case "run-started":
      return state.phase === "confirming"
        ? { ...state, phase: "running", counts: undefined, pause: undefined }
        : state;
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
        summary: event.summary,
      };
    case "failed":
      // After a finished run (the Billing log could not be written) the summary stays.
      return {
        ...state,
        phase: state.phase === "done" ? "done" : "idle",
        pause: undefined,
        error: event.message,
      };
    case "blocked":
      return { ...state, blocked: event.blocked };
  }
}

/** How each state of an invoice is named, per action, in the engine's order (the engine's words). */
export const ACTION_STATE_LABELS = ID_STATE_LABELS;

/** States still being worked on; every other one is final for this run. */
const IN_FLIGHT: readonly ActionState[] = ["queued", "working"];

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "1,234.56": an exact decimal text grouped by thousands, at least to the cent, never via a float. */
export function groupedMoney(amount: string): string {
  let fixed: string;
  try {
    const value = new Big(amount);
    const decimals = Math.max(2, (value.toString().split(".")[1] ?? "").length);
    fixed = value.toFixed(decimals);
  } catch {
    return amount;
  }
  const negative = fixed.startsWith("-");
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${cents}`;
}

/** "sent by email" / "sent by post". */
function channelWords(channel: SendChannel): string {
  return channel === "post" ? "by post" : "by email";
}

/** "Rows 5, 7: …" for each group of refused rows (at most `max` groups, then a count). */
function refusedLines(preparation: PreparationView, max = 5): string[] {
  const lines = preparation.refused
    .slice(0, max)
    .map((r) => `${rowsText(r.rowNumbers)}: ${r.message}`);
  const rest = preparation.refused.length - max;
  if (rest > 0) lines.push(`…and ${plural(rest, "more refusal")}, explained on their rows.`);
  return lines;
}

/** At most this many invoices are named in the credit confirmation; the rest are counted. */
export const CONFIRM_LISTED = 10;

/** "INV-2026-000001 — 121.00 incl. VAT (row 2)": what a controller checks before crediting. */
function invoiceLines(items: PreparationView["toDo"]): string[] {
  const lines = items.slice(0, CONFIRM_LISTED).map((item) => {
    const name = item.invoice.invoiceNum ?? item.invoiceId;
    const total =
      item.invoice.totalAmountInclVAT !== undefined
        ? `${groupedMoney(item.invoice.totalAmountInclVAT)} incl. VAT`
        : "no total from the service";
    return `${name} — ${total} (${rowsText(item.rowNumbers).toLowerCase()})`;
  });
  const rest = items.length - CONFIRM_LISTED;
  if (rest > 0) lines.push(`…and ${plural(rest, "more invoice")}.`);
  return lines;
}

/** The in-pane confirmation before Send or Credit. */
export interface ConfirmView {
  action: AfterApprovalAction;
  /** "Send 12 invoices to their customers?" */
  title: string;
  /** What is left alone and what is refused, and why. */
  details: string[];
  /** Send: the channel radio buttons, with the one chosen. */
  channel?: SendChannel;
  /** Credit: "Total to be reversed: 1,234.56 incl. VAT (1,020.30 excl. VAT)". */
  total?: string;
  /** Credit: the invoices to be credited, one line each (the first ones), as the service holds them. */
  invoices?: string[];
  /** Credit: invoices whose total the service did not answer (left out of the sum). */
  totalNote?: string;
  /** Credit: "This cannot be undone. …" */
  warning?: string;
  /** Credit: the label of the field the count is typed into ("Type 3 to confirm"). */
  typePrompt?: string;
  /** Credit: the typed text does not (yet) match. */
  typedMismatch?: boolean;
  confirm: ButtonView;
}

/** What the confirmation says, from what the service holds (the preparation). */
export function confirmView(state: ActionViewState): ConfirmView | undefined {
  const p = state.preparation;
  if (state.phase !== "confirming" || !p || !state.action) return undefined;
  const n = p.toDo.length;
  const details: string[] = [];
  if (state.action === "send") {
    if (p.alreadyDone.length > 0)
      details.push(
        `${plural(p.alreadyDone.length, "invoice")} already sent (or on its way): not sent again.`
      );
    if (p.refused.length > 0) details.push("Refused — nothing is sent for these rows:");
    details.push(...refusedLines(p));
    const title =
      n === 0
        ? "Nothing to send."
        : `Send ${plural(n, "invoice")} to ${n === 1 ? "its customer" : "their customers"}?`;
    return {
      action: "send",
      title,
      details,
      ...(n > 0 ? { channel: state.channel } : {}),
      confirm: {
        visible: true,
        enabled: true,
        primary: true,
        label:
          n === 0 ? "Write their state to the rows" : `Send ${n} ${channelWords(state.channel)}`,
      },
    };
  }
  if (p.alreadyDone.length > 0)
    details.push(
      `${plural(p.alreadyDone.length, "invoice")} already credited: ${p.alreadyDone.length === 1 ? "its credit note is" : "their credit notes are"} written to the rows, nothing is credited again.`
    );
  if (p.refused.length > 0) details.push("Refused — nothing is credited for these rows:");
  details.push(...refusedLines(p));
  if (n === 0) {
    return {
      action: "credit",
      title: "Nothing to credit.",
      details,
      confirm: {
        visible: true,
        enabled: true,
        primary: true,
        label:
          p.alreadyDone.length > 0
            ? "Write their state to the rows"
            : "Write the reasons to the rows",
      },
    };
  }
  const typedOk = state.typed.trim() === String(n);
  return {
    action: "credit",
    title: `Credit ${plural(n, "invoice")}?`,
    details,
    total: `Total to be reversed: ${groupedMoney(p.totalInclVAT)} incl. VAT (${groupedMoney(p.totalExclVAT)} excl. VAT).`,
    ...(p.totalsMissing > 0
      ? {
          totalNote: `${plural(p.totalsMissing, "invoice")} without a total from the service ${p.totalsMissing === 1 ? "is" : "are"} not in this sum.`,
        }
      : {}),
    warning: `This cannot be undone: ${n === 1 ? "the invoice gets a credit note" : "each invoice gets a credit note"} with its own number.`,
    invoices: invoiceLines(p.toDo),
    typePrompt: `Type ${n} to confirm`,
    typedMismatch: state.typed.trim() !== "" && !typedOk,
    confirm: {
      visible: true,
      enabled: typedOk,
      primary: true,
      label: `Credit ${plural(n, "invoice")}`,
    },
  };
}

/** "2 sent, 1 failed, 9 waiting": the non-zero counts, in the engine's order. */
export function actionCountsText(action: AfterApprovalAction, counts: ActionCounts): string {
  const labels = ACTION_STATE_LABELS[action];
  const parts = (Object.keys(labels) as ActionState[])
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${counts[s]} ${labels[s]}`);
  return parts.length > 0 ? parts.join(", ") : "starting…";
}

/** Finished and total invoices of a count. */
export function actionProgress(counts: ActionCounts): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const [state, n] of Object.entries(counts) as [ActionState, number][]) {
    total += n;
    if (!IN_FLIGHT.includes(state)) done += n;
  }
  return { done, total };
}

/** The end of a run: the engine's headline (problems first), details, a colour. */
export interface ActionSummaryView {
  text: string;
  details: string[];
  tone: "success" | "warning" | "error";
}

/** The summary of a finished run; words from the engine, what to do next from here. */
export function actionSummaryView(summary: ActionSummary): ActionSummaryView {
  const c = summary.counts;
  const what = summary.action === "send" ? "send" : "credit";
  const details: string[] = [];
  const line = (n: number, words: (subject: string, their: string) => string) => {
    if (n > 0) details.push(words(plural(n, "invoice"), n === 1 ? "its row" : "their rows"));
  };
  line(c.failed, (s, rows) => `${s} failed: the reason is on ${rows}.`);
  line(
    c.unknown,
    (s, rows) => `${s} with an open outcome: see ${rows} — run again to settle (never done twice).`
  );
  line(
    c.refused,
    (s, rows) => `${s} refused: the reason is on ${rows}; nothing was done for them.`
  );
  line(
    c.pending,
    (s) => `${s} still on the way at the service — run again to see where they stand.`
  );
  line(c["not sent"], (s) => `${s} never reached the billing service — run again to ${what} them.`);
  line(c.waiting, (s) => `${s} waiting for the service's rate limit — run again to ${what} them.`);
  line(c.cancelled + c.queued, (s) => `${s} not started — run again to ${what} them.`);
  const bad = c.failed + c.unknown + c.refused > 0;
  const open =
    summary.stopped !== undefined ||
    c.pending + c["not sent"] + c.waiting + c.cancelled + c.queued > 0;
  return {
    text: summary.headline,
    details,
    tone: bad ? "error" : open ? "warning" : "success",
  };
}

/** Everything Send / Credit shows. */
export interface ActionView {
  send: ButtonView;
  credit: ButtonView;
  cancel: ButtonView;
  busyText?: string;
  confirm?: ConfirmView;
  progress?: { done: number; total: number; text: string };
  summary?: ActionSummaryView;
  error?: string;
}

/** The view of `state`. */
export function actionView(state: ActionViewState): ActionView {
  const busy = isActionBusy(state);
  const idle = !busy && !state.blocked;
  const running = state.phase === "running" || state.phase === "cancelling";
  const view: ActionView = {
    send: { visible: true, enabled: idle, primary: false, label: "Send to customers" },
    credit: { visible: true, enabled: idle, primary: false, label: "Credit" },
    cancel: {
      visible: running,
      enabled: state.phase === "running",
      primary: false,
      label: state.phase === "cancelling" ? "Cancelling…" : "Cancel",
    },
  };
  if (state.error !== undefined) view.error = state.error;
  if (state.phase === "preparing")
    view.busyText =
      state.action === "credit"
        ? "Reading the selected rows and their invoices in the service…"
        : "Reading the selected rows and asking the service where each invoice stands…";
  if (state.phase === "cancelling")
    view.busyText = "Cancelling: calls in flight finish, nothing new starts…";
  const confirm = confirmView(state);
  if (confirm) view.confirm = confirm;
  if ((running || state.phase === "done") && state.action) {
    if (state.counts) {
      const { done, total } = actionProgress(state.counts);
      let text = actionCountsText(state.action, state.counts);
      if (state.pause && state.phase !== "done") text = `${pauseText(state.pause)} ${text}`;
      view.progress = { done, total, text };
    } else {
      view.progress = { done: 0, total: state.preparation?.toDo.length ?? 0, text: "starting…" };
    }
  }
  if (state.phase === "done" && state.summary) view.summary = actionSummaryView(state.summary);
  return view;
}
