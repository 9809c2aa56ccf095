/**
 * After a draft exists (the vendor's Billing document): the service's verdict on approving
 * (`bulk/approve` with `onlyValidate`), approving many in one request, the preview (HTML, PDF),
 * sending (email or post; one or in bulk), crediting (one or in bulk) and marking as sent (one or in
 * bulk: an invoice handed over outside the service).
 *
 * Every bulk request names exact ids — never none (bulk-request.ts) — in chunks of at most 100.
 * The answers of a bulk request name each refused invoice in an error entry (`messageValues`); the
 * rest of a chunk the service took. A chunk whose answer did not arrive is reported as failed: its
 * outcome is unknown and the caller settles it by reading the invoices back, never by asking again.
 */
import type { BillingError } from "./errors/billing-error";
import { isNotFoundError } from "./errors/not-found-error";
import { ResponseFormatError } from "./errors/response-format-error";
import { isValidationError } from "./errors/validation-error";
import type { Requester, RequestSpec } from "./client";
import { segment } from "./client";
import { bulkQueryParams, chunkIds, requireIdList } from "./bulk-request";
import { DOCUMENT_KEY, fromBase64 } from "./document-fetch";
import type { DocumentBody } from "./document-fetch";
import { requireId } from "./ids";
import { normalizeInvoice } from "./normalize-invoice";
import { isJsonObject, pick } from "./pick";
import type { CallKind } from "./to-billing-error";
import type { BillingClient, CallOptions, Invoice, ServiceErrorEntry } from "./types";

/** How an invoice goes to the customer: by email (`/send`) or by post (`/sendviapostal`). */
export type SendChannel = "email" | "post";

/** One invoice a bulk request refused, with the service's reasons. */
export interface BulkRefusal {
  invoiceId: string;
  entries: ServiceErrorEntry[];
}

/**
 * What the chunks of one bulk call came to:
 * - `accepted`: ids of answered chunks the service did not refuse (for `onlyValidate`: it would
 *   act on them if they are still in the asked status — the caller reads them back anyway);
 * - `refused`: the invoices the service named, with its reasons (nothing was done to them);
 * - `general`: reasons that name no invoice of their chunk; `ids` lists the chunk's ids when the
 *   whole chunk was refused (a 4xx: nothing done), empty when the rest of it was taken;
 * - `failed`: chunks without a usable answer (cut, time-out, 5xx, rate limit after the retries,
 *   credentials): outcome unknown unless `error` says it was not sent — read the ids back;
 * - `notSent`: ids of chunks never sent because the call was cancelled first.
 */
export interface BulkOutcome {
  accepted: string[];
  refused: BulkRefusal[];
  general: { ids: string[]; entries: ServiceErrorEntry[] }[];
  failed: { ids: string[]; error: BillingError }[];
  notSent: string[];
}

/** The invoice action functions of a client. */
export type InvoiceActionEndpoints = Pick<
  BillingClient,
  | "validateApproval"
  | "bulkApprove"
  | "previewHtml"
  | "previewPdf"
  | "send"
  | "bulkSend"
  | "credit"
  | "bulkCredit"
  | "markSent"
  | "bulkMarkSent"
>;

const BULK_APPROVE = "POST /api/bill/Invoices/bulk/approve";
const BULK_SEND = "POST /api/bill/Invoices/bulk/send";
const BULK_POSTAL = "POST /api/bill/Invoices/bulk/sendviapostal";
const BULK_CREDIT = "POST /api/bill/Invoices/bulk/credit";
const BULK_MARK_SENT = "POST /api/bill/Invoices/bulk/marksent";

/**
 * True when `error` says the service does not offer a bulk operation at all (404 or 405 on the
 * bulk path — the interface dialect, an older service): nothing was done, fall back to one call each.
 */
export function isBulkNotOffered(error: unknown): boolean {
  if (isNotFoundError(error)) return true;
  return isValidationError(error) && error.status === 405;
}

/** Which ids of `chunk` an entry names (its `messageValues`), compared case-insensitively. */
function namedIds(entry: ServiceErrorEntry, chunk: readonly string[]): string[] {
  const values = new Set((entry.values ?? []).map((v) => v.toLowerCase()));
  return chunk.filter((id) => values.has(id.toLowerCase()));
}

/** Sorts a refused chunk's entries into per-invoice refusals and general ones; adds to `out`. */
function readRefusals(chunk: readonly string[], error: BillingError, out: BulkOutcome): void {
  const perId = new Map<string, ServiceErrorEntry[]>();
  const general: ServiceErrorEntry[] = [];
  for (const entry of error.entries) {
    const ids = namedIds(entry, chunk);
    if (ids.length === 0) general.push(entry);
    for (const id of ids) perId.set(id, [...(perId.get(id) ?? []), entry]);
  }
  for (const [invoiceId, entries] of perId) out.refused.push({ invoiceId, entries });
  const rest = chunk.filter((id) => !perId.has(id));
  // A 2xx with `success: false` took the others; a 4xx refused the whole request.
  const answered = error.status !== undefined && error.status >= 200 && error.status < 300;
  if (answered) {
    out.accepted.push(...rest);
    if (general.length > 0) out.general.push({ ids: [], entries: general });
  } else if (rest.length > 0 || general.length > 0) {
    out.general.push({ ids: rest, entries: general });
  }
}

/**
 * Sends one bulk request per chunk of `ids`, one after the other. A 404/405 on the first chunk
 * throws (the operation is not offered; nothing was done); every other outcome is collected.
 */
async function bulkCall(
  r: Requester,
  endpoint: string,
  path: string,
  ids: unknown,
  body: (query: ReturnType<typeof bulkQueryParams>) => Record<string, unknown>,
  kind: CallKind,
  options: CallOptions | undefined,
  invoiceStatus?: readonly string[]
): Promise<BulkOutcome> {
  // Throws before anything is sent when the list is missing or empty.
  const list = requireIdList(ids, endpoint);
  const chunks = chunkIds(list);
  const out: BulkOutcome = { accepted: [], refused: [], general: [], failed: [], notSent: [] };
  for (const [index, chunk] of chunks.entries()) {
    if (options?.signal?.aborted) {
      out.notSent.push(...chunk);
      continue;
    }
    const spec: RequestSpec = {
      method: "POST",
      endpoint,
      path,
      json: body(bulkQueryParams(chunk, endpoint, invoiceStatus)),
      kind,
    };
    if (options?.signal) spec.signal = options.signal;
    try {
      await r.send(spec);
      out.accepted.push(...chunk);
    } catch (e) {
      const error = e as BillingError;
      if (index === 0 && isBulkNotOffered(error)) throw error;
      if (isValidationError(error) && error.status !== 405) {
        readRefusals(chunk, error, out);
      } else {
        // Cut, time-out, 5xx, cancelled in flight, ...: it may have reached the service.
        out.failed.push({ ids: chunk, error });
      }
    }
  }
  return out;
}
/** The document a preview answer carried (document-fetch.ts), or a ResponseFormatError. */
function documentOf(data: unknown, endpoint: string): DocumentBody {
  const doc = isJsonObject(data) ? pick(data, DOCUMENT_KEY) : undefined;
  if (isJsonObject(doc) && typeof doc.contentType === "string")
    return doc as unknown as DocumentBody;
  // A service that answers the document as a JSON string (ASP.NET writes a byte[] as base64).
  if (typeof data === "string") return { contentType: "", text: data, base64: data };
  throw new ResponseFormatError("The service's preview answer holds no document", { endpoint });
}

/** Binds the invoice action endpoints to a request core. */
export function invoiceActionEndpoints(r: Requester): InvoiceActionEndpoints {
  const bulkPath = (name: string) => `/api/bill/Invoices/bulk/${name}`;

  /** A single-invoice POST without a body that answers the invoice (send, credit, marksent). */
  async function act(id: string, endpoint: string, action: string): Promise<Invoice> {
    const spec: RequestSpec = {
      method: "POST",
      endpoint,
      path: `/api/bill/Invoices/${segment(id)}/${action}`,
      // Sent or credited twice cannot be undone: repeated only on a 429 (retry-policy.ts).
      kind: "act",
    };
    const answer = await r.send(spec);
    return r.inContext(spec, async () => {
      const invoice = normalizeInvoice(answer.data, {}, "invoice");
      return { ...invoice, errors: r.cleanEntries(invoice.errors) };
    });
  }

  /** A bulk request that acts (no dry run) on exactly `ids`: credit, marksent. */
  async function bulkAct(endpoint: string, name: string, ids: unknown, options?: CallOptions) {
    return await bulkCall(
      r,
      endpoint,
      bulkPath(name),
      ids,
      (queryParams) => ({ onlyValidate: false, queryParams }),
      "act",
      options
    );
  }

  async function preview(invoiceId: string, pdf: boolean, options?: CallOptions) {
    const endpoint = `POST /api/bill/Invoices/{id}/${pdf ? "previewpdf" : "preview"}`;
    const id = requireId(invoiceId, "invoiceId", endpoint);
    const spec: RequestSpec = {
      method: "POST",
      endpoint,
      path: `/api/bill/Invoices/${segment(id)}/${pdf ? "previewpdf" : "preview"}`,
      // Showing a document changes nothing: retried like a read.
      kind: "read",
    };
    if (options?.signal) spec.signal = options.signal;
    const answer = await r.send(spec);
    return r.inContext(spec, () => Promise.resolve(documentOf(answer.data, endpoint)));
  }

  return {
    async validateApproval(invoiceIds, invoiceDate, options) {
      const date =
        invoiceDate === undefined ? undefined : requireId(invoiceDate, "invoiceDate", BULK_APPROVE);
      return await bulkCall(
        r,
        BULK_APPROVE,
        bulkPath("approve"),
        invoiceIds,
        (queryParams) => ({
          ...(date ? { invoiceDate: date } : {}),
          onlyValidate: true,
          queryParams,
        }),
        "read",
        options,
        ["created"]
      );
    },
    async bulkApprove(invoiceIds, invoiceDate, options) {
      const date = requireId(invoiceDate, "invoiceDate", BULK_APPROVE);
      return await bulkCall(
        r,
        BULK_APPROVE,
        bulkPath("approve"),
        invoiceIds,
        (queryParams) => ({ invoiceDate: date, onlyValidate: false, queryParams }),
        "approve",
        options,
        ["created"]
      );
    },
    async previewHtml(invoiceId, options) {
      const doc = await preview(invoiceId, false, options);
      if (doc.text !== undefined) return doc.text;
      return new TextDecoder().decode(fromBase64(doc.base64 ?? ""));
    },
    async previewPdf(invoiceId, options) {
      const doc = await preview(invoiceId, true, options);
      let bytes: Uint8Array;
      try {
        bytes = fromBase64(doc.base64 ?? "");
      } catch {
        bytes = new Uint8Array();
      }
      // "%PDF-": anything else (an HTML error page, a JSON text) is not shown as a PDF.
      if (new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-") {
        throw new ResponseFormatError("The service's preview is not a PDF", {
          endpoint: "POST /api/bill/Invoices/{id}/previewpdf",
        });
      }
      return bytes;
    },
    async send(invoiceId, channel) {
      const postal = channel === "post";
      const endpoint = `POST /api/bill/Invoices/{id}/${postal ? "sendviapostal" : "send"}`;
      if (channel !== "email" && channel !== "post") {
        throw new TypeError(`channel must be "email" or "post"`);
      }
      const id = requireId(invoiceId, "invoiceId", endpoint);
      return await act(id, endpoint, postal ? "sendviapostal" : "send");
    },
    async bulkSend(invoiceIds, channel, onlyValidate, options) {
      if (channel !== "email" && channel !== "post") {
        throw new TypeError(`channel must be "email" or "post"`);
      }
      const postal = channel === "post";
      return await bulkCall(
        r,
        postal ? BULK_POSTAL : BULK_SEND,
        bulkPath(postal ? "sendviapostal" : "send"),
        invoiceIds,
        (queryParams) => ({ onlyValidate, queryParams }),
        onlyValidate ? "read" : "act",
        options
      );
    },
    async credit(invoiceId) {
      const endpoint = "POST /api/bill/Invoices/{id}/credit";
      return await act(requireId(invoiceId, "invoiceId", endpoint), endpoint, "credit");
    },
    async bulkCredit(invoiceIds, options) {
      return await bulkAct(BULK_CREDIT, "credit", invoiceIds, options);
    },
    async markSent(invoiceId) {
      const endpoint = "POST /api/bill/Invoices/{id}/marksent";
      return await act(requireId(invoiceId, "invoiceId", endpoint), endpoint, "marksent");
    },
    async bulkMarkSent(invoiceIds, options) {
      return await bulkAct(BULK_MARK_SENT, "marksent", invoiceIds, options);
    },
  };
}
