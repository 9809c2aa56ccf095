/**
 * Send to customers, Credit and every other action on approved invoices (one button each, drawn
 * from the registry: described-actions.ts), on the run card: read the selected rows, ask the engine
 * for the plan and the preparation (what the service holds), confirm in the card, run the engine
 * and write its row updates back. What is shown comes from the card (card-view.ts), the run's
 * truth from the engine (src/invoices).
 */
import {
  planInvoiceActions,
  prepareInvoiceActions,
  type ActionPreparation,
  type ActionRequest,
  type AfterApprovalAction,
} from "../invoices";
import { readSelection, type SelectionRead } from "../excel";
import { errorText } from "./error-text";
import { hideResults } from "./card-results";
import { runOnCard } from "./card-run";
import { refusalUpdates } from "./refusal-rows";
import { paneClient, paneSecrets } from "./pane-connection";
import { focusConfirm, runCardOf, type RunCard } from "./run-card";
import { isCardBusy } from "./run-card-model";
import { byId } from "./ui";
import { describedActions, describedButton } from "./described-actions";
import { currentLanguage } from "../i18n";

/** What the confirmation is about: the rows read and what the service holds for them. */
interface Prepared {
  read: SelectionRead;
  preparation: ActionPreparation;
}

/** Wires the actions on approved invoices in `doc` to its run card. */
export function mountActionsPanel(doc: Document = document): void {
  const card = runCardOf(doc);
  let prepared: Prepared | undefined;
  const start = async (action: AfterApprovalAction, opener: HTMLElement) => {
    prepared = undefined;
    prepared = await prepare(card, action, opener);
  };
  const confirmed = async () => {
    const ready = prepared;
    prepared = undefined;
    if (ready) await runAction(card, ready);
  };
  const offer = (action: AfterApprovalAction, button: HTMLElement) => {
    button.addEventListener("click", () => void start(action, button));
    card.onConfirmed(action, confirmed);
  };
  offer("send", byId("send-invoices", doc));
  offer("credit", byId("credit-invoices", doc));
  // Every other action on approved invoices: a button drawn from its registry entry.
  for (const action of describedActions())
    offer(action.name as AfterApprovalAction, describedButton(doc, action));
  card.render();
}

const fail = (card: RunCard, e: unknown) =>
  card.dispatch({
    type: "failed",
    slot: "action",
    message: errorText(e, { secrets: paneSecrets() }),
  });

/** Reads the selection, plans it and asks the service where each invoice stands; then asks. */
async function prepare(
  card: RunCard,
  action: AfterApprovalAction,
  opener: HTMLElement
): Promise<Prepared | undefined> {
  if (isCardBusy(card.state())) return undefined;
  card.opener = opener;
  card.typedTried = false;
  hideResults(card.doc);
  card.dispatch({ type: "prepare-started", action });
  if (card.state().phase !== "preparing") return undefined;
  try {
    const read = await readSelection();
    const language = currentLanguage();
    const plan = planInvoiceActions(read.snapshot, { action }, { language });
    const preparation = await prepareInvoiceActions(paneClient(), plan, { language });
    card.dispatch({ type: "prepared", preparation });
    focusConfirm(card);
    return { read, preparation };
  } catch (e) {
    fail(card, e);
    return undefined;
  }
}

/** The controller said yes: the engine's run of exactly what the service was read as. */
async function runAction(card: RunCard, { read, preparation }: Prepared): Promise<void> {
  const state = card.state();
  const request: ActionRequest =
    state.action === "send"
      ? { action: "send", channel: state.channel }
      : { action: preparation.plan.request.action };
  // The channel is chosen in the confirmation; everything else is what the service was read as.
  const chosen: ActionPreparation = { ...preparation, plan: { ...preparation.plan, request } };
  await runOnCard(card, {
    read,
    input: { action: request.action, preparation: chosen },
    // Each row refused before the run says why on its row (the engine writes the rows it acts on).
    refusals: refusalUpdates(preparation.refused, read.snapshot),
  });
}
