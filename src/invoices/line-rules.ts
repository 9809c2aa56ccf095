/**
 * Rules for line fields that the interface leaves open (docs/developers/live-service.md, `CreateInvoiceLinesRequest`).
 */
import { ENGLISH } from "./words";

/** Allowed `lineType` values of the live service (docs/developers/live-service.md), lower case. */
export const LINE_TYPES: readonly string[] = [
  "advance",
  "previouslyadvanced",
  "charge",
  "vatpennydifference",
];

/**
 * Decision: an incidental invoice charges; a refund belongs in a credit note made in the billing
 * service. So negative quantities, prices and amounts are refused, except on line types that are
 * deductions or corrections by nature: `previouslyadvanced` (advances already paid, deducted) and
 * `vatpennydifference` (rounding either way).
 */
export const LINE_TYPES_ALLOWING_NEGATIVE: readonly string[] = [
  "previouslyadvanced",
  "vatpennydifference",
];

/** The message for a negative amount on a line that may not have one (English; the catalogue's). */
export const NEGATIVE_AMOUNT_MESSAGE = /*#__PURE__*/ ENGLISH("check.negativeReason");

/** Quantities and prices: any finite number. */
export const NUMBER_FIELDS: ReadonlySet<string> = new Set(["quantity", "unitprice"]);

/** Money amounts (to the cent): the live fields and any pass-through column named `amount…`. */
export function isAmountField(name: string): boolean {
  return name.toLowerCase().startsWith("amount");
}

/** Line fields holding service ids. */
export const LINE_ID_FIELDS: ReadonlySet<string> = new Set([
  "taxCodeId",
  "billingItemId",
  "serviceLocationId",
]);

/** Line fields holding dates. */
export const LINE_DATE_FIELDS: ReadonlySet<string> = new Set(["startDateTime", "endDateTime"]);

/**
 * Longest text sent in any cell (description and pass-through columns). Assumption: the interface
 * shows no size limits (§8); 1,000 characters is a conservative cap so an invoice is not refused
 * (or cut) by the service for a runaway cell.
 */
export const MAX_TEXT_LENGTH = 1000;
