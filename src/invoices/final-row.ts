/**
 * Which planned invoices are final (DESIGN.md "Truth of a run"): approved and numbered in the sheet
 * by an earlier run. A run neither reads nor writes them; Check and the confirmation count them as
 * "already approved: left alone".
 */
import type { PlannedInvoice } from "./plan-types";

/** Approved and numbered in the sheet, by an earlier run: final. */
export function isFinalRow(invoice: PlannedInvoice): boolean {
  return (
    invoice.invoiceId !== undefined &&
    invoice.status === "approved" &&
    (invoice.body.invoiceNum ?? "").trim() !== ""
  );
}
