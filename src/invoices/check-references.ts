/**
 * Check asks the service what it already holds under the references the rows derive, before
 * anything is sent (docs/controllers/taskpane.md, "Which invoice a row is"): one paged search of
 * the sheet's prefix (engine/derived-reference.ts), and for each invoice of the selection:
 *
 * - one the service holds under its reference, with its content, made this sitting (a co-author's,
 *   or a run whose write-back was undone): a note — the run takes it, nothing is billed twice;
 * - one with its content made earlier (the same recurring line last month): the row is held back
 *   with what it looks like, its number and date, and the two ways on (link it, or bill again);
 * - one under its reference with other content (engine/row-match.ts): held back, with the
 *   difference; nothing of it is touched;
 * - a row that carries an invoice but no longer derives its reference (edited since the invoice
 *   was made): a note that the invoice stands as it is;
 * - this sitting's invoice of a selected row's customer that no row holds any more (a row edited
 *   after an undo of its write-back): a note naming it, as it stays in the service.
 *
 * A search that fails holds nothing back and says the references were not checked. Pure apart
 * from the client.
 */
import type { BillingClient, Invoice } from "../api";
import { describeError } from "./describe-error";
import { deriveReferences, referencePrefixOf } from "./engine/derived-reference";
import { madeOn, madeThisSitting, rowMismatch } from "./engine/row-match";
import type { Plan, PlannedInvoice } from "./plan-types";
import { sayIn, type Say } from "./words";

/** What Check makes of the references (merged into the plan as the id check's findings are). */
export interface ReferenceCheck {
  rowProblems: Map<number, string[]>;
  /** Sentences for the Check summary (found invoices, edited rows, invoices no row holds). */
  notes: string[];
}

/** The one invoice every run would keep of those with the row's content: past draft, else oldest. */
function kept(matching: readonly Invoice[]): Invoice {
  const past = matching.find((i) => (i.status ?? "").toLowerCase() !== "created");
  if (past !== undefined) return past;
  return [...matching].sort(
    (a, b) =>
      (Date.parse(a.createdDateTime ?? "") || 0) - (Date.parse(b.createdDateTime ?? "") || 0)
  )[0];
}

function rowsText(rows: readonly number[]): string {
  return rows.join(", ");
}

/** `invoice INV-1 (approved, sent)` or `the draft <id>`. */
function describeHeld(invoice: Invoice, say: Say): string {
  const num = (invoice.invoiceNum ?? "").trim();
  if (num === "") return say("row.repeat.draft", { id: invoice.id });
  const status = invoice.sent ? `${invoice.status}, ${invoice.sent}` : invoice.status;
  return say("row.repeat.numbered", { num, status });
}

async function searchAll(
  client: Pick<BillingClient, "findInvoicesByReferencePrefix" | "findInvoicesByExternalReference">,
  prefix: string | undefined,
  refs: readonly string[]
): Promise<Invoice[]> {
  if (prefix !== undefined && client.findInvoicesByReferencePrefix !== undefined)
    return await client.findInvoicesByReferencePrefix(prefix);
  const found: Invoice[] = [];
  for (const ref of refs) found.push(...(await client.findInvoicesByExternalReference(ref)));
  return found;
}

/** See the module comment. `scope` is the run's reference scope (src/excel `referenceScopeOf`). */
export async function checkReferences(
  client: Pick<BillingClient, "findInvoicesByReferencePrefix" | "findInvoicesByExternalReference">,
  plan: Plan,
  scope: string,
  options: { now?: number; timeZone?: string } = {}
): Promise<ReferenceCheck> {
  const say = sayIn(plan.language);
  const out: ReferenceCheck = { rowProblems: new Map(), notes: [] };
  if (plan.invoices.length === 0) return out;
  const now = options.now ?? Date.now();
  const refs = await deriveReferences(scope, plan.invoices);
  const prefix = referencePrefixOf(refs[0]);
  const fresh = plan.invoices
    .map((invoice, i) => ({ invoice, ref: refs[i] }))
    .filter(
      ({ invoice }) => invoice.invoiceId === undefined && invoice.externalReference === undefined
    );
  let found: Invoice[];
  try {
    found = await searchAll(
      client,
      prefix,
      fresh.map((f) => f.ref)
    );
  } catch (error) {
    out.notes.push(
      say("check.references.unchecked", { why: describeError(error, "act.findByReference", say) })
    );
    return out;
  }
  const byRef = new Map<string, Invoice[]>();
  for (const invoice of found) {
    const list = byRef.get(invoice.externalReference ?? "") ?? [];
    list.push(invoice);
    byRef.set(invoice.externalReference ?? "", list);
  }
  const refuse = (invoice: PlannedInvoice, problem: string) => {
    for (const row of invoice.rowNumbers)
      out.rowProblems.set(row, [...(out.rowProblems.get(row) ?? []), problem]);
  };
  let takenRows: number[] = [];
  const freshWithout: PlannedInvoice[] = [];
  for (const { invoice, ref } of fresh) {
    const under = byRef.get(ref) ?? [];
    const matching = under.filter((i) => rowMismatch(i, invoice) === undefined);
    if (matching.length > 0) {
      const held = kept(matching);
      const date = madeOn(held, options.timeZone) ?? "?";
      if (madeThisSitting(held, now, invoice.invoiceDate))
        takenRows = [...takenRows, ...invoice.rowNumbers];
      else
        refuse(
          invoice,
          say("check.repeat", { what: describeHeld(held, say), date, id: held.id, ref })
        );
      continue;
    }
    const other = under[0];
    if (other !== undefined) {
      const mismatch = rowMismatch(other, invoice)!;
      refuse(invoice, say("check.foreign", { id: other.id, ref, ...mismatch }));
      continue;
    }
    freshWithout.push(invoice);
  }
  if (takenRows.length > 0)
    out.notes.push(
      say("check.references.found", {
        count: takenRows.length,
        rows: rowsText(takenRows.sort((a, b) => a - b)),
      })
    );
  // Rows that hold an invoice but derive another reference now: edited since it was made.
  const edited = plan.invoices.filter(
    (invoice, i) =>
      invoice.invoiceId !== undefined &&
      invoice.externalReference !== undefined &&
      referencePrefixOf(invoice.externalReference) === prefix &&
      invoice.externalReference !== refs[i]
  );
  for (const invoice of edited)
    out.notes.push(
      say("check.changedSince", {
        rows: rowsText(invoice.rowNumbers),
        id: invoice.invoiceId ?? "",
      })
    );
  // This sitting's invoices that no row of the selection holds or derives, of a customer a new row
  // bills: most likely the invoice of a row edited after an undo of its write-back.
  const held = new Set(
    plan.invoices.flatMap((i) => (i.invoiceId === undefined ? [] : [i.invoiceId.toLowerCase()]))
  );
  const derived = new Set(refs);
  const customers = new Map(
    freshWithout.map((i) => [i.body.customerId.toLowerCase(), i.invoiceDate] as const)
  );
  for (const invoice of found) {
    if (held.has(invoice.id.toLowerCase()) || derived.has(invoice.externalReference ?? ""))
      continue;
    const customer = (invoice.customerId ?? "").toLowerCase();
    if (!customers.has(customer)) continue;
    if (!madeThisSitting(invoice, now, customers.get(customer))) continue;
    out.notes.push(
      say("check.orphan", {
        what: describeHeld(invoice, say),
        id: invoice.id,
        date: madeOn(invoice, options.timeZone) ?? "?",
      })
    );
  }
  return out;
}
