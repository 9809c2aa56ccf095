/**
 * What the add-in does after a draft exists, as one script through the client: the service's
 * verdict (`bulk/approve` with `onlyValidate`), bulk approval of exact ids, the preview (HTML,
 * PDF), sending by email and by post (one and in bulk), crediting (one and in bulk) and marking as
 * sent (one and in bulk). Run through
 * the validating proxy, it shows the vendor's documents every request and answer of these calls.
 *
 * On a company's tenant it creates and approves invoices only with CONFORMANCE_CREATE_INVOICES=yes,
 * and it sends them to customers and credits them only with CONFORMANCE_SEND_AND_CREDIT=yes (it
 * mails real customers and makes real credit notes).
 */
import type { BillingClient, BulkOutcome, Invoice } from "../../../../src/api";
import type { ReadFindings } from "./flows";

/** What the flow saw, for assertions. */
export interface InvoiceActionsFindings {
  verdict: BulkOutcome;
  approved: BulkOutcome;
  html: string;
  pdf: Uint8Array;
  sentOne?: Invoice;
  bulkSent?: BulkOutcome;
  postalSent?: BulkOutcome;
  creditNote?: Invoice;
  bulkCredited?: BulkOutcome;
  /** Marked as sent: one (the invoice answered), and two in bulk. */
  markedOne?: Invoice;
  bulkMarked?: BulkOutcome;
  /** The refusal the service gave for sending by post to a customer without a postal address. */
  postalRefusal?: unknown;
}

/** Polls until every invoice is approved (or `timeoutMs` passes). */
async function untilApproved(client: BillingClient, ids: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const invoices = await client.getInvoicesByIds(ids);
    if (invoices.length === ids.length && invoices.every((i) => i.status === "approved")) return;
    if (Date.now() > deadline) throw new Error("the invoices were not approved in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Creates seven drafts (one with a line dated before any tax rate, which the service refuses),
 * asks the verdict, approves the six others in one request, then previews, sends, credits and
 * marks as sent.
 * `extras.noPostalAddressCustomerId` (the simulator's demo customer) adds the postal refusal.
 */
export async function invoiceActionsFlow(
  client: BillingClient,
  found: ReadFindings,
  invoiceDate: string,
  options: { sendAndCredit: boolean; noPostalAddressCustomerId?: string }
): Promise<InvoiceActionsFindings> {
  const line = {
    taxCodeId: found.taxCodeId,
    description: "Conformance actions",
    quantity: 2,
    unitPrice: 10.25,
  };
  const body = (extra: Record<string, unknown> = {}) => ({
    customerId: found.customerId,
    companyBankAccountId: found.bankAccountId,
    lines: [{ ...line, ...extra }],
  });
  const ids: string[] = [];
  // Three to send and credit, three to mark as sent.
  for (let i = 0; i < 6; i += 1) ids.push((await client.createInvoice(body())).id);
  const refused = (
    await client.createInvoice(
      body({ startDateTime: "2010-01-01T00:00:00Z", endDateTime: "2010-02-01T00:00:00Z" })
    )
  ).id;

  const verdict = await client.validateApproval([...ids, refused], invoiceDate);
  const approved = await client.bulkApprove(ids, invoiceDate);
  await untilApproved(client, ids);
  const html = await client.previewHtml(ids[0]);
  const pdf = await client.previewPdf(ids[0]);
  const out: InvoiceActionsFindings = { verdict, approved, html, pdf };
  // The refused draft is not left behind.
  await client.deleteInvoice(refused);
  if (!options.sendAndCredit) return out;

  out.sentOne = await client.send(ids[0], "email");
  await client.send(ids[1], "post");
  out.bulkSent = await client.bulkSend([ids[2]], "email", true);
  await client.bulkSend([ids[2]], "email", false);
  out.postalSent = await client.bulkSend([ids[2]], "post", false);
  out.creditNote = await client.credit(ids[0]);
  out.bulkCredited = await client.bulkCredit([ids[1], ids[2]]);
  out.markedOne = await client.markSent(ids[3]);
  out.bulkMarked = await client.bulkMarkSent([ids[4], ids[5]]);
  if (options.noPostalAddressCustomerId) {
    const other = await client.createInvoice({
      ...body(),
      customerId: options.noPostalAddressCustomerId,
    });
    await client.bulkApprove([other.id], invoiceDate);
    await untilApproved(client, [other.id]);
    out.postalRefusal = await client.send(other.id, "post").catch((e: unknown) => e);
  }
  return out;
}
