/**
 * The invoice operations (the interface document's "Invoice operations") and the live service's
 * `POST /api/bill/Invoices/filter`, used to recognise an invoice whose create outcome was unknown.
 */
import { Router } from "express";
import type { Request, Response } from "express";
import { approvalRefusals, invoiceDateOf } from "../approval-checks";
import { renderInvoice } from "../render";
import { sendError, sendList, sendOne } from "../respond";
import type { ErrorEntry } from "../respond";
import type { SimulatorState } from "../state";
import type { StoredInvoice } from "../store";
import { objectBody, sameId, text } from "./body";
import { cutAfterActing } from "./invoice-actions";

/** ISO 8601 date-time with a UTC offset (`Z` or `±hh:mm`), as approve requires (interface §4). */
const DATE_TIME_WITH_OFFSET =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** True when `value` is an ISO 8601 date-time with offset that denotes a real instant. */
export function isDateTimeWithOffset(value: unknown): value is string {
  return (
    typeof value === "string" &&
    DATE_TIME_WITH_OFFSET.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** The invoice date bounds of a filter (`startDateTime` inclusive, `endDateTime` exclusive). */
type DateBounds = { ok: true; from?: number; to?: number } | { ok: false; error: ErrorEntry };

/**
 * Reads `startDateTime` / `endDateTime` of `GetInvoicesQueryParams` as bounds on the invoice date
 * (assumption: the vendor does not say which date they bound; the invoice date, or a draft's
 * creation, is the one a controller filters on). A bound that is not a date-time is refused.
 */
function invoiceDateBounds(body: Record<string, unknown>): DateBounds {
  const bounds: DateBounds = { ok: true };
  for (const [field, slot] of [
    ["startDateTime", "from"],
    ["endDateTime", "to"],
  ] as const) {
    const value = body[field];
    if (value === undefined || value === null || value === "") continue;
    const ms = typeof value === "string" ? Date.parse(value) : NaN;
    if (Number.isNaN(ms)) {
      return {
        ok: false,
        error: { key: "INVALID_DATE", message: `${field} is not a valid date-time.` },
      };
    }
    bounds[slot] = ms;
  }
  return bounds;
}

function withinBounds(at: number, bounds: { from?: number; to?: number }): boolean {
  return (
    (bounds.from === undefined || at >= bounds.from) && (bounds.to === undefined || at < bounds.to)
  );
}

/**
 * `flexSearch` of `GetInvoicesQueryParams`: the vendor's document names the field and nothing of
 * how it matches. Assumption (simulator/README.md): a broad, case-insensitive search in the
 * invoice's client reference and number, so that an exact reference finds its invoices and a
 * reference's first characters find every invoice whose reference starts with them.
 */
function flexMatches(i: StoredInvoice, flex: string): boolean {
  const wanted = flex.toLowerCase();
  return [i.externalReference, i.invoiceNum].some(
    (v) => typeof v === "string" && v.toLowerCase().includes(wanted)
  );
}

/** Invoice fields the simulator keeps in typed slots; the rest of the body is kept in `extra`. */
const KNOWN_FIELDS = new Set([
  "id",
  "status",
  "errors",
  "invoiceNum",
  "externalReference",
  "customerId",
  "contractId",
  "contractNumber",
  "companyBankAccountId",
  "invoiceDate",
  "lines",
]);

/** Checks a create body; returns the error entries (empty = valid). */
function validateCreate(state: SimulatorState, body: Record<string, unknown>): ErrorEntry[] {
  const d = state.store.dataset;
  const errors: ErrorEntry[] = [];
  const customerId = text(body.customerId);
  if (!customerId) {
    errors.push({ key: "CUSTOMER_ID_REQUIRED", message: "customerId is required." });
  } else if (!d.customers.some((c) => sameId(c.id, customerId))) {
    errors.push({ key: "CUSTOMER_NOT_FOUND", message: "customerId does not refer to a customer." });
  }
  const bankId = text(body.companyBankAccountId);
  if (!bankId) {
    errors.push({
      key: "COMPANY_BANK_ACCOUNT_ID_REQUIRED",
      message: "companyBankAccountId is required.",
    });
  } else if (!d.bankAccounts.some((b) => sameId(b.id, bankId))) {
    errors.push({
      key: "COMPANY_BANK_ACCOUNT_NOT_FOUND",
      message: "companyBankAccountId does not refer to a bank account.",
    });
  }
  const contractId = text(body.contractId);
  if (body.contractId !== undefined && body.contractId !== null && body.contractId !== "") {
    if (!contractId || !d.contracts.some((c) => sameId(c.id, contractId))) {
      errors.push({
        key: "CONTRACT_NOT_FOUND",
        message: "contractId does not refer to a contract.",
      });
    }
  }
  for (const field of ["invoiceNum", "externalReference"]) {
    const v = body[field];
    if (v !== undefined && v !== null && typeof v !== "string") {
      errors.push({ key: "INVALID_FIELD", message: `${field} must be text.` });
    }
  }
  if (!Array.isArray(body.lines) || body.lines.length === 0) {
    errors.push({
      key: "NO_INVOICE_LINES",
      message: "lines must contain at least one invoice line.",
    });
    return errors;
  }
  body.lines.forEach((line: unknown, i: number) => {
    const where = `lines[${i}]`;
    if (typeof line !== "object" || line === null || Array.isArray(line)) {
      errors.push({ key: "INVALID_INVOICE_LINE", message: `${where} must be an object.` });
      return;
    }
    const l = line as Record<string, unknown>;
    const taxCodeId = text(l.taxCodeId);
    if (!taxCodeId) {
      errors.push({ key: "TAX_CODE_ID_REQUIRED", message: `${where}.taxCodeId is required.` });
    } else if (!d.taxCodes.some((t) => sameId(t.id, taxCodeId))) {
      errors.push({
        key: "TAX_CODE_NOT_FOUND",
        message: `${where}.taxCodeId does not refer to a tax code.`,
      });
    }
    const billingItemId = text(l.billingItemId);
    if (
      l.billingItemId != null &&
      l.billingItemId !== "" &&
      !d.billingItems.some((b) => sameId(b.id, billingItemId))
    ) {
      errors.push({
        key: "BILLING_ITEM_NOT_FOUND",
        message: `${where}.billingItemId does not refer to a billing item.`,
      });
    }
    const locationId = text(l.serviceLocationId);
    if (
      l.serviceLocationId != null &&
      l.serviceLocationId !== "" &&
      !d.serviceLocations.some((s) => sameId(s.id, locationId))
    ) {
      errors.push({
        key: "SERVICE_LOCATION_NOT_FOUND",
        message: `${where}.serviceLocationId does not refer to a service location.`,
      });
    }
    for (const field of ["startDateTime", "endDateTime"]) {
      const v = l[field];
      if (v != null && v !== "" && (typeof v !== "string" || Number.isNaN(Date.parse(v)))) {
        errors.push({
          key: "INVALID_DATE",
          message: `${where}.${field} is not a valid date-time.`,
        });
      }
    }
    if (l.disableVATCalculation != null && typeof l.disableVATCalculation !== "boolean") {
      errors.push({
        key: "INVALID_FIELD",
        message: `${where}.disableVATCalculation must be true or false.`,
      });
    }
  });
  return errors;
}

/** True when approval of this invoice is set to fail (fault `failApproval`). */
function approvalFails(state: SimulatorState, inv: StoredInvoice): boolean {
  const f = state.faults.failApproval;
  if (f.customerIds?.some((id) => sameId(id, inv.customerId))) return true;
  if (f.rate !== undefined && f.rate > 0 && state.random() < f.rate) return true;
  const marker = f.descriptionMarker;
  return (
    !!marker &&
    inv.lines.some((l) => typeof l.description === "string" && l.description.includes(marker))
  );
}

/**
 * Starts the asynchronous approval of a draft (the single and the bulk approve): the invoice is
 * `approvalinprogress` now, `approved` (or back to `created` with an error) `approvalDelayMs` later,
 * and its reserved number appears `numberDelayMs` after that.
 */
export function startApproval(
  state: SimulatorState,
  inv: StoredInvoice,
  invoiceDate: string,
  now: number
): void {
  inv.status = "approvalinprogress";
  inv.invoiceDate = invoiceDate;
  inv.errors = [];
  inv.approvalDoneAt = now + state.options.approvalDelayMs;
  inv.approvalWillFail = approvalFails(state, inv);
  if (!inv.approvalWillFail && inv.invoiceNum === null) {
    inv.pendingNumber = state.store.nextInvoiceNumber(now);
    inv.numberAt = inv.approvalDoneAt + state.options.numberDelayMs;
  }
}

/** Takes one create failure off the counter when its mode is one of `modes`. */
function takeCreateFailure(state: SimulatorState, modes: string[]): string | null {
  const f = state.faults.createFailures;
  if (!f || f.count <= 0 || !modes.includes(f.mode)) return null;
  f.count -= 1;
  if (f.count <= 0) state.faults.createFailures = null;
  return f.mode;
}

/** The random create failure of this request (`createFaultRates`), if any. */
function randomCreateFault(
  state: SimulatorState
): "dropBeforeStore" | "dropAfterStore" | "storeTwice" | null {
  const rates = state.faults.createFaultRates;
  // No draw when off, so that other seeded faults see the same sequence as before.
  if (!rates.dropBeforeStore && !rates.dropAfterStore && !rates.storeTwice) return null;
  const r = state.random();
  let edge = 0;
  for (const mode of ["dropBeforeStore", "dropAfterStore", "storeTwice"] as const) {
    edge += rates[mode] ?? 0;
    if (r < edge) return mode;
  }
  return null;
}

/** Routes for creating, approving, reading and finding invoices. */
export function invoiceRoutes(state: SimulatorState): Router {
  const r = Router();
  const store = state.store;

  r.post("/api/bill/Invoices/filter", (req, res) => {
    const body = objectBody(req);
    if (!body) {
      return sendError(state, res, 400, [
        { key: "INVALID_REQUEST_BODY", message: "The request body must be a JSON object." },
      ]);
    }
    const flex = text(body.flexSearch);
    const customerId = text(body.customerId);
    const ref = text(body.externalReference);
    // Billing OpenAPI GetInvoicesQueryParams.includeOnlyIds: only these invoices.
    const onlyIds = Array.isArray(body.includeOnlyIds)
      ? new Set(body.includeOnlyIds.map((id) => String(id).toLowerCase()))
      : undefined;
    // Billing OpenAPI GetInvoicesQueryParams.excludeIds: every invoice but these.
    const excluded = new Set(
      Array.isArray(body.excludeIds) ? body.excludeIds.map((id) => String(id).toLowerCase()) : []
    );
    const bounds = invoiceDateBounds(body);
    if (!bounds.ok) return sendError(state, res, 400, [bounds.error]);
    const statuses = Array.isArray(body.invoiceStatus)
      ? new Set(body.invoiceStatus.map((s) => String(s).toLowerCase()))
      : undefined;
    // By ids: the service finds those by id (the store is not scanned: 5,000 reads of a few ids
    // each scanned 5,000 invoices each, most of the simulator's time); order kept.
    const candidates = onlyIds
      ? [...store.invoices.keys()]
          .filter((key) => onlyIds.has(key))
          .map((key) => store.invoice(key)!)
      : store.allInvoices();
    const items = candidates
      .filter(
        (i) =>
          (!flex || flexMatches(i, flex)) &&
          !excluded.has(i.id.toLowerCase()) &&
          (!customerId || sameId(i.customerId, customerId)) &&
          (!ref || i.externalReference === ref) &&
          (!onlyIds || onlyIds.has(i.id.toLowerCase())) &&
          (!statuses || statuses.has(i.status)) &&
          withinBounds(invoiceDateOf(i), bounds)
      )
      .map((i) => renderInvoice(i, store.dataset, state.options.dialect));
    sendList(state, req, res, items);
  });

  r.post("/api/bill/Invoices", (req: Request, res: Response) => {
    const early = takeCreateFailure(state, ["503", "drop-before-store"]);
    if (early === "503") {
      return sendError(state, res, 503, [
        { key: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable." },
      ]);
    }
    const randomFault = randomCreateFault(state);
    if (early === "drop-before-store" || randomFault === "dropBeforeStore") {
      req.socket.destroy();
      return;
    }
    const body = objectBody(req);
    if (!body) {
      return sendError(state, res, 400, [
        { key: "INVALID_REQUEST_BODY", message: "The request body must be a JSON object." },
      ]);
    }
    const errors = validateCreate(state, body);
    if (errors.length > 0) return sendError(state, res, 400, errors);
    const externalReference = text(body.externalReference) ?? null;
    const invoiceNum = text(body.invoiceNum) ?? null;
    const refChecked = !state.faults.duplicateReferences;
    if (externalReference && refChecked && store.findByExternalReference(externalReference)) {
      return sendError(state, res, 409, [
        {
          key: "INVOICE_ALREADY_EXISTS",
          message: "An invoice with this externalReference already exists.",
        },
      ]);
    }
    if (invoiceNum && store.findByInvoiceNum(invoiceNum)) {
      return sendError(state, res, 409, [
        {
          key: "DUPLICATE_INVOICE_NUMBER",
          message: "An invoice with this invoiceNum already exists.",
        },
      ]);
    }
    const extra: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) if (!KNOWN_FIELDS.has(k)) extra[k] = v;
    const inv: StoredInvoice = {
      id: store.nextInvoiceId(),
      status: "created",
      invoiceNum,
      externalReference,
      customerId: String(text(body.customerId)),
      contractId: text(body.contractId) ?? null,
      contractNumber: text(body.contractNumber) ?? null,
      companyBankAccountId: String(text(body.companyBankAccountId)),
      invoiceDate: text(body.invoiceDate) ?? null,
      lines: structuredClone(body.lines as Record<string, unknown>[]),
      errors: [],
      extra,
      createdAt: Date.now(),
      sent: "notsent",
      sendCount: 0,
    };
    store.invoices.set(inv.id, inv);
    if (takeCreateFailure(state, ["drop-after-store"]) || randomFault === "dropAfterStore") {
      req.socket.destroy();
      return;
    }
    let answered = inv;
    if (randomFault === "storeTwice") {
      answered = { ...structuredClone(inv), id: store.nextInvoiceId(), createdAt: Date.now() };
      store.invoices.set(answered.id, answered);
    }
    if (state.options.dialect === "interface") {
      const location = `${req.protocol}://${req.get("host")}/api/bill/Invoices/${answered.id}`;
      res.setHeader("Location", location);
      return sendOne(
        state,
        res,
        renderInvoice(answered, store.dataset, state.options.dialect),
        201
      );
    }
    sendOne(state, res, renderInvoice(answered, store.dataset, state.options.dialect));
  });

  // Billing OpenAPI delete-invoices-invoiceuuid. Assumption: only a draft (`created`) can go.
  r.delete("/api/bill/Invoices/:id", (req, res) => {
    const inv = store.invoice(String(req.params.id));
    if (!inv) {
      return sendError(state, res, 404, [
        { key: "INVOICE_NOT_FOUND", message: "Invoice not found." },
      ]);
    }
    if (inv.status !== "created") {
      return sendError(state, res, 409, [
        {
          key: "INVOICE_CANNOT_BE_DELETED",
          message: `The invoice cannot be deleted in status ${inv.status}.`,
        },
      ]);
    }
    store.invoices.delete(inv.id);
    // Deleted, then the answer cut (`actionDropNext.delete`): the caller must read back.
    if (cutAfterActing(state, "delete")) return void req.socket.destroy();
    sendOne(state, res, true);
  });

  r.post("/api/bill/Invoices/:id/approve", (req, res) => {
    const now = Date.now();
    const inv = store.invoice(String(req.params.id), now);
    if (!inv) {
      return sendError(state, res, 404, [
        { key: "INVOICE_NOT_FOUND", message: "Invoice not found." },
      ]);
    }
    const body = objectBody(req);
    if (!body || !isDateTimeWithOffset(body.invoiceDate)) {
      return sendError(state, res, 400, [
        {
          key: "INVALID_INVOICE_DATE",
          message: "invoiceDate must be an ISO 8601 date-time with a UTC offset.",
        },
      ]);
    }
    if (inv.status !== "created") {
      return sendError(state, res, 409, [
        {
          key: "INVOICE_NOT_IN_CREATED_STATUS",
          message: `The invoice cannot be approved in status ${inv.status}.`,
        },
      ]);
    }
    const refusals = approvalRefusals(inv, store.dataset);
    if (refusals.length > 0) return sendError(state, res, 400, refusals);
    startApproval(state, inv, body.invoiceDate, now);
    const rate = state.faults.approveDropRate;
    if (rate > 0 && state.random() < rate) {
      // Carried out, but the answer is lost: the connection is cut.
      req.socket.destroy();
      return;
    }
    sendOne(
      state,
      res,
      renderInvoice(inv, store.dataset, state.options.dialect),
      state.options.dialect === "interface" ? 202 : 200
    );
  });

  r.get("/api/bill/Invoices/:id", (req, res) => {
    const inv = store.invoice(String(req.params.id));
    if (!inv) {
      return sendError(state, res, 404, [
        { key: "INVOICE_NOT_FOUND", message: "Invoice not found." },
      ]);
    }
    sendOne(state, res, renderInvoice(inv, store.dataset, state.options.dialect));
  });

  return r;
}
