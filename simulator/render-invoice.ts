/**
 * An invoice in either dialect. Live: the vendor's `InvoiceDTO` (contracts/openapi/Billing-1-0.yaml):
 * the customer in `debtor`, a processing failure in `hasErrors` / `failureReasonCode` /
 * `failureDetails`, lines as `InvoiceLineDTO`. Interface: the fields the interface document names
 * (`customerId`, `errors`, ...) plus every other field of the create body, as before.
 */
import { invoiceDateOf } from "./approval-checks";
import type { Dataset } from "./data/dataset-types";
import { invoiceAmounts } from "./invoice-totals";
import type { InvoiceAmounts } from "./invoice-totals";
import { customerReference } from "./render-parties";
import type { StoredInvoice } from "./store";
import type { Dialect } from "./types";

/** Line fields of the vendor's `InvoiceLineDTO` the create body can fill, with their JSON type. */
const LINE_FIELDS: Record<string, "string" | "number"> = {
  billingItemId: "string",
  description: "string",
  amountExclVAT: "number",
  amountInclVAT: "number",
  quantity: "number",
  unitPrice: "number",
  startDateTime: "string",
  endDateTime: "string",
  taxCodeId: "string",
  unitOfMeasure: "string",
  lineType: "string",
  serviceLocationId: "string",
};

/** Invoice fields of the vendor's `InvoiceDTO` the create body can fill as sent. */
const PASSED_FIELDS: Record<string, "string" | "array"> = {
  noteToCustomer: "string",
  dueDate: "string",
  periodStartDateTime: "string",
  periodEndDateTime: "string",
  propertyGroups: "array",
};

function hasType(value: unknown, type: "string" | "number" | "array"): boolean {
  return type === "array" ? Array.isArray(value) : typeof value === type;
}

/** The service's own figures of a line, as JSON numbers (exact: 2-decimal text → number → text). */
function lineFigures(amounts: InvoiceAmounts, index: number): Record<string, number> {
  const l = amounts.lines[index];
  return {
    amountExclVAT: Number(l.amountExclVAT),
    vat: Number(l.vat),
    amountInclVAT: Number(l.amountInclVAT),
    taxRate: l.taxRate,
  };
}

/** The invoice's computed amounts (simulator/invoice-totals.ts). */
function amountsOf(inv: StoredInvoice, data: Dataset): InvoiceAmounts {
  return invoiceAmounts(inv.lines, data.taxCodes, invoiceDateOf(inv));
}

/** The invoice's type: a credit note's own, else the create body's `invoiceType`, else "invoice". */
function typeOf(inv: StoredInvoice): string {
  if (inv.type) return inv.type;
  return typeof inv.extra.invoiceType === "string" ? inv.extra.invoiceType : "invoice";
}

/** A stored line as `InvoiceLineDTO`: the documented fields of the right type, nothing else. */
function renderLine(
  invoiceId: string,
  line: Record<string, unknown>,
  index: number,
  amounts: InvoiceAmounts
) {
  const out: Record<string, unknown> = { id: `${invoiceId}-${index + 1}`, sortOrder: index + 1 };
  for (const [field, type] of Object.entries(LINE_FIELDS)) {
    if (hasType(line[field], type)) out[field] = line[field];
  }
  return { ...out, ...lineFigures(amounts, index) };
}

function renderLive(inv: StoredInvoice, data: Dataset): Record<string, unknown> {
  const customer = data.customers.find((c) => c.id === inv.customerId);
  const reference = customerReference(inv.customerId, data);
  const failure = inv.errors.at(-1) ?? inv.sendFailure;
  const amounts = amountsOf(inv, data);
  const out: Record<string, unknown> = {
    id: inv.id,
    createdDateTime: new Date(inv.createdAt).toISOString(),
    status: inv.status,
    invoiceNum: inv.invoiceNum,
    // The vendor types invoiceDate as a (non-null) date-time: a draft carries its creation date.
    invoiceDate: inv.invoiceDate ?? new Date(inv.createdAt).toISOString(),
    debtor: {
      customerId: reference.customerId,
      displayName: reference.shortDisplayName,
      customerAccountNumber: reference.accountNumber,
      customerType: customer?.customerType ?? null,
    },
    contractId: inv.contractId,
    contractNumber: inv.contractNumber,
    externalReference: inv.externalReference,
    companyBankAccountId: inv.companyBankAccountId,
    lines: inv.lines.map((l, i) => renderLine(inv.id, l, i, amounts)),
    totalAmountExclVAT: Number(amounts.totalAmountExclVAT),
    totalAmountInclVAT: Number(amounts.totalAmountInclVAT),
    type: typeOf(inv),
    sent: inv.sent,
    creditedByInvoiceId: inv.creditedByInvoiceId ?? null,
    creditedInvoiceId: inv.creditedInvoiceId ?? null,
    hasErrors: failure !== undefined,
    failureReasonCode: failure
      ? { key: failure.key, correlationId: null, message: failure.message, messageValues: [] }
      : null,
    failureDetails: failure?.message ?? null,
    // The vendor's InvoiceDTO.paymentDetails: the simulator takes no payments, so an approved
    // invoice waits for payment and a draft has none (a test may store its own).
    paymentDetails:
      (inv.extra.paymentDetails as unknown) ??
      (inv.status === "approved"
        ? { paid: false, currentPaymentStatus: "waitingforpayment" }
        : null),
  };
  for (const [field, type] of Object.entries(PASSED_FIELDS)) {
    if (hasType(inv.extra[field], type)) out[field] = inv.extra[field];
  }
  return out;
}

/** An invoice as the service shows it now. */
export function renderInvoice(
  inv: StoredInvoice,
  data: Dataset,
  dialect: Dialect
): Record<string, unknown> {
  if (dialect === "live") return renderLive(inv, data);
  const amounts = amountsOf(inv, data);
  return {
    ...inv.extra,
    id: inv.id,
    status: inv.status,
    invoiceNum: inv.invoiceNum,
    externalReference: inv.externalReference,
    customerId: inv.customerId,
    contractId: inv.contractId,
    contractNumber: inv.contractNumber,
    companyBankAccountId: inv.companyBankAccountId,
    invoiceDate: inv.invoiceDate,
    lines: inv.lines.map((l, i) => ({ ...l, ...lineFigures(amounts, i) })),
    totalAmountExclVAT: Number(amounts.totalAmountExclVAT),
    totalAmountInclVAT: Number(amounts.totalAmountInclVAT),
    type: typeOf(inv),
    sent: inv.sent,
    creditedByInvoiceId: inv.creditedByInvoiceId ?? null,
    creditedInvoiceId: inv.creditedInvoiceId ?? null,
    errors: [...inv.errors, ...(inv.sendFailure ? [inv.sendFailure] : [])].map((e) => ({ ...e })),
  };
}
