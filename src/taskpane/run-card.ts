/**
 * The run card: one state (run-card-model.ts) per pane, one renderer. Every panel that
 * starts a run dispatches to this card; the card draws the buttons, the Check summary, the
 * confirmation, progress, Cancel, the summary and the run's results list for every action alike.
 * A panel registers what its action does once confirmed (`onConfirmed`); the card's "yes" runs it.
 */
import { t } from "../i18n";
import type { SendChannel } from "../api";
import { h, replaceChildren, setText } from "./dom";
import { cardView, type CardView } from "./card-view";
import { describedActions, describedButton } from "./described-actions";
import {
  INITIAL_CARD_STATE,
  reduceCard,
  type CardAction,
  type CardEvent,
  type CardState,
} from "./run-card-model";
import { setMarked } from "./page-words";
import { renderRunStatus } from "./run-status";
import { applyButton, byId, setEnabled, show, showText, type ValueElement } from "./ui";

/** One pane's card: its state, its events, and what each confirmed action runs. */
export interface RunCard {
  readonly doc: Document;
  state(): CardState;
  view(): CardView;
  dispatch(event: CardEvent): void;
  /** Registers what `action` runs once its confirmation is answered yes. */
  onConfirmed(action: CardAction, run: () => Promise<void>): void;
  /** Marks the card "running" or "settled" (rows, Billing log and list written) for tests and tools. */
  setRun(stage: "running" | "settled"): void;
  /** Draws the card again (after a panel changed something it shows). */
  render(): void;
  /** Called after every render (the drafts list follows the card's state). */
  onRender(listener: () => void): void;
  /** The button that opened the confirmation: focus goes back to it when it closes. */
  opener?: HTMLElement;
  /** Enter was pressed on a typed count that does not match: say so under the field. */
  typedTried: boolean;
  /** Cancels the run under way (Cancel aborts it; calls in flight finish). */
  controller?: AbortController;
}

const cards = new WeakMap<Document, RunCard>();

/** The longest a progress event waits to be drawn (the line still moves every second). */
const PROGRESS_DRAW_MS = 100;

/** The card of `doc`, created and wired on first use (each pane, each test's page has its own). */
export function runCardOf(doc: Document): RunCard {
  let card = cards.get(doc);
  if (!card) {
    card = createRunCard(doc);
    cards.set(doc, card);
  }
  return card;
}

function createRunCard(doc: Document): RunCard {
  let state = INITIAL_CARD_STATE;
  let progressDraw: ReturnType<typeof setTimeout> | undefined;
  const runners = new Map<CardAction, () => Promise<void>>();
  const listeners: (() => void)[] = [];
  const card: RunCard = {
    doc,
    typedTried: false,
    state: () => state,
    view: () => cardView(state),
    dispatch(event) {
      state = reduceCard(state, event);
      // Progress comes as fast as the engine counts (thousands of events at a run's end): it is
      // drawn at most every PROGRESS_DRAW_MS, from the state then; every other event (the
      // second's tick too) at once.
      if (event.type !== "progress") return card.render();
      if (progressDraw !== undefined) return;
      progressDraw = setTimeout(() => {
        progressDraw = undefined;
        card.render();
      }, PROGRESS_DRAW_MS);
    },
    onConfirmed: (action, run) => void runners.set(action, run),
    setRun: (stage) => doc.getElementById("run-card")?.setAttribute("data-run", stage),
    render() {
      // A pane that was closed meanwhile (a late answer after the page went) draws nothing.
      if (!doc.getElementById("run-card")) return;
      renderCard(doc, cardView(state), card.typedTried);
      for (const l of listeners) l();
    },
    onRender: (l) => void listeners.push(l),
  };
  wireConfirmation(card, runners);
  byId("cancel", doc).addEventListener("click", () => {
    card.controller?.abort();
    card.dispatch({ type: "cancel-requested" });
  });
  return card;
}

/** The confirmation's own controls: yes, not now, Escape, the channel, the typed count. */
function wireConfirmation(card: RunCard, runners: Map<CardAction, () => Promise<void>>): void {
  const { doc } = card;
  const yes = async () => {
    const action = card.state().action;
    if (card.state().phase !== "confirming" || !card.view().confirm?.confirm.enabled) return;
    const run = action && runners.get(action);
    if (run) await run();
  };
  const no = () => {
    if (card.state().phase !== "confirming") return;
    card.dispatch({ type: "confirm-dismissed" });
    card.opener?.focus();
  };
  byId("confirm-yes", doc).addEventListener("click", () => void yes());
  byId("confirm-no", doc).addEventListener("click", no);
  // Escape cancels the confirmation from anywhere inside it, as in an Office dialog.
  byId("confirm", doc).addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    no();
  });
  const post = byId<HTMLInputElement>("channel-post", doc);
  byId("send-channel", doc).addEventListener("change", () => {
    const channel: SendChannel = post.checked ? "post" : "email";
    card.dispatch({ type: "channel-chosen", channel });
  });
  const typed = byId<ValueElement>("credit-typed", doc);
  typed.addEventListener("input", () => {
    card.typedTried = false;
    card.dispatch({ type: "typed", text: typed.value ?? "" });
  });
  typed.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    card.dispatch({ type: "typed", text: typed.value ?? "" });
    if (card.view().confirm?.confirm.enabled) void yes();
    else {
      card.typedTried = true;
      card.render();
    }
  });
}

/** Moves focus into the confirmation: the channel (send), the count field (credit), else its button. */
export function focusConfirm(card: RunCard): void {
  const c = card.view().confirm;
  if (!c) return;
  const { doc } = card;
  byId("confirm", doc).scrollIntoView?.({ block: "nearest" });
  if (c.channel !== undefined) {
    byId(c.channel === "post" ? "channel-post" : "channel-email", doc).focus();
  } else if (c.typePrompt !== undefined) {
    const field = byId("credit-typed", doc);
    (field.shadowRoot?.querySelector("input") ?? field).focus();
  } else {
    byId("confirm-yes", doc).focus();
  }
}

const items = (doc: Document, lines: readonly string[]) => lines.map((t) => h(doc, "li", {}, t));

/** Draws `view`: every button, note, error and block of the card. */
function renderCard(doc: Document, view: CardView, typedTried: boolean): void {
  for (const [id, b] of [
    ["check", view.check],
    ["create", view.create],
    ["create-drafts", view.createDrafts],
    ["send-invoices", view.send],
    ["credit-invoices", view.credit],
    ["cancel", view.cancel],
    ["insert-template", view.insertTemplate],
    ["approve-drafts", view.approveDrafts],
    ["approve-valid", view.approveValid],
    ["discard-drafts", view.discardDrafts],
  ] as const) {
    // One primary action per view: while the confirmation asks, its yes is it.
    applyButton(byId(id, doc), { ...b, primary: b.primary && !view.confirm });
  }
  for (const a of describedActions()) {
    const b = view.described[a.name]!;
    applyButton(describedButton(doc, a), { ...b, primary: b.primary && !view.confirm });
  }
  // "Add an example row" is busy and idle together with Insert template (it fetches the same lists).
  const example = doc.getElementById("add-example-row");
  if (example) setEnabled(example, view.insertTemplate.enabled);
  showText(byId("role-note", doc), view.roleNote);
  show(byId("empty-state", doc), view.showEmptyState);
  setMarked(doc, byId("empty-step3", doc), view.emptyStep3);
  show(byId("after-approval-hint", doc), view.showActHints);
  for (const [id, slot] of [
    ["check-error", "check"],
    ["create-error", "create"],
    ["template-error", "template"],
    ["drafts-error", "drafts"],
    ["action-error", "action"],
  ] as const)
    showText(byId(id, doc), view.errors[slot]);
  showText(byId("template-note", doc), view.templateNote);
  showText(byId("busy", doc), view.busyText);
  renderCheckSummary(doc, view);
  renderConfirm(doc, view, typedTried);
  const el = (id: string) => byId(id, doc);
  renderRunStatus(
    {
      progressBlock: el("progress-block"),
      progress: el("progress"),
      progressText: el("progress-text"),
      summary: el("summary"),
      summaryText: el("summary-text"),
    },
    view.progress,
    view.summary
  );
  replaceChildren(el("summary-details"), ...items(doc, view.summary?.details ?? []));
}

function renderCheckSummary(doc: Document, view: CardView): void {
  const s = view.checkSummary;
  const box = byId("check-summary", doc);
  show(box, s !== undefined);
  box.classList.toggle("bad", s?.tone === "error");
  box.classList.toggle("warn", s?.tone === "warning");
  setText(byId("check-summary-text", doc), s?.text ?? "");
  replaceChildren(byId("check-summary-details", doc), ...items(doc, s?.details ?? []));
  showText(byId("check-problems-more", doc), s?.more);
}

function renderConfirm(doc: Document, view: CardView, typedTried: boolean): void {
  const c = view.confirm;
  const el = (id: string) => byId(id, doc);
  show(el("confirm"), c !== undefined);
  setText(el("confirm-text"), c?.title ?? "");
  replaceChildren(el("confirm-details"), ...items(doc, c?.details ?? []));
  show(el("send-channel"), c?.channel !== undefined);
  byId<HTMLInputElement>("channel-email", doc).checked = c?.channel !== "post";
  byId<HTMLInputElement>("channel-post", doc).checked = c?.channel === "post";
  show(el("confirm-invoices"), (c?.invoices ?? []).length > 0);
  replaceChildren(el("confirm-invoices"), ...items(doc, c?.invoices ?? []));
  show(el("credit-check"), c?.total !== undefined);
  setText(el("credit-total"), c?.total ?? "");
  showText(el("credit-total-note"), c?.totalNote);
  showText(el("confirm-warning"), c?.warning);
  show(el("credit-typed-row"), c?.typePrompt !== undefined);
  setText(el("credit-typed-label"), c?.typePrompt ?? "");
  if (c?.typePrompt === undefined) byId<ValueElement>("credit-typed", doc).value = "";
  showText(
    el("credit-typed-error"),
    typedTried && c?.typedMismatch
      ? t("card.typeExactly", { count: c.typePrompt?.replace(/\D/g, "") ?? "" })
      : undefined
  );
  if (c) {
    applyButton(el("confirm-yes"), c.confirm);
    setText(el("confirm-no"), c.dismiss);
  }
}
