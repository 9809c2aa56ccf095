/**
 * The engine with the registered actions: what the layer's index exports. The engine
 * (src/invoices/engine/) is handed the registry (actions/registry.ts) here and looks each action up
 * by the name a caller gives; it never imports an action itself.
 */
import type { BillingClient, SendChannel } from "../api";
import { ID_ACTIONS, REGISTRY } from "./actions/registry";
import { processInvoice } from "./actions/create-and-approve";
import type {
  ActionChange,
  ActionCounts,
  ActionPlan,
  ActionPreparation,
  ActionRequest,
  ActionResult,
  ActionRunOptions,
  ActionState,
  ActionSummary,
} from "./engine/action-types";
import type { IdAction } from "./engine/id-action";
import { runIdAction } from "./engine/id-run";
import * as words from "./engine/id-words";
import { planDrafts, planIdAction, requestedAction } from "./engine/plan-ids";
import type { DraftRef } from "./engine/plan-ids";
import { runPlan } from "./engine/plan-run";
import { prepareIdAction } from "./engine/prepare";
import type { RunOptions, RunSummary } from "./engine/run-types";
import type { EngineOptions, EngineSummary, RunHandle, RunInput, RunRow } from "./engine/seam";
import * as engine from "./engine/start-run";
import type { Plan } from "./plan-types";
import type { SheetSnapshot } from "./sheet-types";
import type { Language, Say } from "./words";

/** The registered id action `name` (a TypeError naming the registered ones otherwise). */
export function idAction(name: string): IdAction {
  return requestedAction({ action: name }, ID_ACTIONS);
}

/** Starts a run of `input.action`; see `RunHandle`. */
export function startRun(
  client: BillingClient,
  input: RunInput,
  options?: EngineOptions
): RunHandle {
  return engine.startRun(REGISTRY, client, input, options);
}

/** The run of `input.action`, awaited (the signal in `options` cancels it). */
export function runAction(
  client: BillingClient,
  input: RunInput,
  options?: EngineOptions
): Promise<EngineSummary> {
  return engine.runAction(REGISTRY, client, input, options);
}

/** Creates, approves and numbers the invoices of `plan` (create drafts: `options.drafts`). */
export function runInvoices(
  client: BillingClient,
  plan: Plan,
  options: RunOptions = {}
): Promise<RunSummary> {
  return runPlan(client, plan, options, { steps: processInvoice });
}

/** Which selected rows the id action `request` names can apply to, from the sheet alone. */
export function planInvoiceActions(
  snapshot: SheetSnapshot,
  request: ActionRequest,
  options?: { language?: Language }
): ActionPlan {
  return planIdAction(requestedAction(request, ID_ACTIONS), snapshot, request, options);
}

/** The plan of an id action on the drafts the pane lists (Discard drafts). */
export function draftsPlan(request: ActionRequest, drafts: readonly DraftRef[]): ActionPlan {
  return planDrafts(requestedAction(request, ID_ACTIONS), request, drafts);
}

/** What the service holds for the plan's invoices, sorted for the confirmation. */
export function prepareInvoiceActions(
  client: BillingClient,
  plan: ActionPlan,
  options?: { signal?: AbortSignal; language?: Language }
): Promise<ActionPreparation> {
  return prepareIdAction(client, idAction(plan.request.action), plan, options);
}

/** Runs the id action of `preparation` on its invoices. */
export function runInvoiceActions(
  client: BillingClient,
  preparation: ActionPreparation,
  options?: ActionRunOptions
): Promise<ActionSummary> {
  return runIdAction(client, idAction(preparation.plan.request.action), preparation, options);
}

/** How a state of an invoice is named for the action `name`, in the words of `say`. */
export function idStateLabel(name: string, state: ActionState, say?: Say): string {
  return words.idStateLabel(idAction(name), state, say);
}

/** How each state is named for the action `name`, in English. */
export function idStateLabels(name: string): Readonly<Record<ActionState, string>> {
  return words.idStateLabels(idAction(name));
}

/** The progress of an id run: finished of total, and the counts in the action's words. */
export function idProgress(
  name: string,
  counts: ActionCounts,
  say?: Say
): { done: number; total: number; text: string } {
  return words.idProgress(idAction(name), counts, say);
}

/** The Billing log's status for a result of an id run. */
export function idLogStatus(name: string, result: ActionResult): string {
  return words.idLogStatus(idAction(name), result);
}

/** The Billing log's words for a change of an id run. */
export function idLogChange(
  name: string,
  change: ActionChange,
  channel?: SendChannel,
  language?: Language
): string {
  return words.idLogChange(idAction(name), change, channel, language);
}

/** The lines under an id run's headline. */
export function idDetails(summary: ActionSummary, say?: Say): string[] {
  return words.idDetails(summary, idAction(summary.action), say);
}

/** An id run's invoices in the run card's shape. */
export function idRows(summary: ActionSummary, say?: Say): RunRow[] {
  return words.idRows(summary, idAction(summary.action), say);
}

/** An id run's headline for the action `name`. */
export function idHeadline(
  name: string,
  ...rest: Parameters<typeof words.headline> extends [unknown, ...infer R] ? R : never
): string {
  return words.headline(idAction(name), ...rest);
}
