/**
 * Which selected rows a send or credit can apply to, from the sheet alone (issue 21). Pure: the
 * service is asked afterwards (prepare-actions.ts), so that the confirmation states what it holds.
 * Rows sharing an invoice id are one invoice (one send, one credit note).
 */
import { isServiceId } from "../../api";
import type { ActionItem, ActionPlan, ActionRefusal, ActionRequest } from "./action-types";
import { cellText } from "../cell-values";
import { classifyHeader } from "../columns";
import type { CellValue, SheetSnapshot } from "../sheet-types";

/** Row statuses an action can apply to: approved, and credited (sending a credited invoice is fine;
 * crediting it again is not — prepare finds its credit note). */
const ELIGIBLE = new Set(["approved", "credited"]);

/** Why a row with this status is refused, in plain words. */
function statusWords(status: string, verb: string): string {
  if (status === "")
    return `its status is empty: only approved invoices can be ${verb}; run Create and approve first`;
  if (status === "created")
    return `it is a draft: approve it first (only approved invoices can be ${verb})`;
  if (status === "approving" || status === "pending")
    return `it is still being approved: run Create and approve again to settle it, then try again`;
  return `its status is "${status}": only approved invoices can be ${verb}`;
}

/** The verb of an action, for messages ("sent", "credited"). */
export function actionVerb(request: ActionRequest): string {
  return request.action === "send" ? "sent" : "credited";
}

/** Checks `request`; throws a TypeError naming what is wrong. */
export function checkActionRequest(request: ActionRequest): void {
  if (request.action !== "send" && request.action !== "credit")
    throw new TypeError('action must be "send" or "credit"');
  if (request.channel !== undefined && request.channel !== "email" && request.channel !== "post")
    throw new TypeError('channel must be "email" or "post"');
  if (request.action === "credit" && request.channel !== undefined)
    throw new TypeError("channel applies to send only");
}

/** See the module comment. */
export function planInvoiceActions(snapshot: SheetSnapshot, request: ActionRequest): ActionPlan {
  checkActionRequest(request);
  const verb = actionVerb(request);
  const at = new Map<string, number>();
  snapshot.headers.forEach((header, index) => {
    const info = classifyHeader(header, index);
    if (info !== undefined && !at.has(info.name)) at.set(info.name, index);
  });
  const plan: ActionPlan = {
    request:
      request.action === "send"
        ? { action: "send", channel: request.channel ?? "email" }
        : { action: "credit" },
    items: [],
    refused: [],
  };
  if (!at.has("invoiceId")) {
    const rowNumbers = snapshot.rows.map((r) => r.rowNumber);
    if (rowNumbers.length > 0)
      plan.refused.push({
        rowNumbers,
        message: `Not ${verb}: the sheet has no invoiceId column; run Create and approve first.`,
      });
    return plan;
  }
  const value = (values: readonly CellValue[], column: string) => {
    const i = at.get(column);
    return i === undefined ? "" : cellText(values[i]).trim();
  };
  const byKey = new Map<string, ActionItem>();
  const refusedByKey = new Map<string, ActionRefusal>();
  const emptyRows: number[] = [];
  for (const row of snapshot.rows) {
    const id = value(row.values, "invoiceId");
    if (id === "") {
      // A row without an id: a line of nothing approved, or an empty row of the selection.
      const anything = row.values.some((v) => cellText(v).trim() !== "");
      if (anything) emptyRows.push(row.rowNumber);
      continue;
    }
    const key = id.toLowerCase();
    const status = value(row.values, "status").toLowerCase();
    const known = byKey.get(key);
    if (known !== undefined) {
      known.rowNumbers.push(row.rowNumber);
      continue;
    }
    const refusedBefore = refusedByKey.get(key);
    if (refusedBefore !== undefined) {
      refusedBefore.rowNumbers.push(row.rowNumber);
      continue;
    }
    if (!isServiceId(id as unknown)) {
      const refusal = {
        rowNumbers: [row.rowNumber],
        invoiceId: id,
        message: `Not ${verb}: the invoiceId "${id.slice(0, 60)}" is not an id of the billing service.`,
      };
      refusedByKey.set(key, refusal);
      plan.refused.push(refusal);
      continue;
    }
    if (!ELIGIBLE.has(status)) {
      const refusal = {
        rowNumbers: [row.rowNumber],
        invoiceId: id,
        message: `Not ${verb}: ${statusWords(status, verb)}.`,
      };
      refusedByKey.set(key, refusal);
      plan.refused.push(refusal);
      continue;
    }
    const item: ActionItem = {
      key,
      invoiceId: id,
      rowNumbers: [row.rowNumber],
      statusBefore: status,
      sentBefore: value(row.values, "sent"),
      creditNoteIdBefore: value(row.values, "creditNoteId"),
    };
    byKey.set(key, item);
    plan.items.push(item);
  }
  if (emptyRows.length > 0)
    plan.refused.push({
      rowNumbers: emptyRows,
      message: `Not ${verb}: the row has no invoiceId; only approved invoices can be ${verb}.`,
    });
  return plan;
}

/** A draft of the drafts list (the pane's review of a Create drafts run). */
export interface DraftRef {
  invoiceId: string;
  rowNumbers: readonly number[];
}

/**
 * The plan of an id action on the drafts the pane lists (Discard drafts): one item per draft, as
 * the sheet holds it after Create drafts (status `created`). Prepare it as any plan
 * (`prepareInvoiceActions`): the service is read before the confirmation and again before acting.
 */
export function draftsPlan(request: ActionRequest, drafts: readonly DraftRef[]): ActionPlan {
  checkActionRequest(request);
  const items: ActionItem[] = [];
  const seen = new Set<string>();
  for (const d of drafts) {
    const key = d.invoiceId.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({
      key,
      invoiceId: d.invoiceId,
      rowNumbers: [...d.rowNumbers],
      statusBefore: "created",
      sentBefore: "",
      creditNoteIdBefore: "",
    });
  }
  return { request: { action: request.action }, items, refused: [] };
}
