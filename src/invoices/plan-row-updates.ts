/**
 * The result cells of rows that cannot be sent: status `invalid` and the reasons in `message`.
 * Used by the engine at the start of a run, and usable by Check to show the same in the sheet.
 */
import type { Plan } from "./plan-types";
import type { RowUpdate } from "./sheet-types";
import { listed, sayIn } from "./words";

/**
 * One `invalid` update per row of every invalid invoice. A row that carries an `invoiceId` keeps
 * its status (the service holds that invoice) and its message says it was not continued.
 */
export function invalidRowUpdates(plan: Plan): RowUpdate[] {
  const updates: RowUpdate[] = [];
  const say = sayIn(plan.language);
  for (const invoice of plan.invalidInvoices) {
    const bad = invoice.rowsWithProblems;
    const count = bad.length;
    const rows = say("row.rows", { count, rows: listed(bad.map(String), say) });
    const held = new Set(invoice.rowsWithInvoiceId ?? []);
    for (const rowNumber of invoice.rowNumbers) {
      const problems = plan.rowProblems.get(rowNumber);
      const lead = say(held.has(rowNumber) ? "row.lead.notContinued" : "row.lead.notSent");
      const message = problems?.length
        ? `${lead}: ${problems.join("; ")}.`
        : say("row.sibling", { count, lead, rows, label: invoice.label });
      updates.push(
        held.has(rowNumber) ? { rowNumber, message } : { rowNumber, status: "invalid", message }
      );
    }
  }
  return updates;
}

/**
 * What Check marks on the sheet: every row of an invoice that will not be sent, with its own
 * problems, or — for a row without any — why it is held back with its invoice (docs/developers/rules.md#invoice-sheet: nothing
 * is sent for an invoice with any invalid row, so each of its rows says so at Check, not only
 * after the run).
 */
export function checkRowMarks(plan: Plan): Map<number, string[]> {
  const marks = new Map<number, string[]>();
  for (const update of invalidRowUpdates(plan)) {
    const own = plan.rowProblems.get(update.rowNumber);
    marks.set(
      update.rowNumber,
      own?.length ? own : [update.message ?? sayIn(plan.language)("row.notSent")]
    );
  }
  for (const [row, problems] of plan.rowProblems) if (!marks.has(row)) marks.set(row, problems);
  return marks;
}
