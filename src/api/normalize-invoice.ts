/**
 * Invoices from either dialect, and the id of a newly created one. Pure.
 */
import type { Invoice, ServiceErrorEntry } from "./types";
import { moneyText, toDecimalText } from "./decimal-text";
import { lowerText } from "./enums";
import { isJsonObject, pick } from "./pick";
import { malformed, optText, reqObject } from "./read-fields";
import { toEntries, toEntry } from "./service-entries";

/** Status of an invoice that the create answer does not state: the interface says "created". */
export const STATUS_AFTER_CREATE = "created";

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/**
 * The processing failure the vendor's `InvoiceDTO` reports in `failureReasonCode` (a
 * `LocalisedErrorDTO`) and `failureDetails`, unless `hasErrors` is false.
 */
function failureOf(obj: Record<string, unknown>): ServiceErrorEntry[] {
  if (pick(obj, "hasErrors") === false) return [];
  const entry = toEntry(pick(obj, "failureReasonCode"));
  const details = pick(obj, "failureDetails");
  if (entry !== undefined) {
    if (entry.message === undefined && typeof details === "string" && details.trim() !== "")
      entry.message = details.trim();
    return [entry];
  }
  const fromDetails = toEntry(details);
  return fromDetails === undefined ? [] : [fromDetails];
}

/**
 * An invoice. `defaults` fill what a body may leave out (the id asked for, the status right after
 * a create); a status that is neither sent nor defaulted is a ResponseFormatError.
 */
export function normalizeInvoice(
  raw: unknown,
  defaults: { id?: string; status?: string } = {},
  what = "invoice"
): Invoice {
  const obj = reqObject(raw, what);
  const id = nonEmpty(optText(obj, `${what}.id`, "id")) ?? defaults.id;
  if (id === undefined) malformed(`${what}.id`, "is missing");
  const statusText = optText(obj, `${what}.status`, "status", "invoiceStatus");
  const status = lowerText(statusText) ?? defaults.status;
  if (status === undefined) malformed(`${what}.status`, "is missing");
  const errors = pick(obj, "errors");
  if (errors !== undefined && errors !== null && !Array.isArray(errors)) {
    malformed(`${what}.errors`, "should be a list");
  }
  const invoice: Invoice = { id, status, errors: [...toEntries(errors), ...failureOf(obj)] };
  const invoiceNum = nonEmpty(optText(obj, `${what}.invoiceNum`, "invoiceNum", "invoiceNumber"));
  if (invoiceNum !== undefined) invoice.invoiceNum = invoiceNum;
  const externalReference = nonEmpty(
    optText(obj, `${what}.externalReference`, "externalReference")
  );
  if (externalReference !== undefined) invoice.externalReference = externalReference;
  const created = nonEmpty(optText(obj, `${what}.createdDateTime`, "createdDateTime"));
  if (created !== undefined) invoice.createdDateTime = created;
  const customerId =
    nonEmpty(optText(obj, `${what}.customerId`, "customerId")) ??
    nonEmpty(optText(pick(obj, "debtor"), `${what}.debtor.customerId`, "customerId"));
  if (customerId !== undefined) invoice.customerId = customerId;
  readActionFields(obj, what, invoice);
  return invoice;
}

/**
 * What the service made of the invoice and did with it since (the vendor's `InvoiceDTO`): its own
 * totals as exact decimal text (for big.js; a JSON number's text is the number as sent), its type,
 * its `sent` state and the credit links both ways. Each is left out when the answer does not carry it.
 */
function readActionFields(obj: Record<string, unknown>, what: string, invoice: Invoice): void {
  const excl = toDecimalText(pick(obj, "totalAmountExclVAT"), `${what}.totalAmountExclVAT`);
  if (excl !== undefined) invoice.totalAmountExclVAT = moneyText(excl);
  const incl = toDecimalText(pick(obj, "totalAmountInclVAT"), `${what}.totalAmountInclVAT`);
  if (incl !== undefined) invoice.totalAmountInclVAT = moneyText(incl);
  const type = lowerText(nonEmpty(optText(obj, `${what}.type`, "type", "invoiceType")));
  if (type !== undefined) invoice.type = type;
  const sent = lowerText(nonEmpty(optText(obj, `${what}.sent`, "sent")));
  if (sent !== undefined) invoice.sent = sent;
  const by = nonEmpty(optText(obj, `${what}.creditedByInvoiceId`, "creditedByInvoiceId"));
  if (by !== undefined) invoice.creditedByInvoiceId = by;
  const of = nonEmpty(optText(obj, `${what}.creditedInvoiceId`, "creditedInvoiceId"));
  if (of !== undefined) invoice.creditedInvoiceId = of;
  const date = nonEmpty(optText(obj, `${what}.invoiceDate`, "invoiceDate"));
  if (date !== undefined) invoice.invoiceDate = date;
  const account = nonEmpty(optText(obj, `${what}.companyBankAccountId`, "companyBankAccountId"));
  if (account !== undefined) invoice.companyBankAccountId = account;
  const lines = pick(obj, "lines");
  if (Array.isArray(lines)) invoice.lines = lines.filter(isJsonObject);
  const payment = pick(obj, "paymentDetails");
  const state = lowerText(
    nonEmpty(
      optText(payment, `${what}.paymentDetails.currentPaymentStatus`, "currentPaymentStatus")
    )
  );
  if (state !== undefined) invoice.paymentState = state;
  else if (isJsonObject(payment) && payment.paid === true) invoice.paymentState = "paid";
}

/** The last path segment of a `Location` header (absolute or relative URL), decoded. */
export function idFromLocation(location: string | null | undefined): string | undefined {
  if (location === null || location === undefined || location.trim() === "") return undefined;
  let path: string;
  try {
    path = new URL(location.trim(), "http://placeholder.invalid").pathname;
  } catch {
    return undefined;
  }
  const segment = path
    .split("/")
    .filter((s) => s !== "")
    .pop();
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The invoice a create answered with: the body (`id`, envelope already removed) when it has an id,
 * else an invoice in status "created" with the id from the `Location` header.
 */
export function normalizeCreatedInvoice(
  data: unknown,
  location: string | null | undefined
): Invoice {
  const fromHeader = idFromLocation(location);
  if (isJsonObject(data)) {
    return normalizeInvoice(
      data,
      { id: fromHeader, status: STATUS_AFTER_CREATE },
      "created invoice"
    );
  }
  if (typeof data === "string" && data.trim() !== "" && fromHeader === undefined) {
    // Some services answer a create with the bare id as a JSON string.
    return { id: data.trim(), status: STATUS_AFTER_CREATE, errors: [] };
  }
  if (fromHeader !== undefined) return { id: fromHeader, status: STATUS_AFTER_CREATE, errors: [] };
  return malformed("created invoice.id", "is missing (no id in the body and no Location header)");
}
