/**
 * The invoices of a send or credit run as the pane lists them: the sheet's invoiceRef
 * (or "row 7"), where each stands — "sent", "credited" (its credit note named), "failed" with the
 * reason — with whom it bills and its total as the service answered, problems first. Pure: the
 * results come from the engine, the invoiceRef from the sheet, the names from a lookup.
 */
import { t } from "../i18n";
import type { ActionPreparation, RunRow, SheetSnapshot } from "../invoices";
import type { InvoiceFacts } from "../excel";
import { groupedMoney } from "./money-text";
import { resultViews, type InvoiceResultView } from "./run-results-view";

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
 * The list after a run on invoices named by id: the engine's rows (its results, then the selected
 * rows it refused that are not among them), each with the sheet's invoiceRef and the customer and
 * total the service answered when the run was prepared.
 */
export function actionResultViews(
  rows: readonly RunRow[],
  facts: ReadonlyMap<string, InvoiceFacts>,
  details: ReadonlyMap<string, InvoiceDetail> = new Map(),
  customerNames: ReadonlyMap<string, string> = new Map()
): InvoiceResultView[] {
  return resultViews(
    rows,
    (row) => {
      const id = row.invoiceId?.toLowerCase();
      const ref = id ? facts.get(id)?.invoiceRef : undefined;
      const detail = id ? details.get(id) : undefined;
      return {
        ...(ref ? { ref } : {}),
        ...(detail?.customerId ? { customerId: detail.customerId } : {}),
        ...(detail?.totalInclVAT !== undefined
          ? { amount: t("action.invoice.total", { amount: groupedMoney(detail.totalInclVAT) }) }
          : {}),
      };
    },
    customerNames
  );
}
