/**
 * The amount of an invoice as the sheet gives it, for the task pane's result list: exact (big.js),
 * excluding VAT (the service computes VAT from the tax codes; the sheet does not know it).
 */
import Big from "big.js";
import type { InvoiceLineRequest } from "../api";

/** A line's amount excluding VAT: `amountExclVAT`, else `quantity × unitPrice`; else unknown. */
function lineAmount(line: InvoiceLineRequest): Big | undefined {
  const { amountExclVAT, quantity, unitPrice } = line;
  if (typeof amountExclVAT === "number" && Number.isFinite(amountExclVAT))
    return new Big(amountExclVAT);
  if (
    typeof quantity === "number" &&
    typeof unitPrice === "number" &&
    Number.isFinite(quantity) &&
    Number.isFinite(unitPrice)
  )
    return new Big(quantity).times(unitPrice);
  return undefined;
}

/**
 * The sum of the lines' amounts excluding VAT, to the cent ("81.50"), or `undefined` when any line
 * leaves it open (a line priced by the service from its billing item's tariff, or one that only
 * gives `amountInclVAT`): a partial sum would be a wrong number, so none is given.
 */
export function invoiceAmountExclVat(lines: readonly InvoiceLineRequest[]): string | undefined {
  if (lines.length === 0) return undefined;
  let total = new Big(0);
  for (const line of lines) {
    const amount = lineAmount(line);
    if (amount === undefined) return undefined;
    total = total.plus(amount);
  }
  return total.round(2, Big.roundHalfUp).toFixed(2);
}
