/**
 * Every action the engine runs, registered: one line each. The engine is handed this registry
 * when a run starts (src/invoices/registered.ts) and never names an action itself; the pane draws
 * its buttons, confirmations and results from the same entries.
 */
import type { ActionRegistry, PlanAction } from "../engine/seam";
import type { IdAction } from "../engine/id-action";
import { approveValid } from "./approve-valid";
import { processInvoice } from "./create-and-approve";
import { credit } from "./credit";
import { discardDrafts } from "./discard-drafts";
import { markSent } from "./mark-sent";
import { send } from "./send";

/** Create, approve and number: the steps of create-and-approve.ts for every invoice. */
const createAndApprove: PlanAction = { steps: processInvoice };

/** Actions that start from the sheet's invoice lines, in the order the pane offers them. */
export const PLAN_ACTIONS = {
  "create-and-approve": createAndApprove,
  "create-drafts": { steps: processInvoice, drafts: true },
  "approve-drafts": createAndApprove,
  "approve-valid": approveValid,
} as const satisfies Record<string, PlanAction>;

/** Actions on invoices the sheet names by id, in the order the pane offers them. */
export const ID_ACTIONS = {
  "discard-drafts": discardDrafts,
  send,
  credit,
  "mark-sent": markSent,
} as const satisfies Record<string, IdAction>;

export type PlanActionName = keyof typeof PLAN_ACTIONS;
export type IdActionName = keyof typeof ID_ACTIONS;
export type ActionName = PlanActionName | IdActionName;
/** The id actions on approved invoices (the Invoices tab; Discard drafts is the Drafts tab's). */
export type AfterApprovalAction = Exclude<IdActionName, "discard-drafts">;

/** Every action, in the order the pane offers them. */
export const ACTION_NAMES = [
  ...Object.keys(PLAN_ACTIONS),
  ...Object.keys(ID_ACTIONS),
] as readonly ActionName[];

/** What the engine is handed when a run starts. */
export const REGISTRY: ActionRegistry = { plan: PLAN_ACTIONS, ids: ID_ACTIONS };
