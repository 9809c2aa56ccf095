/**
 * The list of invoices after a run, as a controller reads it: the invoice's reference, whom it
 * bills, its amount where the sheet gives it, where it stands and its number. Pure: the run's
 * results and plan come from the engine, the amount from src/invoices, names from a lookup.
 */
import { currentLanguage, sayIn, t } from "../i18n";
import { invoiceAmountExclVat, type InvoiceResult, type Plan } from "../invoices";
import type { InvoiceState } from "../invoices";
import { stateLabel } from "../invoices";
import { groupedMoney } from "./money-text";

/** How a line is coloured: done, still open (run again), or failed. Never green unless approved. */
export type ResultTone = "ok" | "warn" | "bad";

/** One line of the list. */
export interface InvoiceResultView {
  key: string;
  /** The sheet's `invoiceRef`, or "row 7" ("rij 7") for a row of its own. */
  ref: string;
  /** The customer's name; its id when the name is not known. */
  customer: string;
  /** "1,105.50 excl. VAT" ("1.105,50 excl. btw"), when every line of the invoice gives its amount. */
  amount?: string;
  /** "approved", "still approving", … */
  status: string;
  /** The invoice number the service assigned. */
  number?: string;
  tone: ResultTone;
  /** Worksheet row numbers (1-based, as Excel shows them). */
  rows: number[];
  /** "Rows 2–3", "Row 4", "Rows 2, 5". */
  rowsText: string;
  message?: string;
  /** The line's accessible name: everything above in one sentence. */
  label: string;
}

const TONES: Readonly<Record<InvoiceState, ResultTone>> = {
  approved: "ok",
  queued: "warn",
  creating: "warn",
  created: "warn",
  approving: "warn",
  pending: "warn",
  cancelled: "warn",
  "not sent": "warn",
  failed: "bad",
  unknown: "bad",
  invalid: "bad",
};

/** "Row 4", "Rows 2–3", "Rows 2, 5, 7". */
export function rowsText(rows: readonly number[]): string {
  if (rows.length === 0) return "";
  if (rows.length === 1) return t("rows.one", { row: rows[0] });
  const sorted = [...rows].sort((a, b) => a - b);
  const contiguous = sorted.every((r, i) => i === 0 || r === sorted[i - 1] + 1);
  return contiguous
    ? t("rows.range", { first: sorted[0], last: sorted[sorted.length - 1] })
    : t("rows.list", { rows: sorted.join(", ") });
}

/**
 * Each invoice's amount, computed once per plan: the list is drawn twice (at once, then with the
 * customers' names), and at 5,000 invoices exact money for each is worth keeping.
 */
const amounts = new WeakMap<object, string | undefined>();
function amountOf(lines: Plan["invoices"][number]["body"]["lines"]): string | undefined {
  if (!amounts.has(lines)) amounts.set(lines, invoiceAmountExclVat(lines));
  return amounts.get(lines);
}

function refOf(key: string, rows: readonly number[]): string {
  if (key.startsWith("ref:")) return key.slice(4);
  return rows.length > 0 ? t("results.row", { row: rows[0] }) : key;
}

/**
 * The list for a finished run: the engine's results in their order, then the invoices that were
 * not sent because of row problems. `customerNames` maps customer ids to names (may be empty).
 */
export function invoiceResultViews(
  results: readonly InvoiceResult[],
  plan: Pick<Plan, "invoices" | "invalidInvoices">,
  customerNames: ReadonlyMap<string, string>
): InvoiceResultView[] {
  const planned = new Map(plan.invoices.map((p) => [p.key, p]));
  const views: InvoiceResultView[] = [];
  const seen = new Set<string>();
  const add = (
    key: string,
    rows: number[],
    state: InvoiceState,
    extra: { number?: string; message?: string; untouched?: boolean }
  ) => {
    seen.add(key);
    const invoice = planned.get(key);
    const customerId = invoice?.body.customerId;
    const customer = customerId ? (customerNames.get(customerId) ?? customerId) : "";
    const amountText = invoice ? amountOf(invoice.body.lines) : undefined;
    const view: InvoiceResultView = {
      key,
      ref: refOf(key, rows),
      customer,
      status: extra.untouched
        ? t("run.state.approvedEarlier")
        : stateLabel(state, sayIn(currentLanguage())),
      tone: TONES[state],
      rows,
      rowsText: rowsText(rows),
      label: "",
    };
    if (amountText !== undefined)
      view.amount = t("results.amount", { amount: groupedMoney(amountText) });
    if (extra.number) view.number = extra.number;
    if (extra.message) view.message = extra.message;
    view.label = [
      t("results.invoice", { ref: view.ref }),
      customer,
      view.amount,
      view.number
        ? t("results.statusNumber", { status: view.status, number: view.number })
        : view.status,
      t("results.select", { rows: view.rowsText }),
    ]
      .filter((p) => p !== undefined && p !== "")
      .join(", ");
    views.push(view);
  };
  for (const r of results) {
    add(r.key, r.rowNumbers, r.state, {
      number: r.invoiceNum,
      message: r.message,
      untouched: r.untouched,
    });
  }
  for (const bad of plan.invalidInvoices) {
    if (seen.has(bad.key)) continue;
    add(bad.key, bad.rowNumbers, "invalid", {
      message: t("results.notSent", {
        count: bad.rowsWithProblems.length,
        rows: rowsText(bad.rowsWithProblems).toLowerCase(),
      }),
    });
  }
  // Problems first (docs/developers/rules.md#each-run-tells-its-own-story): failed, then open, then
  // done. Invoices earlier runs finished (left alone) come last.
  const rank: Record<ResultTone, number> = { bad: 0, warn: 1, ok: 2 };
  const earlier = new Set(results.filter((r) => r.untouched).map((r) => r.key));
  const order = (v: InvoiceResultView) => rank[v.tone] + (earlier.has(v.key) ? 1 : 0);
  return views
    .map((v, i) => ({ v, i }))
    .sort((a, b) => order(a.v) - order(b.v) || a.i - b.i)
    .map(({ v }) => v);
}

/** The customer ids the list needs names for. */
export function customerIdsOf(plan: Pick<Plan, "invoices">): string[] {
  return [...new Set(plan.invoices.map((p) => p.body.customerId).filter((id) => id !== ""))];
}
