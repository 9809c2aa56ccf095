/**
 * Which planned invoices are final (docs/developers/rules.md#truth-of-a-run): approved and numbered in the sheet
 * by an earlier run. A run neither reads nor writes them; Check and the confirmation count them as
 * "already approved: left alone".
 */
import type { PlannedInvoice } from "./plan-types";

/**
 * Row statuses of an invoice an earlier run finished: `approved`, and `credited` (an
 * approved invoice with a credit note; reading it back must not turn the row into `approved`).
 */
export const FINAL_ROW_STATUSES: ReadonlySet<string> = new Set(["approved", "credited"]);

/** Approved (or credited) and numbered in the sheet, by an earlier run: final. */
export function isFinalRow(invoice: PlannedInvoice): boolean {
  return (
    invoice.invoiceId !== undefined &&
    FINAL_ROW_STATUSES.has(invoice.status ?? "") &&
    (invoice.body.invoiceNum ?? "").trim() !== ""
  );
}
