/**
 * A run survives the window. The add-in runs in a shared runtime: closing the
 * task pane only hides it, and a run goes on; the pane shows it again, as it stands, when it is
 * opened again (its state lives in the panels' modules, not in the visible page). Closing the
 * workbook does end the run, so while a part of the pane holds the sheet, Excel asks before the
 * workbook closes (`Office.addin.beforeDocumentCloseNotification`, SharedRuntime 1.2, where the
 * host has it); when the controller answers "Don't close", the pane opens and says what is in
 * flight. Excel writes the question itself; an add-in cannot word it.
 */
import { t } from "../i18n";
import type { RunCard } from "./run-card";
import type { CardAction, CardState } from "./run-card-model";
import { showText } from "./ui";
import { describedAction } from "./described-actions";

/** The host calls this module makes, so that tests can stand in for the host. */
export interface WindowHost {
  /** SharedRuntime 1.2: Excel can ask before the workbook closes. */
  canAskBeforeClose(): boolean;
  askBeforeClose(on: boolean): Promise<void>;
  /** Calls `handler` when the controller answered "Don't close". */
  onCloseCancelled(handler: () => void): Promise<unknown>;
  /** Calls `handler` each time the task pane is shown again. */
  onPaneShown(handler: () => void): Promise<unknown>;
  showPane(): Promise<void>;
}

/** What holds the sheet now, as the pane knows it (the run card, or a test's stand-in). */
export interface InFlight {
  /** What is in flight in words ("an invoice run (create and approve): 3 of 10 done"); none: undefined. */
  what(): string | undefined;
  /** Calls `listener` after every change of what the pane does. */
  onChange(listener: () => void): void;
}

/** What each action is, as the note says it (an action drawn from its words: "a <infinitive> run"). */
const DOING: Partial<Record<CardAction, string>> = {
  "create-and-approve": "an invoice run (create and approve)",
  "create-drafts": "an invoice run (create drafts)",
  "approve-drafts": "an approval of drafts",
  "approve-valid": "an approval of drafts",
  "discard-drafts": "a discard of drafts",
  send: "a send run",
  credit: "a credit run",
};

/** What `action` is, as the note says it. */
function doing(action: CardAction): string {
  const described = describedAction(action);
  return DOING[action] ?? (described ? `a ${described.infinitive} run` : `a run (${action})`);
}

/** Phases in which the pane reads or writes the sheet, or calls the service for a run. */
const HOLDING: ReadonlySet<CardState["phase"]> = new Set([
  "checking",
  "preparing",
  "running",
  "cancelling",
]);

/** The run card as an {@link InFlight}. */
export function cardInFlight(card: RunCard): InFlight {
  return {
    what() {
      const state = card.state();
      if (!HOLDING.has(state.phase)) return undefined;
      const what = state.action ? doing(state.action) : "a Check of the selected rows";
      const progress = state.progress?.text?.trim();
      return progress ? `${what}: ${progress}` : what;
    },
    onChange: (listener) => card.onRender(listener),
  };
}

/** The sentence saying what is in flight now; undefined when nothing is. */
export function inFlightText(inFlight: InFlight): string | undefined {
  const what = inFlight.what();
  if (what === undefined) return undefined;
  return t("window.stillInFlight", { what });
}

/** Office's own host (outside Office, in the preview without it: nothing to ask). */
export function officeWindowHost(): WindowHost | undefined {
  if (typeof Office === "undefined" || Office.addin === undefined) return undefined;
  const addin = Office.addin;
  return {
    canAskBeforeClose: () =>
      Office.context?.requirements?.isSetSupported("SharedRuntime", "1.2") === true,
    askBeforeClose: (on) =>
      on
        ? addin.beforeDocumentCloseNotification.enable()
        : addin.beforeDocumentCloseNotification.disable(),
    onCloseCancelled: (handler) =>
      addin.beforeDocumentCloseNotification.onCloseActionCancelled(handler),
    onPaneShown: (handler) =>
      addin.onVisibilityModeChanged((message) => {
        if (message.visibilityMode === Office.VisibilityMode.taskpane) handler();
      }),
    showPane: () => addin.showAsTaskpane(),
  };
}

/**
 * Wires the pane to the host: asks before closing while a run holds the sheet, and says in `note`
 * what is in flight when the close was cancelled or the pane is shown again during a run (the
 * note goes when the run ends). Failures of the host's calls only cost the question, never the run.
 */
export async function watchRunWindow(
  inFlight: InFlight,
  note: HTMLElement,
  host: WindowHost | undefined = officeWindowHost()
): Promise<void> {
  const say = () => showText(note, inFlightText(inFlight));
  const asks = host?.canAskBeforeClose() === true;
  let asking = false;
  inFlight.onChange(() => {
    const busy = inFlight.what() !== undefined;
    if (!busy) showText(note, undefined);
    if (!asks || busy === asking) return;
    asking = busy;
    host!.askBeforeClose(busy).catch(() => undefined);
  });
  if (host === undefined) return;
  await Promise.allSettled([
    asks
      ? host.onCloseCancelled(() => {
          say();
          host.showPane().catch(() => undefined);
        })
      : Promise.resolve(),
    host.onPaneShown(say),
  ]);
}
