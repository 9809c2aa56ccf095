/**
 * The drafts of a "Create drafts" run as the pane lists them: customer, the sheet's own
 * amount, the service's totals excl. and incl. VAT, a mark where the service's excl.-VAT total
 * differs from the sheet's, and the service's verdict on approving (`bulk/approve` with
 * `onlyValidate`) in plain words. Pure: results and plan from the engine, the verdict from the api.
 */
import { t } from "../i18n";
import Big from "big.js";
import type { BulkOutcome, ServiceErrorEntry } from "../api";
import { invoiceAmountExclVat } from "../invoices";
import type { InvoiceResult, Plan, PlannedInvoice } from "../invoices";

/** The service's word on approving one draft. */
export type DraftVerdict =
  { kind: "ok" } | { kind: "refused"; reasons: string[] } | { kind: "unknown"; text: string };

/** One draft as listed. */
export interface DraftView {
  invoiceId: string;
  key: string;
  ref: string;
  customer: string;
  rows: number[];
  /** The sheet's own amount excl. VAT (when every line gives one). */
  sheetAmount?: string;
  /** The service's totals, as it answered them. */
  serviceExcl?: string;
  serviceIncl?: string;
  /** The service's excl.-VAT total differs from the sheet's amount. */
  mismatch: boolean;
  verdict?: DraftVerdict;
}

/** The verdict for every id, from what `validateApproval` answered. */
export function verdictsOf(outcome: BulkOutcome): Map<string, DraftVerdict> {
  const out = new Map<string, DraftVerdict>();
  const key = (id: string) => id.toLowerCase();
  for (const id of outcome.accepted) out.set(key(id), { kind: "ok" });
  for (const r of outcome.refused)
    out.set(key(r.invoiceId), { kind: "refused", reasons: reasonsOf(r.entries) });
  for (const g of outcome.general)
    for (const id of g.ids) out.set(key(id), { kind: "refused", reasons: reasonsOf(g.entries) });
  for (const f of outcome.failed)
    for (const id of f.ids) out.set(key(id), { kind: "unknown", text: t("drafts.noAnswer") });
  for (const id of outcome.notSent)
    out.set(key(id), { kind: "unknown", text: t("drafts.notChecked") });
  return out;
}

/** An entry's plain words: the service's message, else its key. */
function reasonsOf(entries: readonly ServiceErrorEntry[]): string[] {
  const words = entries
    .map((e) => (e.message ?? "").trim() || (e.key ?? "").trim())
    .filter((t) => t !== "");
  return words.length > 0 ? [...new Set(words)] : [t("drafts.noReason")];
}

/** The draft's sentence for its verdict. */
export function verdictText(verdict: DraftVerdict | undefined): string {
  if (verdict === undefined) return t("drafts.asking");
  if (verdict.kind === "ok") return t("drafts.wouldApprove");
  if (verdict.kind === "unknown") return verdict.text;
  return t("drafts.wouldRefuse", { reasons: verdict.reasons.join(" ") });
}

function refOf(key: string, rows: readonly number[]): string {
  if (key.startsWith("ref:")) return key.slice(4);
  return rows.length > 0 ? t("drafts.row", { row: rows[0] }) : key;
}

/** Equal as money (the service may answer 216 for 216.00); false when either is not a number. */
function sameAmount(a: string, b: string): boolean {
  try {
    return new Big(a).eq(new Big(b));
  } catch {
    return false;
  }
}

/** An amount to the cent for display ("145.2" → "145.20"), exact; text that is no number as is. */
export function money(amount: string): string {
  try {
    const value = new Big(amount);
    return value.eq(value.round(2)) ? value.toFixed(2) : value.toString();
  } catch {
    return amount;
  }
}

/** The run's drafts (created, with an id), in the run's order. */
export function draftViews(
  results: readonly InvoiceResult[],
  plan: Pick<Plan, "invoices">,
  customerNames: ReadonlyMap<string, string>,
  verdicts: ReadonlyMap<string, DraftVerdict> = new Map()
): DraftView[] {
  const planned = new Map(plan.invoices.map((p) => [p.key, p]));
  return results
    .filter((r) => r.state === "created" && r.invoiceId !== undefined && !r.untouched)
    .map((r) => {
      const invoice = planned.get(r.key);
      const customerId = invoice?.body.customerId ?? "";
      const view: DraftView = {
        invoiceId: r.invoiceId!,
        key: r.key,
        ref: refOf(r.key, r.rowNumbers),
        customer: customerNames.get(customerId) ?? customerId,
        rows: r.rowNumbers,
        mismatch: false,
      };
      const sheet = invoice ? invoiceAmountExclVat(invoice.body.lines) : undefined;
      if (sheet !== undefined) view.sheetAmount = sheet;
      if (r.totalAmountExclVAT !== undefined) view.serviceExcl = money(r.totalAmountExclVAT);
      if (r.totalAmountInclVAT !== undefined) view.serviceIncl = money(r.totalAmountInclVAT);
      view.mismatch =
        sheet !== undefined &&
        view.serviceExcl !== undefined &&
        !sameAmount(sheet, view.serviceExcl);
      const verdict = verdicts.get(view.invoiceId.toLowerCase());
      if (verdict !== undefined) view.verdict = verdict;
      return view;
    });
}

/**
 * The plan that approves exactly `drafts`: their planned invoices, continued by id and reference
 * (the engine reads each from the service first and creates nothing that carries an id).
 */
export function approvalPlan(
  plan: Plan,
  results: readonly InvoiceResult[],
  drafts: readonly DraftView[]
): Plan {
  const wanted = new Set(drafts.map((d) => d.key));
  const byKey = new Map(results.map((r) => [r.key, r]));
  const invoices: PlannedInvoice[] = plan.invoices
    .filter((p) => wanted.has(p.key))
    .map((p) => {
      const r = byKey.get(p.key)!;
      return {
        ...p,
        invoiceId: r.invoiceId,
        externalReference: r.externalReference,
        status: "created",
      };
    });
  return { ...plan, invoices, invalidInvoices: [] };
}
