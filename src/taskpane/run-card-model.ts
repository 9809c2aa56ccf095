/**
 * The run card: ONE state machine for every action on invoices — Check, Create and
 * approve, Create drafts, Approve drafts, Approve only valid, Discard drafts, Send, Credit — and
 * its confirmation, progress, cancel and summary. Events in, state out; pure. The run's own state
 * lives in the engine (src/invoices), which reports counts and a summary; the panels only read the
 * sheet, call the engine and dispatch; card-view.ts turns this state into what the card shows.
 * One state means one run at a time: there is no second card to hold the sheet.
 */
import { t } from "../i18n";
import type { SendChannel } from "../api";
import { ID_ACTIONS } from "../invoices";
import type { ActionName, AfterApprovalAction, EngineSummary, RateLimitPause } from "../invoices";
import type { PreparationView } from "./action-run-words";
import { describedAction, paneWords } from "./described-actions";
import { nothingToCreate, type PlanView } from "./invoice-run-words";

/** What a run of the card does: an action of the one engine. */
export type CardAction = ActionName;

/** A run's progress in the engine's words: finished of total, and the counts in a sentence. */
export interface CardProgress {
  done: number;
  total: number;
  text: string;
}

/** The actions on a run's listed drafts (each asks first, in the card). */
export type DraftsAction = "approve-drafts" | "approve-valid" | "discard-drafts";

/** Where the card stands. */
export type CardPhase =
  "idle" | "checking" | "checked" | "preparing" | "confirming" | "running" | "cancelling" | "done";

/** Where an error is shown: next to what caused it. */
export type CardSlot = "check" | "create" | "template" | "drafts" | "action";

/** The drafts a drafts action will act on, as the confirmation names them. */
export interface DraftsAsked {
  /** "A — Jansen — 2.02 excl. VAT (rows 2–3)", one per draft acted on. */
  lines: string[];
  /** Drafts left as they are, with the reason ("C stays a draft: no mandate"). */
  leftAlone: string[];
}

/** The drafts listed after a Create drafts run (what their buttons count). */
export interface DraftsListed {
  count: number;
  /**
   * Drafts not ticked for discard that the service said it would approve; undefined while it has
   * not answered.
   */
  accepted?: number;
  /** Drafts ticked in the list (Discard acts on these). */
  selected: number;
}

/** The card's state. */
export interface CardState {
  phase: CardPhase;
  /** The action being asked about, run, or last run. */
  action?: CardAction;
  /** The last Check's plan (the invoice run). */
  plan?: PlanView;
  /** What the service holds for Send / Credit (the engine's preparation). */
  preparation?: PreparationView;
  /** What a drafts action will act on. */
  drafts?: DraftsAsked;
  listed?: DraftsListed;
  /** A plain word before the run about what the pane did ("the rows you checked"). */
  note?: string;
  channel: SendChannel;
  /** What the controller typed into the credit confirmation (the count, to confirm it twice). */
  typed: string;
  progress?: CardProgress;
  /**
   * How long the run has gone on (ms), from the pane's tick every second while it runs: the
   * progress line moves while the service approves and nothing else changes.
   */
  elapsedMs?: number;
  pause?: RateLimitPause;
  /** The engine's summary of the run that finished (headline, details, tone, rows). */
  result?: EngineSummary;
  templateBusy: boolean;
  templateNote?: string;
  errors: Partial<Record<CardSlot, string>>;
  /** The signed-in account's app roles (the token's `roles`); undefined when not known. */
  roles?: readonly string[];
}

/** What can happen on the card. */
export type CardEvent =
  | { type: "check-started" }
  | { type: "check-finished"; plan: PlanView }
  | {
      type: "create-requested";
      plan: PlanView;
      action?: "create-and-approve" | "create-drafts";
      note?: string;
    }
  | { type: "drafts-listed"; listed: DraftsListed | undefined }
  | { type: "drafts-requested"; action: DraftsAction; drafts: DraftsAsked }
  | { type: "prepare-started"; action: AfterApprovalAction }
  | { type: "prepared"; preparation: PreparationView }
  | { type: "channel-chosen"; channel: SendChannel }
  | { type: "typed"; text: string }
  | { type: "confirm-dismissed" }
  | { type: "run-started" }
  | { type: "progress"; progress: CardProgress; pause?: RateLimitPause }
  | { type: "tick"; elapsedMs: number }
  | { type: "cancel-requested" }
  | { type: "run-finished"; summary: EngineSummary }
  | { type: "failed"; slot: CardSlot; message: string }
  | { type: "error-cleared"; slot: CardSlot }
  | { type: "template-started" }
  | { type: "template-finished"; note: string }
  | { type: "roles-known"; roles: readonly string[] | undefined };

/** The card before anything happened (first run: the empty state). */
export const INITIAL_CARD_STATE: CardState = {
  phase: "idle",
  channel: "email",
  typed: "",
  templateBusy: false,
  errors: {},
};

/** True while a run reads, asks about or writes the selected rows: no second one starts. */
export function isCardBusy(state: Pick<CardState, "phase">): boolean {
  return ["checking", "preparing", "confirming", "running", "cancelling"].includes(state.phase);
}

/** Send, Credit, Mark as sent: the actions on approved invoices, confirmed from what the service holds. */
export function isAfterApproval(action: string | undefined): action is AfterApprovalAction {
  return (
    action !== undefined &&
    Object.hasOwn(ID_ACTIONS, action) &&
    ID_ACTIONS[action as keyof typeof ID_ACTIONS].offeredOn === "approved"
  );
}

/** The card's note when nothing selected could be an invoice for an action drawn from its words. */
function nothingToDo(action: string | undefined): string {
  const described = describedAction(action);
  return described ? paneWords(described, "nothingToDo") : t("card.nothingToSend");
}

/** A fresh run's slate: nothing counted, no summary, no pause. */
const FRESH = { progress: undefined, result: undefined, pause: undefined, elapsedMs: undefined };

/** The next state. A transition that does not fit (a double click, a late event) changes nothing. */
export function reduceCard(state: CardState, event: CardEvent): CardState {
  switch (event.type) {
    case "check-started":
    case "check-finished":
    case "create-requested":
      return reduceCheck(state, event);
    case "drafts-listed":
      return { ...state, listed: event.listed };
    case "drafts-requested":
      if (isCardBusy(state)) return state;
      return {
        ...state,
        phase: "confirming",
        action: event.action,
        drafts: event.drafts,
        errors: { ...state.errors, drafts: undefined },
      };
    case "prepare-started":
    case "prepared":
    case "channel-chosen":
    case "typed":
      return reduceAfterApproval(state, event);
    case "confirm-dismissed":
      return state.phase === "confirming" ? dismissed(state) : state;
    case "run-started":
    case "progress":
    case "tick":
    case "cancel-requested":
    case "run-finished":
      return reduceRun(state, event);
    case "failed":
      return failed(state, event.slot, event.message);
    case "error-cleared":
      return { ...state, errors: { ...state.errors, [event.slot]: undefined } };
    case "template-started":
      return {
        ...state,
        templateBusy: true,
        templateNote: undefined,
        errors: { ...state.errors, template: undefined },
      };
    case "template-finished":
      return { ...state, templateBusy: false, templateNote: event.note };
    case "roles-known":
      return { ...state, roles: event.roles };
  }
}

type EventOf<T extends CardEvent["type"]> = Extract<CardEvent, { type: T }>;

/** Check, and the request to create (which reads and checks the rows again first). */
function reduceCheck(
  state: CardState,
  event: EventOf<"check-started" | "check-finished" | "create-requested">
): CardState {
  switch (event.type) {
    case "check-started":
      if (isCardBusy(state)) return state;
      return {
        ...state,
        phase: "checking",
        note: undefined,
        errors: { ...state.errors, check: undefined, create: undefined },
      };
    case "check-finished":
      return { ...state, phase: "checked", plan: event.plan, action: undefined, ...FRESH };
    case "create-requested":
      if (event.plan.counts.invoices === 0) {
        return {
          ...state,
          phase: "checked",
          plan: event.plan,
          action: undefined,
          errors: { ...state.errors, create: nothingToCreate(event.plan) },
        };
      }
      return {
        ...state,
        phase: "confirming",
        action: event.action ?? "create-and-approve",
        plan: event.plan,
        note: event.note,
        listed: undefined,
        ...FRESH,
      };
  }
}

/** Send and Credit: read what the service holds, then the confirmation's choices. */
function reduceAfterApproval(
  state: CardState,
  event: EventOf<"prepare-started" | "prepared" | "channel-chosen" | "typed">
): CardState {
  switch (event.type) {
    case "prepare-started":
      if (isCardBusy(state)) return state;
      return {
        ...state,
        phase: "preparing",
        action: event.action,
        preparation: undefined,
        listed: undefined,
        note: undefined,
        typed: "",
        channel: "email",
        errors: { ...state.errors, action: undefined },
        ...FRESH,
      };
    case "prepared": {
      if (state.phase !== "preparing") return state;
      const p = event.preparation;
      if (p.toDo.length + p.alreadyDone.length + p.refused.length === 0) {
        // Nothing selected that could be an invoice: nothing to confirm.
        return {
          ...state,
          phase: "idle",
          errors: {
            ...state.errors,
            action:
              state.action === "credit"
                ? t("card.nothingToCredit")
                : state.action === "send"
                  ? t("card.nothingToSend")
                  : nothingToDo(state.action),
          },
        };
      }
      return { ...state, phase: "confirming", preparation: p };
    }
    case "channel-chosen":
      return state.phase === "confirming" ? { ...state, channel: event.channel } : state;
    case "typed":
      return state.phase === "confirming" ? { ...state, typed: event.text } : state;
  }
}

/** "Not now": back to where the card was before it asked. */
function dismissed(state: CardState): CardState {
  if (state.action === "create-and-approve" || state.action === "create-drafts")
    return { ...state, phase: "checked", note: undefined };
  if (isAfterApproval(state.action))
    return { ...state, phase: "idle", preparation: undefined, typed: "" };
  // A drafts action: the Create drafts run's summary and its list stay.
  return { ...state, phase: state.result ? "done" : "idle", drafts: undefined };
}

/** A run under way: started from its confirmation, counted, cancelled, finished. */
function reduceRun(
  state: CardState,
  event: EventOf<"run-started" | "progress" | "tick" | "cancel-requested" | "run-finished">
): CardState {
  switch (event.type) {
    case "run-started":
      if (state.phase !== "confirming") return state;
      return {
        ...state,
        phase: "running",
        ...FRESH,
        // "Added an example invoice… Press Create and approve" is done with once the run starts.
        templateNote: undefined,
        errors: { ...state.errors, create: undefined, action: undefined, drafts: undefined },
      };
    case "progress":
      return state.phase === "running" || state.phase === "cancelling"
        ? { ...state, progress: event.progress, pause: event.pause }
        : state;
    case "tick":
      return state.phase === "running" || state.phase === "cancelling"
        ? { ...state, elapsedMs: event.elapsedMs }
        : state;
    case "cancel-requested":
      return state.phase === "running" ? { ...state, phase: "cancelling" } : state;
    case "run-finished":
      return {
        ...state,
        phase: "done",
        pause: undefined,
        result: event.summary,
      };
  }
}

/** An error next to what caused it; a finished run's summary stays (the log could not be written). */
function failed(state: CardState, slot: CardSlot, message: string): CardState {
  const errors = { ...state.errors, [slot]: message };
  if (slot === "template") return { ...state, templateBusy: false, errors };
  if (slot === "drafts" && !isCardBusy(state)) return { ...state, errors };
  if (state.phase === "done") return { ...state, pause: undefined, errors };
  const phase: CardPhase = slot === "create" && state.plan ? "checked" : "idle";
  return { ...state, phase, pause: undefined, errors };
}
