/**
 * The invoices of a send or credit run as the pane lists them: the sheet's invoiceRef
 * (or "row 7"), where each stands — "sent", "credited" (its credit note named), "failed" with the
 * reason — with whom it bills and its total as the service answered, problems first. Pure: the
 * results come from the engine, the invoiceRef from the sheet, the names from a lookup.
 */
import { currentLanguage, sayIn, t } from "../i18n";
import { idStateLabel } from "../invoices";
import type {
  ActionPreparation,
  ActionResult,
  ActionState,
  ActionSummary,
  SheetSnapshot,
} from "../invoices";
import type { InvoiceFacts } from "../excel";
import { groupedMoney } from "./money-text";
import { rowsText, type InvoiceResultView, type ResultTone } from "./run-results-view";

const TONES: Readonly<Record<ActionState, ResultTone>> = {
  done: "ok",
  "already done": "ok",
  queued: "warn",
  working: "warn",
  pending: "warn",
  "not sent": "warn",
  waiting: "warn",
  cancelled: "warn",
  failed: "bad",
  unknown: "bad",
  refused: "bad",
};

/** A cell as text (numbers as Excel shows them, nothing for an empty cell). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value).trim();
}

/**
 * What the sheet says of each invoice (by invoice id, lower case): its invoiceRef, invoiceNum and
 * externalReference — for the list and the Billing log.
 */
export function invoiceFacts(snapshot: SheetSnapshot): Map<string, InvoiceFacts> {
  const at = (name: string) =>
    snapshot.headers.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
  const id = at("invoiceId");
  const ref = at("invoiceRef");
  const num = at("invoiceNum");
  const ext = at("externalReference");
  const facts = new Map<string, InvoiceFacts>();
  if (id < 0) return facts;
  for (const row of snapshot.rows) {
    const key = cellText(row.values[id]).toLowerCase();
    if (key === "" || facts.has(key)) continue;
    const f: InvoiceFacts = {};
    if (ref >= 0 && cellText(row.values[ref]) !== "") f.invoiceRef = cellText(row.values[ref]);
    if (num >= 0 && cellText(row.values[num]) !== "") f.invoiceNum = cellText(row.values[num]);
    if (ext >= 0 && cellText(row.values[ext]) !== "")
      f.externalReference = cellText(row.values[ext]);
    facts.set(key, f);
  }
  return facts;
}

/** What the service answered about an invoice when the run was prepared: whom, how much. */
export interface InvoiceDetail {
  customerId?: string;
  /** The service's total incl. VAT (exact decimal text). */
  totalInclVAT?: string;
}

/** Each prepared invoice's customer and total, by invoice id (lower case). */
export function invoiceDetails(
  preparation: Pick<ActionPreparation, "toDo" | "alreadyDone">
): Map<string, InvoiceDetail> {
  const details = new Map<string, InvoiceDetail>();
  for (const item of [...preparation.toDo, ...preparation.alreadyDone]) {
    const d: InvoiceDetail = {};
    if (item.invoice.customerId) d.customerId = item.invoice.customerId;
    if (item.invoice.totalAmountInclVAT !== undefined)
      d.totalInclVAT = item.invoice.totalAmountInclVAT;
    details.set(item.invoiceId.toLowerCase(), d);
  }
  return details;
}

/**
 * "credited", "sent", "still on its way (printing)", …, and the row's message; a credit note's
 * number is in the message (the state column stays short enough for a 320 px pane).
 */
function statusOf(summary: ActionSummary, r: ActionResult): { status: string; message?: string } {
  const label = idStateLabel(summary.action, r.state, sayIn(currentLanguage()));
  let message = r.message;
  if (r.creditNoteNum && !(message ?? "").includes(r.creditNoteNum))
    message = `${message ? `${message} ` : ""}${t("results.creditNote", { number: r.creditNoteNum })}`;
  const words = message !== undefined ? { message } : {};
  // The service's own state beside the label when it says more ("printing"); not when it is the
  // label's English word (the `sent` cell's "sent" under a Dutch "verzonden").
  const english = idStateLabel(summary.action, r.state);
  if (
    summary.action === "send" &&
    r.sent &&
    r.sent !== label &&
    r.sent !== english &&
    !r.sent.startsWith("failed")
  )
    return { status: `${label} (${r.sent})`, ...words };
  return { status: label, ...words };
}

/**
 * The list after a send or credit run: the engine's results, then the selected rows it refused
 * (from the sheet or the service) that are not among them; problems first (failed, refused, open),
 * then done.
 */
export function actionResultViews(
  summary: ActionSummary,
  facts: ReadonlyMap<string, InvoiceFacts>,
  details: ReadonlyMap<string, InvoiceDetail> = new Map(),
  customerNames: ReadonlyMap<string, string> = new Map()
): InvoiceResultView[] {
  const views: InvoiceResultView[] = [];
  const add = (
    key: string,
    rows: number[],
    tone: ResultTone,
    status: string,
    extra: { ref?: string; number?: string; message?: string; invoiceId?: string }
  ) => {
    const ref = extra.ref ?? (rows.length > 0 ? t("results.row", { row: rows[0] }) : key);
    const detail = extra.invoiceId ? details.get(extra.invoiceId.toLowerCase()) : undefined;
    const customerId = detail?.customerId;
    const view: InvoiceResultView = {
      key,
      ref,
      customer: customerId ? (customerNames.get(customerId) ?? customerId) : "",
      status,
      tone,
      rows,
      rowsText: rowsText(rows),
      label: "",
    };
    if (detail?.totalInclVAT !== undefined)
      view.amount = t("action.invoice.total", { amount: groupedMoney(detail.totalInclVAT) });
    if (extra.number) view.number = extra.number;
    if (extra.message) view.message = extra.message;
    view.label = [
      t("results.invoice", { ref }),
      view.customer,
      view.amount,
      view.number ? `${status}, ${view.number}` : status,
      view.message,
      t("results.select", { rows: view.rowsText }),
    ]
      .filter((p) => p !== undefined && p !== "")
      .join(", ");
    views.push(view);
  };
  const listed = new Set<string>();
  for (const r of summary.results) {
    listed.add(r.invoiceId.toLowerCase());
    const f = facts.get(r.invoiceId.toLowerCase());
    const { status, message } = statusOf(summary, r);
    add(r.key, r.rowNumbers, TONES[r.state], status, {
      invoiceId: r.invoiceId,
      ...(f?.invoiceRef ? { ref: f.invoiceRef } : {}),
      ...(message ? { message } : {}),
    });
  }
  for (const [i, refusal] of summary.refused.entries()) {
    if (refusal.invoiceId && listed.has(refusal.invoiceId.toLowerCase())) continue;
    const f = refusal.invoiceId ? facts.get(refusal.invoiceId.toLowerCase()) : undefined;
    add(`refused:${i}`, refusal.rowNumbers, "bad", "refused", {
      ...(f?.invoiceRef ? { ref: f.invoiceRef } : {}),
      message: refusal.message,
    });
  }
  const rank: Record<ResultTone, number> = { bad: 0, warn: 1, ok: 2 };
  return views
    .map((v, i) => ({ v, i }))
    .sort((a, b) => rank[a.v.tone] - rank[b.v.tone] || a.i - b.i)
    .map(({ v }) => v);
}
