/**
 * The result cells of rows that cannot be sent: status `invalid` and the reasons in `message`.
 * Used by the engine at the start of a run, and usable by Check to show the same in the sheet.
 */
import type { Plan } from "./plan-types";
import type { RowUpdate } from "./sheet-types";

const listRows = (rows: readonly number[]) =>
  rows.length === 1
    ? `row ${rows[0]}`
    : `rows ${rows.slice(0, -1).join(", ")} and ${rows[rows.length - 1]}`;

/** One `invalid` update per row of every invalid invoice. */
export function invalidRowUpdates(plan: Plan): RowUpdate[] {
  const updates: RowUpdate[] = [];
  for (const invoice of plan.invalidInvoices) {
    const bad = invoice.rowsWithProblems;
    const verb = bad.length === 1 ? "has a problem" : "have problems";
    for (const rowNumber of invoice.rowNumbers) {
      const problems = plan.rowProblems.get(rowNumber);
      const message = problems?.length
        ? `Not sent: ${problems.join("; ")}.`
        : `Not sent: ${listRows(bad)} of ${invoice.label} ${verb}.`;
      updates.push({ rowNumber, status: "invalid", message });
    }
  }
  return updates;
}
