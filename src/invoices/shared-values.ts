/**
 * Values that belong to one invoice only (docs/developers/rules.md#truth-of-a-run): an `invoiceId`, an
 * `externalReference` or an `invoiceNum` found on rows of two invoices — a copied row — is refused
 * at Check, never adopted, so that no row is marked invoiced while its amount was never billed.
 */
import { quoteShort } from "../api";
import type { CellProblem, ReadRow } from "./read-row";
import { FINAL_ROW_STATUSES } from "./final-row";
import { ENGLISH, listed, type Say } from "./words";

/** A group of rows that forms one invoice, as far as this check needs it. */
export interface RowGroup {
  key: string;
  label: string;
  rows: ReadRow[];
}

/** The columns whose value belongs to one invoice only: the rule, and what to do (catalogue keys). */
const ONE_INVOICE_ONLY = {
  invoiceId: { rule: "check.shared.invoiceId", fix: "check.shared.clearCopy" },
  externalReference: { rule: "check.shared.externalReference", fix: "check.shared.clearCopy" },
  invoiceNum: { rule: "check.shared.invoiceNum", fix: "check.shared.ownNumber" },
} as const;
type SharedColumn = keyof typeof ONE_INVOICE_ONLY;

/**
 * An invoice whose rows an earlier run finished: every status cell says `approved`, and it carries
 * its id and number. What the service holds for it is final (docs/developers/rules.md#truth-of-a-run).
 */
function isApprovedOriginal(group: RowGroup): boolean {
  const statuses = group.rows.map((r) => r.status ?? "").filter((s) => s !== "");
  const has = (column: string) => group.rows.some((r) => r.invoiceValues.has(column));
  return (
    statuses.length > 0 &&
    statuses.every((s) => FINAL_ROW_STATUSES.has(s)) &&
    has("invoiceId") &&
    has("invoiceNum")
  );
}

/** "row 7" / "rows 7–9" of a group, for a copy's message. */
function rowsOf(group: RowGroup, say: Say): string {
  const numbers = group.rows.map((r) => r.rowNumber);
  const [first, last] = [numbers[0], numbers[numbers.length - 1]];
  return say("check.rows", { count: numbers.length, first, last });
}

/**
 * Problems of every row whose id, reference or number is also on another invoice's rows. When one
 * of those invoices is approved with its number (the first such, in sheet order), it is the
 * original: it keeps its status and number, and only the copies are refused. Otherwise
 * every holder is refused: Check cannot tell which one the service's invoice belongs to.
 */
export function sharedValueProblems(
  groups: readonly RowGroup[],
  say: Say = ENGLISH
): [number, CellProblem][] {
  const problems: [number, CellProblem][] = [];
  for (const column of Object.keys(ONE_INVOICE_ONLY) as SharedColumn[]) {
    const { rule, fix } = ONE_INVOICE_ONLY[column];
    const owners = new Map<string, RowGroup[]>();
    for (const group of groups) {
      const values = new Set(
        group.rows.map((r) => r.invoiceValues.get(column)?.value).filter((v) => v !== undefined)
      );
      for (const value of values) owners.set(value!, [...(owners.get(value!) ?? []), group]);
    }
    for (const [value, holders] of owners) {
      if (holders.length < 2) continue;
      const original = holders.find(isApprovedOriginal);
      for (const group of holders) {
        if (group === original) continue;
        const others = holders.filter((g) => g !== group).map((g) => g.label);
        for (const row of group.rows) {
          const cell = row.invoiceValues.get(column);
          if (cell?.value !== value) continue;
          const at = { column, value: quoteShort(value), cell: cell.cell, fix: say(fix) };
          const text =
            original === undefined
              ? say("check.shared.alsoOn", { ...at, others: listed(others, say), rule: say(rule) })
              : say("check.shared.copied", {
                  ...at,
                  original: original.label,
                  rows: rowsOf(original, say),
                });
          const problem: CellProblem = { column, always: true, text };
          if (original !== undefined) problem.copy = true;
          problems.push([row.rowNumber, problem]);
        }
      }
    }
  }
  return problems;
}

/** Statuses that never meant an invoice existed: Check's own mark. */
const STATUSES_WITHOUT_INVOICE = new Set(["", "invalid"]);

/**
 * A row that carries the results of an earlier invoice (`status`, a written-back `invoiceNum`) but
 * neither its `invoiceId` nor its `externalReference`: sending it would bill it again, with the old
 * number as if chosen. Refused; the controller says which was meant.
 */
export function staleResultProblems(
  group: RowGroup,
  values: Map<string, string>,
  say: Say = ENGLISH
): [number, CellProblem][] {
  if (values.has("invoiceId") || values.has("externalReference")) return [];
  const problems: [number, CellProblem][] = [];
  for (const row of group.rows) {
    const status = row.statusCell;
    if (!status || STATUSES_WITHOUT_INVOICE.has(row.status ?? "")) continue;
    const num = row.invoiceValues.get("invoiceNum");
    const at = { status: status.value, statusCell: status.cell };
    const text = num
      ? say("check.stale.withNumber", { ...at, number: num.value, numberCell: num.cell })
      : say("check.stale", at);
    problems.push([row.rowNumber, { column: "status", text, always: true }]);
  }
  return problems;
}
