/**
 * What the service checks before it approves an invoice (the refusals `bulk/approve` with
 * `onlyValidate: true` reports, and the single approve answers): every line's tax code has exactly
 * one rate for the line's period, and a direct-debit invoice's customer has an active mandate.
 * The keys are the vendor's (`ErrorCode` in contracts/openapi/Billing-1-0.yaml).
 */
import type { Dataset } from "./data/dataset-types";
import { lineAmounts } from "./invoice-totals";
import type { ErrorEntry } from "./respond";
import type { StoredInvoice } from "./store";

/** The date a line without its own period is taxed at: the invoice date, else its creation. */
export function invoiceDateOf(inv: StoredInvoice): number {
  const d = inv.invoiceDate ? Date.parse(inv.invoiceDate) : NaN;
  return Number.isNaN(d) ? inv.createdAt : d;
}

/** The payment method of an invoice: as created, else the customer's, else a bank transfer. */
export function paymentMethodOf(inv: StoredInvoice, data: Dataset): "sdd" | "sct" {
  const own = inv.extra.paymentMethod;
  if (own === "sdd" || own === "sct") return own;
  const customer = data.customers.find((c) => c.id.toLowerCase() === inv.customerId.toLowerCase());
  return customer?.paymentMethod ?? "sct";
}

/** Why `inv` cannot be approved (empty = it can). */
export function approvalRefusals(inv: StoredInvoice, data: Dataset): ErrorEntry[] {
  const refusals: ErrorEntry[] = [];
  const at = invoiceDateOf(inv);
  inv.lines.forEach((line, i) => {
    const { rate } = lineAmounts(line, data.taxCodes, at);
    const taxCode = data.taxCodes.find(
      (t) => t.id.toLowerCase() === String(line.taxCodeId).toLowerCase()
    );
    const name = taxCode?.name ?? String(line.taxCodeId);
    if (rate.kind === "none") {
      refusals.push({
        key: "INVOICE_LINE_SPANS_NO_TAX_RATE_PERIODS",
        message: `Line ${i + 1}: tax code ${name} has no rate for the line's period.`,
      });
    } else if (rate.kind === "several") {
      refusals.push({
        key: "INVOICE_LINE_SPANS_MULTIPLE_TAX_RATE_PERIODS",
        message: `Line ${i + 1}: the line's period spans a change of the rate of tax code ${name}; split the line at the change.`,
      });
    }
  });
  if (paymentMethodOf(inv, data) === "sdd") {
    const customer = data.customers.find(
      (c) => c.id.toLowerCase() === inv.customerId.toLowerCase()
    );
    if (customer && customer.directDebitMandate === false) {
      refusals.push({
        key: "MISSING_ACTIVE_MANDATE",
        message: "The customer has no active direct-debit mandate.",
      });
    }
  }
  return refusals;
}
