/**
 * What the run card shows, from its one state (run-card-model.ts): the buttons, the Check summary,
 * the confirmation, the progress line and the summary — for every action alike. Pure. The words
 * of each kind of run are in invoice-run-words.ts and action-run-words.ts.
 */
import { t } from "../i18n";
import { BILLING_ROLES } from "../api";
import { accessOf, mayAct, mayRead, roleNote } from "./access";
import { creditConfirm, describedConfirm, sendConfirm, type ConfirmView } from "./action-run-words";
import { describedAction, describedActions, paneWords } from "./described-actions";
import {
  confirmText,
  pauseText,
  planDetails,
  problemLinks,
  type ButtonView,
  type ProblemLink,
} from "./invoice-run-words";
import { isAfterApproval, isCardBusy, type CardSlot, type CardState } from "./run-card-model";

/** The note after Add an example row: its next step is one the account may take. */
export function exampleRowNote(
  state: Pick<CardState, "roles">,
  place: { row: number; sheet: string }
): string {
  return mayAct(state) ? t("template.example", place) : t("template.exampleReader", place);
}

/** Everything the card shows. */
export interface CardView {
  /** First-run guidance: nothing checked or run yet. */
  showEmptyState: boolean;
  check: ButtonView;
  create: ButtonView;
  createDrafts: ButtonView;
  send: ButtonView;
  credit: ButtonView;
  /** The buttons of the actions drawn from their words (described-actions.ts), by action name. */
  described: Readonly<Record<string, ButtonView>>;
  cancel: ButtonView;
  insertTemplate: ButtonView;
  approveDrafts: ButtonView;
  approveValid: ButtonView;
  discardDrafts: ButtonView;
  /** The account may only read, or has no role: why buttons are disabled, and what to ask for. */
  roleNote?: string;
  /** The first-run guidance's last step, marked text: what this account can press. */
  emptyStep3: string;
  /** The hints beside Send and Credit: only for an account that may act. */
  showActHints: boolean;
  /** "Reading and checking the selected rows…" and the like, while something runs. */
  busyText?: string;
  /** After Check: counts, details, and the rows' problems, each a link to its cell. */
  checkSummary?: {
    text: string;
    details: string[];
    problems: ProblemLink[];
    more?: string;
    /** Red when a row has a problem, amber for a warning (ids not checked, likely duplicates). */
    tone?: "error" | "warning";
  };
  /** The in-pane confirmation before a run. */
  confirm?: ConfirmView;
  progress?: { done: number; total: number; text: string };
  summary?: { text: string; details: string[]; tone: "success" | "warning" | "error" };
  errors: Partial<Record<CardSlot, string>>;
  templateNote?: string;
}

function button(label: string, enabled: boolean, primary = false, visible = true): ButtonView {
  return { visible, enabled, primary, label };
}

/** The card's buttons: one primary action per view; acting ones only for an account that may. */
function buttons(state: CardState) {
  const { phase, plan } = state;
  const free = !isCardBusy(state);
  const act = free && mayAct(state);
  const read = free && mayRead(state);
  const canCreate = phase === "checked" && plan !== undefined && plan.counts.invoices > 0;
  const asking = phase === "confirming";
  const listed = state.listed;
  const accepted = listed?.accepted;
  // Approve acts on the listed drafts not ticked for discard; `accepted` counts those only.
  const toApprove = listed ? listed.count - listed.selected : 0;
  return {
    check: button(t("pane.check"), read, !canCreate && !asking),
    create: button(
      t("pane.create"),
      act,
      canCreate && mayAct(state),
      !(asking && state.action === "create-and-approve")
    ),
    createDrafts: button(t("pane.createDrafts"), act),
    send: button(t("pane.send"), act),
    credit: button(t("pane.credit"), act),
    described: Object.fromEntries(
      describedActions().map((a) => [a.name, button(paneWords(a, "button"), act)])
    ),
    cancel: button(
      phase === "cancelling" ? t("card.cancelling") : t("pane.cancel"),
      phase === "running",
      false,
      phase === "running" || phase === "cancelling"
    ),
    insertTemplate: button(t("pane.insertTemplate"), read && !state.templateBusy),
    approveDrafts: button(
      listed ? t("card.approveDraftsCount", { count: toApprove }) : t("pane.approveDrafts"),
      act && toApprove > 0,
      phase === "done"
    ),
    approveValid: button(
      accepted === undefined
        ? t("pane.approveValid")
        : t("card.approveValidCount", { count: accepted }),
      act && accepted !== undefined && accepted > 0 && accepted < toApprove,
      false,
      accepted !== undefined && accepted < toApprove
    ),
    discardDrafts: button(
      listed && listed.selected > 0
        ? t("card.discardDraftsCount", { count: listed.selected })
        : t("pane.discardDrafts"),
      act && (listed?.selected ?? 0) > 0
    ),
  };
}

/** The view of `state`. */
export function cardView(state: CardState): CardView {
  const { phase, plan } = state;
  const access = accessOf(state);
  const view: CardView = {
    // With no role, nothing of the first-run steps can be done: the role note says what to ask for.
    showEmptyState:
      phase === "idle" && plan === undefined && state.result === undefined && access !== "none",
    emptyStep3: mayAct(state)
      ? t("pane.empty.step3")
      : t("pane.empty.step3Reader", { role: BILLING_ROLES.invoice }),
    showActHints: mayAct(state),
    ...buttons(state),
    errors: state.errors,
    templateNote: state.templateNote,
  };
  const note = roleNote(access);
  if (note !== undefined) view.roleNote = note;
  view.busyText = busyText(state);
  const asksToCreate =
    phase === "confirming" &&
    (state.action === "create-and-approve" || state.action === "create-drafts");
  if (plan && (phase === "checked" || asksToCreate)) {
    view.checkSummary = { text: plan.summary, details: planDetails(plan), ...problemLinks(plan) };
    if (plan.counts.rowsWithProblems > 0 || plan.planProblems.length > 0)
      view.checkSummary.tone = "error";
    else if ((plan.notes ?? []).length > 0) view.checkSummary.tone = "warning";
  }
  if (phase === "confirming") view.confirm = confirmOf(state);
  const progress = progressOf(state);
  if (progress) view.progress = progress;
  if (phase === "done" && state.result) view.summary = summaryView(state);
  return view;
}

function busyText(state: CardState): string | undefined {
  if (state.phase === "checking") return t("card.busy.checking");
  if (state.phase === "preparing")
    return state.action === "credit" ? t("card.busy.preparingCredit") : t("card.busy.preparing");
  if (state.phase === "cancelling") return t("card.busy.cancelling");
  if (state.templateBusy) return t("card.busy.template");
  return undefined;
}

/** "Not now", in the pane's language when asked. */
const notNow = (): string => t("pane.notNow");

/** The confirmation the card asks before `state.action` (undefined when it has nothing to ask). */
function confirmOf(state: CardState): ConfirmView | undefined {
  const yes = (label: string): ButtonView => button(label, true, true);
  switch (state.action) {
    case undefined:
      return undefined;
    case "create-and-approve":
    case "create-drafts":
      if (!state.plan) return undefined;
      return {
        title: confirmText(state.plan),
        details: state.note ? [state.note] : [],
        confirm: yes(t("pane.create")),
        dismiss: notNow(),
      };
    case "approve-drafts":
    case "approve-valid":
    case "discard-drafts":
      return draftsConfirm(state.action, state);
    case "send":
      return state.preparation ? sendConfirm(state.preparation, state.channel) : undefined;
    case "credit":
      return state.preparation ? creditConfirm(state.preparation, state.typed) : undefined;
    default: {
      const described = describedAction(state.action);
      return described && state.preparation
        ? describedConfirm(state.preparation, described)
        : undefined;
    }
  }
}

/** Before approving or discarding drafts: which, what is left alone, and what cannot be undone. */
function draftsConfirm(
  action: "approve-drafts" | "approve-valid" | "discard-drafts",
  state: CardState
): ConfirmView | undefined {
  const asked = state.drafts;
  if (!asked) return undefined;
  const n = asked.lines.length;
  const base = { details: asked.leftAlone, invoices: asked.lines, dismiss: notNow() };
  if (action === "discard-drafts")
    return {
      ...base,
      title: t("card.discard.title", { count: n }),
      warning: t("card.discard.warning", { count: n }),
      confirm: button(t("card.discardDraftsCount", { count: n }), true, true),
    };
  return {
    ...base,
    title:
      action === "approve-valid"
        ? t("card.approveValid.title", { count: n })
        : t("card.approve.title", { count: n }),
    warning: t("card.approve.warning"),
    confirm: button(t("card.approveDraftsCount", { count: n }), true, true),
  };
}

/** The run's progress, in the engine's words; the pause the service asked for first. */
function progressOf(state: CardState): CardView["progress"] {
  const { phase, progress } = state;
  const running = phase === "running" || phase === "cancelling";
  if (!running && phase !== "done") return undefined;
  if (!progress) {
    if (!running) return undefined;
    const total = isAfterApproval(state.action)
      ? (state.preparation?.toDo.length ?? 0)
      : (state.drafts?.lines.length ?? state.plan?.counts.invoices ?? 0);
    return { done: 0, total, text: `${t("card.starting")}${elapsed(state)}` };
  }
  if (state.pause && phase !== "done")
    return { ...progress, text: `${pauseText(state.pause)} ${progress.text}${elapsed(state)}` };
  return phase === "done" ? progress : { ...progress, text: `${progress.text}${elapsed(state)}` };
}

/** " · 1:05 so far" while a run goes on (the pane's tick), else nothing. */
function elapsed(state: CardState): string {
  if (state.elapsedMs === undefined) return "";
  const s = Math.floor(state.elapsedMs / 1000);
  const time = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return ` · ${t("card.elapsed", { time })}`;
}

/** The engine's summary as the card shows it: its headline, details and tone. */
function summaryView(state: CardState): CardView["summary"] {
  const result = state.result!;
  return { text: result.headline, details: result.details, tone: result.tone };
}
