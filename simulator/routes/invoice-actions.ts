/**
 * What the vendor's Billing document offers after a draft exists (contracts/openapi/Billing-1-0.yaml):
 * bulk approval (`POST /Invoices/bulk/approve`, with `onlyValidate`), the preview (HTML and PDF),
 * sending (email, post; one or in bulk), crediting (one or in bulk) and marking as sent (one or in
 * bulk: `marksent`, an invoice handed over outside the service). See simulator/README.md.
 *
 * The bulk operations take `queryParams` as `Invoices/filter` does. What a missing or empty
 * `includeOnlyIds` means is undocumented; the simulator takes the dangerous reading — no
 * restriction, every invoice the other filters match — so that tests can prove the add-in never
 * sends such a request. The interface dialect has no bulk operations (404 there).
 */
import { Router } from "express";
import type { NextFunction, Request, Response } from "express";
import { approvalRefusals } from "../approval-checks";
import { renderInvoice } from "../render";
import { PREVIEW_CSP, previewHtml, previewPdf } from "../render-document";
import { sendBulk, sendError, sendOne } from "../respond";
import type { ErrorEntry } from "../respond";
import type { SimulatorState } from "../state";
import type { StoredInvoice } from "../store";
import type { InvoiceAction } from "../types";
import { objectBody, sameId, text } from "./body";
import { isDateTimeWithOffset, startApproval } from "./invoices";

const NOT_FOUND: ErrorEntry = { key: "INVOICE_NOT_FOUND", message: "Invoice not found." };

/** True when this call of `action` is to be cut after acting (`actionDropNext`, `actionDropRates`). */
export function cutAfterActing(state: SimulatorState, action: InvoiceAction): boolean {
  const next = state.faults.actionDropNext[action] ?? 0;
  if (next > 0) {
    state.faults.actionDropNext[action] = next - 1;
    return true;
  }
  const rate = state.faults.actionDropRates[action] ?? 0;
  return rate > 0 && state.random() < rate;
}

/** True when this call of `action` is to be answered 503 after acting (`action503Next`). */
export function unavailableAfterActing(state: SimulatorState, action: InvoiceAction): boolean {
  const next = state.faults.action503Next[action] ?? 0;
  if (next <= 0) return false;
  state.faults.action503Next[action] = next - 1;
  return true;
}

/** The 503 of a call that acted before it answered (`action503Next`). */
function unavailable(state: SimulatorState, res: Response): void {
  sendError(state, res, 503, [
    { key: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable." },
  ]);
}

/** After acting: the answer cut or a 503 (the faults); true when the answer was so lost. */
function lostAfterActing(
  state: SimulatorState,
  action: InvoiceAction,
  req: Request,
  res: Response
): boolean {
  if (cutAfterActing(state, action)) {
    req.socket.destroy();
    return true;
  }
  if (!unavailableAfterActing(state, action)) return false;
  unavailable(state, res);
  return true;
}

function textList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((v): v is string => typeof v === "string").map((v) => v.toLowerCase());
}

/**
 * The invoices `queryParams` (the vendor's `GetInvoicesQueryParams`) selects. A missing or empty
 * `includeOnlyIds` restricts nothing (the dangerous reading, see the module comment).
 */
export function selectInvoices(
  invoices: StoredInvoice[],
  queryParams: Record<string, unknown>
): StoredInvoice[] {
  const only = textList(queryParams.includeOnlyIds);
  const excluded = textList(queryParams.excludeIds) ?? [];
  const statuses = textList(queryParams.invoiceStatus);
  const types = textList(queryParams.invoiceType);
  const customerId = text(queryParams.customerId);
  const flex = text(queryParams.flexSearch);
  return invoices.filter(
    (i) =>
      (!only || only.length === 0 || only.includes(i.id.toLowerCase())) &&
      !excluded.includes(i.id.toLowerCase()) &&
      (!statuses || statuses.length === 0 || statuses.includes(i.status)) &&
      (!types || types.length === 0 || types.includes((i.type ?? "invoice").toLowerCase())) &&
      (!customerId || sameId(i.customerId, customerId)) &&
      (!flex || i.externalReference === flex || i.invoiceNum === flex)
  );
}

/** A refusal entry naming its invoice: the id in `messageValues`, number or id in the message. */
function refusalOf(inv: StoredInvoice, entry: ErrorEntry): ErrorEntry {
  return {
    key: entry.key,
    message: `Invoice ${inv.invoiceNum ?? inv.id}: ${entry.message}`,
    messageValues: [{ dataType: "text", value: inv.id, capitalize: false }],
  };
}

/** A bulk body: the object, `onlyValidate`, `queryParams`; or a 400 already sent (null). */
function bulkBody(
  state: SimulatorState,
  req: Request,
  res: Response
): { body: Record<string, unknown>; onlyValidate: boolean; query: Record<string, unknown> } | null {
  const body = objectBody(req);
  const query = body?.queryParams;
  if (
    !body ||
    (query !== undefined && query !== null && (typeof query !== "object" || Array.isArray(query)))
  ) {
    sendError(state, res, 400, [
      {
        key: "INVALID_REQUEST_BODY",
        message: "The request body must be a JSON object with queryParams as an object.",
      },
    ]);
    return null;
  }
  return {
    body,
    onlyValidate: body.onlyValidate === true,
    query: (query as Record<string, unknown> | null | undefined) ?? {},
  };
}

/** Why `inv` cannot be sent (`postal` = by post), or undefined. */
function sendRefusal(
  state: SimulatorState,
  inv: StoredInvoice,
  postal: boolean
): ErrorEntry | undefined {
  if (inv.status !== "approved") {
    return {
      key: "INVOICE_NOT_APPROVED_STATUS",
      message: `Only an approved invoice can be sent; this one is ${inv.status}.`,
    };
  }
  if (postal) {
    const customer = state.store.dataset.customers.find((c) => sameId(c.id, inv.customerId));
    if (customer?.hasPostalAddress === false) {
      return {
        key: "USER_HAS_NO_POSTAL_ADDRESS",
        message: "The customer has no postal address.",
      };
    }
  }
  return undefined;
}

/**
 * Sends `inv`: `sending` (email) or `printing` (post) now, `sent` or `failed` `sendDelayMs` later.
 * An invoice already sent is sent again (the real service's behaviour is unknown; the add-in must
 * never ask twice, and `sendCount` lets tests prove it).
 */
function startSending(state: SimulatorState, inv: StoredInvoice, postal: boolean, now: number) {
  inv.sent = postal ? "printing" : "sending";
  inv.sendChannel = postal ? "postal" : "email";
  inv.sendDoneAt = now + state.options.sendDelayMs;
  const rate = state.faults.sendFailureRate;
  inv.sendWillFail = !postal && rate > 0 && state.random() < rate;
  inv.sendFailure = undefined;
  inv.sendCount += 1;
}

/**
 * Why `inv` cannot be marked as sent, or undefined: only an approved invoice (the documents name
 * no other rule). One already sent is marked again when asked again (the real behaviour is
 * unknown; `markSentCount` lets tests prove the add-in never asks twice).
 */
function markSentRefusal(inv: StoredInvoice): ErrorEntry | undefined {
  if (inv.status === "approved") return undefined;
  return {
    key: "INVOICE_NOT_APPROVED_STATUS",
    message: `Only an approved invoice can be marked as sent; this one is ${inv.status}.`,
  };
}

/** Marks `inv` as sent at once: handed over outside the service, nothing goes out. */
function markSent(inv: StoredInvoice): void {
  inv.sent = "sent";
  inv.sendDoneAt = undefined;
  inv.sendWillFail = false;
  inv.sendFailure = undefined;
  inv.markSentCount = (inv.markSentCount ?? 0) + 1;
}

/** Why `inv` cannot be credited, or undefined. */
function creditRefusal(inv: StoredInvoice): ErrorEntry | undefined {
  if (inv.type === "creditnote") {
    return { key: "CREDIT_NOTE_CANNOT_BE_CREDITED", message: "A credit note cannot be credited." };
  }
  if (inv.creditedByInvoiceId) {
    return {
      key: "INVOICE_IS_ALREADY_CREDITED",
      message: `The invoice is already credited by invoice ${inv.creditedByInvoiceId}.`,
    };
  }
  if (inv.status !== "approved") {
    return {
      key: "CREATED_INVOICES_CANNOT_BE_CREDITED",
      message: `Only an approved invoice can be credited; this one is ${inv.status}.`,
    };
  }
  return undefined;
}

/** A line of the credit note: the original's quantity and amounts negated (unit price kept). */
function negatedLine(line: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(line);
  for (const field of ["quantity", "amountExclVAT", "amountInclVAT"]) {
    if (typeof out[field] === "number") out[field] = out[field] === 0 ? 0 : -(out[field] as number);
  }
  if (
    typeof out.quantity !== "number" &&
    typeof out.amountExclVAT !== "number" &&
    typeof out.amountInclVAT !== "number" &&
    typeof out.unitPrice === "number"
  ) {
    out.unitPrice = -out.unitPrice;
  }
  return out;
}

/**
 * Credits `inv` as a whole: a new approved invoice of type `creditnote` with its own number, the
 * original's lines negated, linked both ways (`creditedInvoiceId`, `creditedByInvoiceId`). It has
 * no `externalReference`, so a search by the original's reference still finds the original only.
 */
function createCreditNote(state: SimulatorState, inv: StoredInvoice, now: number): StoredInvoice {
  const store = state.store;
  const extra = { ...inv.extra };
  delete extra.invoiceType;
  const note: StoredInvoice = {
    id: store.nextInvoiceId(),
    status: "approved",
    invoiceNum: store.nextInvoiceNumber(now),
    externalReference: null,
    customerId: inv.customerId,
    contractId: inv.contractId,
    contractNumber: inv.contractNumber,
    companyBankAccountId: inv.companyBankAccountId,
    // The original's date, so that every line is taxed at the rate it was invoiced with.
    invoiceDate: inv.invoiceDate ?? new Date(inv.createdAt).toISOString(),
    lines: inv.lines.map(negatedLine),
    errors: [],
    extra,
    createdAt: now,
    type: "creditnote",
    sent: "notsent",
    sendCount: 0,
    creditedInvoiceId: inv.id,
  };
  store.invoices.set(note.id, note);
  inv.creditedByInvoiceId = note.id;
  return note;
}

/** What a bulk action does to one invoice it may act on. */
type Act = (inv: StoredInvoice, now: number) => void;

/** Runs a single-invoice action on `:id`: 404 for an unknown id, else `act`. */
function onInvoice(
  state: SimulatorState,
  act: (inv: StoredInvoice, req: Request, res: Response, now: number) => void
) {
  return (req: Request, res: Response) => {
    const now = Date.now();
    const inv = state.store.invoice(String(req.params.id), now);
    if (!inv) return sendError(state, res, 404, [NOT_FOUND]);
    act(inv, req, res, now);
  };
}

/** Bulk routes exist in the live dialect only: the interface dialect answers 404. */
function liveOnly(state: SimulatorState) {
  return (_req: Request, _res: Response, next: NextFunction) => {
    if (state.options.dialect === "interface") return next("router");
    next();
  };
}

/** Routes of bulk approval, preview, send and credit. */
export function invoiceActionRoutes(state: SimulatorState): Router {
  const r = Router();
  const bulk = Router();
  const store = state.store;
  const render = (inv: StoredInvoice) =>
    renderInvoice(inv, state.store.dataset, state.options.dialect);

  bulk.use(liveOnly(state));

  bulk.post("/api/bill/Invoices/bulk/approve", (req, res) => {
    const parsed = bulkBody(state, req, res);
    if (!parsed) return;
    const { body, onlyValidate, query } = parsed;
    const invoiceDate = body.invoiceDate;
    if (!onlyValidate || invoiceDate !== undefined) {
      if (!isDateTimeWithOffset(invoiceDate)) {
        return sendError(state, res, 400, [
          {
            key: "INVALID_INVOICE_DATE",
            message: "invoiceDate must be an ISO 8601 date-time with a UTC offset.",
          },
        ]);
      }
    }
    const now = Date.now();
    const matched = selectInvoices(store.allInvoices(now), query);
    const refusals: ErrorEntry[] = [];
    const passing: StoredInvoice[] = [];
    for (const inv of matched) {
      const own =
        inv.status === "created"
          ? approvalRefusals(inv, store.dataset)
          : [{ key: "INVOICE_NOT_CREATED_STATUS", message: `The invoice is ${inv.status}.` }];
      if (own.length > 0) refusals.push(...own.map((e) => refusalOf(inv, e)));
      else passing.push(inv);
    }
    if (!onlyValidate) {
      for (const inv of passing) startApproval(state, inv, String(invoiceDate), now);
      if (cutAfterActing(state, "bulkApprove")) return void req.socket.destroy();
    }
    const requested = textList(query.includeOnlyIds)?.length || matched.length;
    sendBulk(
      res,
      {
        requested,
        applicable: matched.length,
        succeeded: passing.length,
        synchronous: onlyValidate,
      },
      refusals
    );
  });

  for (const [path, postal, action] of [
    ["/api/bill/Invoices/bulk/send", false, "bulkSend"],
    ["/api/bill/Invoices/bulk/sendviapostal", true, "bulkSendViaPostal"],
  ] as const) {
    bulk.post(path, (req, res) => {
      const parsed = bulkBody(state, req, res);
      if (!parsed) return;
      const now = Date.now();
      const matched = selectInvoices(store.allInvoices(now), parsed.query);
      const refusals: ErrorEntry[] = [];
      const passing: StoredInvoice[] = [];
      for (const inv of matched) {
        const refusal = sendRefusal(state, inv, postal);
        if (refusal) refusals.push(refusalOf(inv, refusal));
        else passing.push(inv);
      }
      if (!parsed.onlyValidate) {
        for (const inv of passing) startSending(state, inv, postal, now);
        if (cutAfterActing(state, action)) return void req.socket.destroy();
      }
      const requested = textList(parsed.query.includeOnlyIds)?.length || matched.length;
      sendBulk(
        res,
        {
          requested,
          applicable: matched.length,
          succeeded: passing.length,
          synchronous: parsed.onlyValidate,
        },
        refusals
      );
    });
  }

  /** A bulk action done at once (no background work): crediting, marking as sent. */
  const atOnce: [string, (inv: StoredInvoice) => ErrorEntry | undefined, Act, InvoiceAction][] = [
    [
      "/api/bill/Invoices/bulk/credit",
      creditRefusal,
      (inv, now) => void createCreditNote(state, inv, now),
      "bulkCredit",
    ],
    ["/api/bill/Invoices/bulk/marksent", markSentRefusal, (inv) => markSent(inv), "bulkMarkSent"],
  ];
  for (const [path, refusalFor, act, action] of atOnce) {
    bulk.post(path, (req, res) => {
      const parsed = bulkBody(state, req, res);
      if (!parsed) return;
      const now = Date.now();
      const matched = selectInvoices(store.allInvoices(now), parsed.query);
      const refusals: ErrorEntry[] = [];
      const passing: StoredInvoice[] = [];
      for (const inv of matched) {
        const refusal = refusalFor(inv);
        if (refusal) refusals.push(refusalOf(inv, refusal));
        else passing.push(inv);
      }
      if (!parsed.onlyValidate) {
        for (const inv of passing) act(inv, now);
        if (lostAfterActing(state, action, req, res)) return;
      }
      const requested = textList(parsed.query.includeOnlyIds)?.length || matched.length;
      // Done at once: the answer is synchronous either way.
      sendBulk(
        res,
        { requested, applicable: matched.length, succeeded: passing.length, synchronous: true },
        refusals
      );
    });
  }

  r.use(bulk);

  r.post(
    "/api/bill/Invoices/:id/preview",
    onInvoice(state, (inv, _req, res) => {
      res
        .status(200)
        .setHeader("Content-Security-Policy", PREVIEW_CSP)
        .type("text/html; charset=utf-8")
        .send(previewHtml(inv, store.dataset));
    })
  );

  r.post(
    "/api/bill/Invoices/:id/previewpdf",
    onInvoice(state, (inv, _req, res) => {
      res.status(200).type("application/pdf").send(previewPdf(inv, store.dataset));
    })
  );

  for (const [path, postal, action] of [
    ["/api/bill/Invoices/:id/send", false, "send"],
    ["/api/bill/Invoices/:id/sendviapostal", true, "sendViaPostal"],
  ] as const) {
    r.post(
      path,
      onInvoice(state, (inv, req, res, now) => {
        const refusal = sendRefusal(state, inv, postal);
        if (refusal) return sendError(state, res, 400, [refusal]);
        startSending(state, inv, postal, now);
        if (cutAfterActing(state, action)) return void req.socket.destroy();
        sendOne(state, res, render(inv));
      })
    );
  }

  r.post(
    "/api/bill/Invoices/:id/credit",
    onInvoice(state, (inv, req, res, now) => {
      const refusal = creditRefusal(inv);
      if (refusal) return sendError(state, res, 400, [refusal]);
      const note = createCreditNote(state, inv, now);
      if (cutAfterActing(state, "credit")) return void req.socket.destroy();
      sendOne(state, res, render(note));
    })
  );

  r.post(
    "/api/bill/Invoices/:id/marksent",
    onInvoice(state, (inv, req, res) => {
      const refusal = markSentRefusal(inv);
      if (refusal) return sendError(state, res, 400, [refusal]);
      markSent(inv);
      if (lostAfterActing(state, "markSent", req, res)) return;
      sendOne(state, res, render(inv));
    })
  );

  return r;
}
