/**
 * The list of invoices after a run, as a controller reads it: the invoice's reference, whom it
 * bills, its amount where the sheet gives it, where it stands and its number. Pure: the run's
 * results and plan come from the engine, the amount from src/invoices, names from a lookup.
 */
import { currentLanguage, sayIn, t } from "../i18n";
import { invoiceAmountExclVat, type Plan, type RunRow } from "../invoices";
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

/** A row's tone in the engine's summary, as the list colours it; left alone ranks last. */
const TONES: Readonly<Record<RunRow["tone"], ResultTone>> = {
  success: "ok",
  neutral: "ok",
  warning: "warn",
  error: "bad",
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

/** What the sheet and the service give a line beyond the run's row. */
export interface LineFacts {
  /** The sheet's invoiceRef; "row 7" when it gives none. */
  ref?: string;
  customerId?: string;
  /** The amount as the line shows it ("105.70 excl. VAT"). */
  amount?: string;
}

/**
 * The list after any run, from the engine's one summary (`EngineSummary.rows`: the same rows its
 * counts, headline and the sheet's messages come from), then `more` (Check's invalid invoices);
 * problems first (failed, refused, then open, then done), what was left alone last.
 */
export function resultViews(
  rows: readonly RunRow[],
  factsOf: (row: RunRow) => LineFacts,
  customerNames: ReadonlyMap<string, string>,
  more: readonly InvoiceResultView[] = []
): InvoiceResultView[] {
  const views = rows.map((row) => {
    const facts = factsOf(row);
    const customerId = facts.customerId;
    return lineView({
      key: row.key,
      ref: facts.ref ?? refOf(row.key, row.rowNumbers),
      customer: customerId ? (customerNames.get(customerId) ?? customerId) : "",
      ...(facts.amount !== undefined ? { amount: facts.amount } : {}),
      status: row.state,
      ...(row.invoiceNum ? { number: row.invoiceNum } : {}),
      tone: TONES[row.tone],
      rows: [...row.rowNumbers],
      ...(row.message ? { message: row.message } : {}),
    });
  });
  const rank: Record<ResultTone, number> = { bad: 0, warn: 1, ok: 2 };
  const earlier = new Set(rows.filter((r) => r.tone === "neutral").map((r) => r.key));
  const order = (v: InvoiceResultView) => rank[v.tone] + (earlier.has(v.key) ? 1 : 0);
  return [...views, ...more]
    .map((v, i) => ({ v, i }))
    .sort((a, b) => order(a.v) - order(b.v) || a.i - b.i)
    .map(({ v }) => v);
}

/** A line of the list, its accessible name made of everything it shows. */
export function lineView(line: Omit<InvoiceResultView, "rowsText" | "label">): InvoiceResultView {
  const rowsText_ = rowsText(line.rows);
  const status = line.number
    ? t("results.statusNumber", { status: line.status, number: line.number })
    : line.status;
  const label = [
    t("results.invoice", { ref: line.ref }),
    line.customer,
    line.amount,
    status,
    line.message,
    t("results.select", { rows: rowsText_ }),
  ]
    .filter((p) => p !== undefined && p !== "")
    .join(", ");
  return { ...line, rowsText: rowsText_, label };
}

/**
 * The list for a finished plan run: the engine's rows, then the invoices that were not sent
 * because of row problems. `customerNames` maps customer ids to names (may be empty).
 */
export function invoiceResultViews(
  rows: readonly RunRow[],
  plan: Pick<Plan, "invoices" | "invalidInvoices">,
  customerNames: ReadonlyMap<string, string>
): InvoiceResultView[] {
  const planned = new Map(plan.invoices.map((p) => [p.key, p]));
  const factsOf = (key: string): LineFacts => {
    const invoice = planned.get(key);
    const amountText = invoice ? amountOf(invoice.body.lines) : undefined;
    return {
      ...(invoice?.body.customerId ? { customerId: invoice.body.customerId } : {}),
      ...(amountText !== undefined
        ? { amount: t("results.amount", { amount: groupedMoney(amountText) }) }
        : {}),
    };
  };
  const listed = new Set(rows.map((r) => r.key));
  const invalid = plan.invalidInvoices
    .filter((bad) => !listed.has(bad.key))
    .map((bad) => {
      const facts = factsOf(bad.key);
      const customerId = facts.customerId;
      return lineView({
        key: bad.key,
        ref: refOf(bad.key, bad.rowNumbers),
        customer: customerId ? (customerNames.get(customerId) ?? customerId) : "",
        ...(facts.amount !== undefined ? { amount: facts.amount } : {}),
        status: stateLabel("invalid", sayIn(currentLanguage())),
        tone: "bad",
        rows: [...bad.rowNumbers],
        message: t("results.notSent", {
          count: bad.rowsWithProblems.length,
          rows: rowsText(bad.rowsWithProblems).toLowerCase(),
        }),
      });
    });
  return resultViews(rows, (row) => factsOf(row.key), customerNames, invalid);
}

/** The customer ids the list needs names for. */
export function customerIdsOf(plan: Pick<Plan, "invoices">): string[] {
  return [...new Set(plan.invoices.map((p) => p.body.customerId).filter((id) => id !== ""))];
}
