/**
 * The send and credit runs (issue 21). First implementation pending (seam stub).
 */
import type { BillingClient } from "../api";
import type { ActionPreparation, ActionRunOptions, ActionSummary } from "./action-types";

/** Sends or credits the invoices of `preparation`; see {@link ActionRunOptions}. */
export async function runInvoiceActions(
  client: BillingClient,
  preparation: ActionPreparation,
  options: ActionRunOptions = {}
): Promise<ActionSummary> {
  void client;
  void preparation;
  void options;
  return Promise.reject(new Error("runInvoiceActions: not implemented yet"));
}
