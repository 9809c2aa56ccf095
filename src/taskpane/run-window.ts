/**
 * A run survives the window (issue 25 item 6). The add-in runs in a shared runtime: closing the
 * task pane only hides it, and a run goes on; the pane shows it again, as it stands, when it is
 * opened again (its state lives in the panels' modules, not in the visible page). Closing the
 * workbook does end the run, so while a part of the pane holds the sheet, Excel asks before the
 * workbook closes (`Office.addin.beforeDocumentCloseNotification`, SharedRuntime 1.2, where the
 * host has it); when the controller answers "Don't close", the pane opens and says what is in
 * flight. Excel writes the question itself; an add-in cannot word it.
 */
import { heldParts, onAnyBusyChange } from "./pane-busy";
import type { BusyOwner } from "./pane-busy";
import { showText } from "./ui";

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

/** What each part does while it holds the sheet, as the note says it. */
const DOING: Record<BusyOwner, { what: string; progress: string }> = {
  "invoice run": { what: "an invoice run (create and approve)", progress: "progress-text" },
  "send or credit": { what: "a send or credit run", progress: "action-progress-text" },
};

/** The sentence saying what is in flight now; undefined when nothing is. */
export function inFlightText(doc: Document): string | undefined {
  const parts = heldParts(doc);
  if (parts.length === 0) return undefined;
  const said = parts.map((p) => {
    const progress = doc.getElementById(DOING[p].progress)?.textContent?.trim();
    return progress ? `${DOING[p].what}: ${progress}` : DOING[p].what;
  });
  return `Still in flight: ${said.join("; ")}. Keep the workbook open until it ends; if it closes now, the run stops where it is, and the next run on these rows settles what it left open.`;
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
  doc: Document,
  note: HTMLElement,
  host: WindowHost | undefined = officeWindowHost()
): Promise<void> {
  const say = () => showText(note, inFlightText(doc));
  const asks = host?.canAskBeforeClose() === true;
  let asking = false;
  onAnyBusyChange(doc, () => {
    const busy = heldParts(doc).length > 0;
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
