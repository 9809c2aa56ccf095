/**
 * The invoice operations (the interface document's "Invoice operations") and the search that
 * recognises an invoice whose create outcome was unknown.
 */
import type { BillingClient, CallOptions, Invoice, InvoiceQuery, SearchedInvoices } from "./types";
import type { Requester, RequestSpec } from "./client";
import { segment } from "./client";
import { isResponseFormatError } from "./errors/response-format-error";
import { UnknownOutcomeError } from "./errors/unknown-outcome-error";
import { ValidationError } from "./errors/validation-error";
import { isJsonObject } from "./pick";
import { normalizeCreatedInvoice, normalizeInvoice } from "./normalize-invoice";
import { fetchAllPages } from "./paging";
import { requireId } from "./ids";

const FILTER_ENDPOINT = "POST /api/bill/Invoices/filter";

/** A search of the invoices (every page is read); identical ones in flight share one read. */
function invoiceFilter(json: Record<string, unknown>, options?: CallOptions): RequestSpec {
  const spec: RequestSpec = {
    method: "POST",
    endpoint: FILTER_ENDPOINT,
    path: "/api/bill/Invoices/filter",
    json,
    kind: "read",
    shared: true,
  };
  if (options?.signal !== undefined) spec.signal = options.signal;
  return spec;
}

/**
 * The filter body of an invoice search (Billing OpenAPI `GetInvoicesQueryParams`): a customer's,
 * or without one every customer's of the period and status.
 */
function customerInvoicesBody(query: InvoiceQuery): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (query.customerId !== undefined) {
    body.customerId = requireId(query.customerId, "customerId", FILTER_ENDPOINT);
  }
  if (query.from !== undefined) body.startDateTime = query.from;
  if (query.to !== undefined) body.endDateTime = query.to;
  if (query.statuses !== undefined && query.statuses.length > 0) {
    body.invoiceStatus = [...query.statuses];
  }
  return body;
}

/** The invoice functions of a client. */
export type InvoiceEndpoints = Pick<
  BillingClient,
  | "createInvoice"
  | "approveInvoice"
  | "getInvoice"
  | "findInvoicesByExternalReference"
  | "findInvoicesByReferencePrefix"
  | "getInvoicesByIds"
  | "filterInvoices"
  | "deleteInvoice"
>;

/** Binds the invoice endpoints to a request core. */
export function invoiceEndpoints(r: Requester): InvoiceEndpoints {
  return {
    async createInvoice(body) {
      const spec: RequestSpec = {
        method: "POST",
        endpoint: "POST /api/bill/Invoices",
        path: "/api/bill/Invoices",
        json: body,
        kind: "create",
      };
      if (!isJsonObject(body))
        throw new ValidationError("The invoice must be an object", { endpoint: spec.endpoint });
      const answer = await r.send(spec);
      try {
        const created = normalizeCreatedInvoice(answer.data, answer.headers.get("location"));
        return { ...created, errors: r.cleanEntries(created.errors) };
      } catch (error) {
        if (!isResponseFormatError(error)) throw error;
        // The service said yes (2xx) but its answer cannot be read: the invoice probably exists.
        throw new UnknownOutcomeError(
          "The service accepted the invoice but its answer could not be read",
          {
            status: answer.status,
            endpoint: spec.endpoint,
            path: spec.path,
            // Redacted like any service text: the complaint may quote what the service sent.
            cause: r.toError(spec, error),
          }
        );
      }
    },
    async approveInvoice(invoiceId, invoiceDate) {
      const endpoint = "POST /api/bill/Invoices/{id}/approve";
      const id = requireId(invoiceId, "invoiceId", endpoint);
      const date = requireId(invoiceDate, "invoiceDate", endpoint);
      const spec: RequestSpec = {
        method: "POST",
        endpoint,
        path: `/api/bill/Invoices/${segment(id)}/approve`,
        json: { invoiceDate: date },
        kind: "approve",
      };
      await r.send(spec);
    },
    async getInvoice(invoiceId) {
      const id = requireId(invoiceId, "invoiceId", "GET /api/bill/Invoices/{id}");
      const spec: RequestSpec = {
        method: "GET",
        endpoint: "GET /api/bill/Invoices/{id}",
        path: `/api/bill/Invoices/${segment(id)}`,
        kind: "read",
      };
      return r.inContext(spec, async () => {
        const invoice = normalizeInvoice((await r.send(spec)).data, { id });
        return { ...invoice, errors: r.cleanEntries(invoice.errors) };
      });
    },
    async findInvoicesByExternalReference(externalReference) {
      const ref = requireId(externalReference, "externalReference", FILTER_ENDPOINT);
      const spec = invoiceFilter({ flexSearch: ref });
      return r.inContext(spec, async () => {
        const counted = { pages: 0 };
        const items = await fetchAllPages(r, spec, "invoices", counted);
        const invoices: Invoice[] = items.map((raw, i) =>
          normalizeInvoice(raw, {}, `invoices[${i}]`)
        );
        // flexSearch is a broad search on the live service: keep exact matches only.
        const out = invoices
          .filter((inv) => inv.externalReference === ref)
          .map((inv) => ({ ...inv, errors: r.cleanEntries(inv.errors) }));
        return withPages(out, counted.pages);
      });
    },
    async findInvoicesByReferencePrefix(prefix, options) {
      const text = requireId(prefix, "prefix", FILTER_ENDPOINT);
      const json: Record<string, unknown> = { flexSearch: text };
      const excluded = (options?.excludeIds ?? []).map((id) =>
        requireId(id, "excludeIds", FILTER_ENDPOINT)
      );
      if (excluded.length > 0) json.excludeIds = excluded;
      const spec = invoiceFilter(json);
      return r.inContext(spec, async () => {
        const counted = { pages: 0 };
        const items = await fetchAllPages(r, spec, "invoices", counted);
        const out = withPages([], counted.pages);
        for (const [i, raw] of items.entries()) {
          const inv = normalizeInvoice(raw, {}, `invoices[${i}]`);
          // flexSearch is a broad search on the live service: keep what starts with the prefix.
          if (inv.externalReference?.startsWith(text))
            out.push({ ...inv, errors: r.cleanEntries(inv.errors) });
        }
        return out;
      });
    },
    async getInvoicesByIds(invoiceIds, options) {
      const ids = invoiceIds.map((id) => requireId(id, "invoiceId", FILTER_ENDPOINT));
      // An empty list would be read as "no restriction": every invoice of the tenant.
      if (ids.length === 0) return [];
      const spec = invoiceFilter({ includeOnlyIds: ids }, options);
      return r.inContext(spec, async () => {
        const wanted = new Set(ids.map((id) => id.toLowerCase()));
        const items = await fetchAllPages(r, spec, "invoices");
        return items
          .map((raw, i) => normalizeInvoice(raw, {}, `invoices[${i}]`))
          .filter((inv) => wanted.has(inv.id.toLowerCase()));
      });
    },
    async filterInvoices(query, options) {
      const spec = invoiceFilter(customerInvoicesBody(query), options);
      return r.inContext(spec, async () => {
        const items = await fetchAllPages(r, spec, "invoices");
        return items.map((raw, i) => {
          const invoice = normalizeInvoice(raw, {}, `invoices[${i}]`);
          return { ...invoice, errors: r.cleanEntries(invoice.errors) };
        });
      });
    },
    async deleteInvoice(invoiceId) {
      const endpoint = "DELETE /api/bill/Invoices/{id}";
      const id = requireId(invoiceId, "invoiceId", endpoint);
      // Deleting is idempotent (a second delete answers not found), so it is retried like a read.
      await r.send({
        method: "DELETE",
        endpoint,
        path: `/api/bill/Invoices/${segment(id)}`,
        kind: "read",
      });
    },
  };
}

/**
 * `list` with the number of pages its answer took (SearchedInvoices), as a property that neither
 * copies, serialises nor counts in comparisons: the list stays a plain list of invoices.
 */
function withPages(list: Invoice[], pages: number): SearchedInvoices {
  Object.defineProperty(list, "pages", { value: pages, enumerable: false, writable: true });
  return list;
}
