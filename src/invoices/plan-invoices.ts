/**
 * Rows → invoices (DESIGN.md "Invoice sheet"): classify the headers, read every row, group by
 * `invoiceRef`, check that invoice-level values agree, and validate everything before anything is
 * sent. Pure and synchronous.
 */
import { quoteShort } from "../api";
import type { InvoiceLineRequest } from "../api";
import { isEmptyCell } from "./cell-values";
import { classifyHeader, columnLetter, INVOICE_COLUMNS } from "./columns";
import type { ColumnInfo } from "./columns";
import { todayAsInvoiceDate } from "./date-values";
import type {
  InvalidInvoice,
  Plan,
  PlanCounts,
  PlanOptions,
  PlannedInvoice,
  PlannedInvoiceBody,
} from "./plan-types";
import { isFinalRow } from "./final-row";
import { headerHints } from "./header-hints";
import { readRow } from "./read-row";
import type { CellProblem, ColumnPlacer, InvoiceValue, ReadRow } from "./read-row";
import { sharedValueProblems, staleResultProblems } from "./shared-values";
import type { SheetSnapshot } from "./sheet-types";

/** Invoice-level columns whose values must agree within a group (besides the grouping key). */
const AGREEING_COLUMNS = INVOICE_COLUMNS.filter((c) => c !== "invoiceRef");

/**
 * Columns whose problems still matter for an invoice an earlier run created: only these are used
 * when continuing it (the body is never sent again).
 */
const CONTINUATION_COLUMNS = new Set([
  "invoiceRef",
  "invoiceId",
  "invoiceDate",
  "externalReference",
]);

interface Group {
  key: string;
  label: string;
  rows: ReadRow[];
}

/** Plans the invoices of a sheet snapshot; see {@link Plan}. */
export function planInvoices(snapshot: SheetSnapshot, options: PlanOptions): Plan {
  const planProblems: string[] = [];
  const headers = Array.isArray(snapshot?.headers) ? snapshot.headers : [];
  const columns = headers
    .map((h, i) => classifyHeader(h, i))
    .filter((c): c is ColumnInfo => c !== undefined);
  const place = columnPlacer(snapshot);

  if (columns.length === 0) {
    planProblems.push(
      "The selection has no header row: the top row must name the columns (customerId, taxCodeId, …)."
    );
    return emptyPlan(planProblems, []);
  }
  planProblems.push(...checkColumns(columns, place), ...headerHints(columns, place));
  const unknownColumns = columns.filter((c) => c.unknown).map((c) => c.name);

  const inputColumns = columns.filter((c) => c.kind !== "result" && !isResultOnly(c.name));
  const dataRows = (snapshot.rows ?? []).filter((row) =>
    inputColumns.some((c) => !isEmptyCell(row.values?.[c.index]))
  );
  if (dataRows.length === 0)
    planProblems.push("The selection has no rows with invoice data below the header row.");
  if (planProblems.length > 0) return emptyPlan(planProblems, unknownColumns, dataRows.length);

  const read = dataRows.map((row) => readRow(row, columns, place, snapshot.culture));
  const groups = groupRows(read);
  const today = todayAsInvoiceDate(options.today);

  const rowProblems = new Map<number, string[]>();
  const invoices: PlannedInvoice[] = [];
  const invalidInvoices: InvalidInvoice[] = [];
  let lines = 0;
  const shared = new Map<number, CellProblem[]>();
  for (const [rowNumber, p] of sharedValueProblems(groups))
    shared.set(rowNumber, [...(shared.get(rowNumber) ?? []), p]);

  for (const group of groups) {
    const agreed = agreeInvoiceValues(group);
    const continued = agreed.values.has("invoiceId");
    const problems = new Map<number, CellProblem[]>();
    const add = (rowNumber: number, p: CellProblem) => {
      if (continued && !p.always && !CONTINUATION_COLUMNS.has(p.column)) return;
      problems.set(rowNumber, [...(problems.get(rowNumber) ?? []), p]);
    };
    for (const row of group.rows) for (const p of row.problems) add(row.rowNumber, p);
    for (const [rowNumber, p] of agreed.problems) add(rowNumber, p);
    for (const row of group.rows)
      for (const p of shared.get(row.rowNumber) ?? []) add(row.rowNumber, p);
    for (const [rowNumber, p] of staleResultProblems(group, agreed.values)) add(rowNumber, p);
    // A row added to a group after its invoice was created is not on that invoice: say so rather
    // than let it pass silently as if it had been invoiced (a lost row is the worst outcome).
    if (continued) for (const p of strayRowProblems(group, agreed.values)) add(p[0], p[1]);
    for (const p of requiredProblems(group, agreed.values))
      for (const row of group.rows) add(row.rowNumber, p);

    const rowNumbers = group.rows.map((r) => r.rowNumber);
    if (problems.size > 0) {
      for (const [rowNumber, list] of problems)
        rowProblems.set(
          rowNumber,
          list.map((p) => p.text)
        );
      invalidInvoices.push({
        key: group.key,
        label: group.label,
        rowNumbers,
        rowsWithProblems: [...problems.keys()].sort((a, b) => a - b),
        ...withInvoiceId(group, problems),
      });
      continue;
    }
    const invoice = buildInvoice(group, agreed.values, today);
    lines += invoice.body.lines.length;
    invoices.push(invoice);
  }

  const counts: PlanCounts = {
    rows: dataRows.length,
    invoices: invoices.length,
    lines,
    rowsWithProblems: rowProblems.size,
    invalidInvoices: invalidInvoices.length,
    continued: invoices.filter((i) => i.invoiceId !== undefined).length,
    finished: invoices.filter(isFinalRow).length,
    invalidRows: invalidInvoices.reduce((n, i) => n + i.rowNumbers.length, 0),
  };
  return {
    invoices,
    invalidInvoices,
    rowProblems,
    planProblems,
    unknownColumns,
    counts,
    summary: summarisePlan(counts),
  };
}

/** The rows of `group` that carry an invoiceId, when any (InvalidInvoice.rowsWithInvoiceId). */
function withInvoiceId(
  group: Group,
  problems: Map<number, CellProblem[]>
): { rowsWithInvoiceId?: number[] } {
  // A copy of an approved invoice's row carries that invoice's id, not one of its own.
  const rows = group.rows
    .filter((r) => r.invoiceValues.has("invoiceId"))
    .filter((r) => !(problems.get(r.rowNumber) ?? []).some((p) => p.copy))
    .map((r) => r.rowNumber);
  return rows.length > 0 ? { rowsWithInvoiceId: rows } : {};
}

/** Columns only the add-in fills: a row holding nothing else is an empty row. */
function isResultOnly(name: string): boolean {
  return name === "invoiceId" || name === "externalReference";
}

function checkColumns(columns: readonly ColumnInfo[], place: ColumnPlacer): string[] {
  const problems: string[] = [];
  const seen = new Map<string, ColumnInfo>();
  for (const col of columns) {
    const key = col.name.toLowerCase();
    const earlier = seen.get(key);
    if (earlier) {
      problems.push(
        `The column ${col.name} appears twice (columns ${columnLetter(place(earlier.index))} and ${columnLetter(place(col.index))}); keep one.`
      );
    } else seen.set(key, col);
  }
  if (!seen.has("customerid"))
    problems.push("The sheet has no customerId column; every invoice needs a customer.");
  if (!seen.has("taxcodeid"))
    problems.push("The sheet has no taxCodeId column; every line needs a tax code.");
  if (!seen.has("companybankaccountid") && !seen.has("propertygroupid")) {
    problems.push(
      "The sheet has neither a companyBankAccountId nor a propertyGroupId column; every invoice needs a bank account."
    );
  }
  return problems;
}

function groupRows(rows: readonly ReadRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const ref = row.invoiceValues.get("invoiceRef")?.value;
    const hasRefError = row.problems.some((p) => p.column === "invoiceRef");
    const key = ref && !hasRefError ? `ref:${ref}` : `row:${row.rowNumber}`;
    const label = ref && !hasRefError ? `invoice "${ref}"` : `row ${row.rowNumber}`;
    const group = groups.get(key) ?? { key, label, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The invoice-level values of a group. Empty cells in some rows are fine; when rows disagree the
 * most common value wins (the first on a tie) and every row holding another value gets a problem.
 */
function agreeInvoiceValues(group: Group): {
  values: Map<string, string>;
  problems: [number, CellProblem][];
} {
  const values = new Map<string, string>();
  const problems: [number, CellProblem][] = [];
  for (const column of AGREEING_COLUMNS) {
    const present = group.rows
      .map((row) => ({ row, v: row.invoiceValues.get(column) }))
      .filter((x): x is { row: ReadRow; v: InvoiceValue } => x.v !== undefined);
    if (present.length === 0) continue;
    const tally = new Map<string, { count: number; first: number }>();
    for (const { row, v } of present) {
      const t = tally.get(v.value) ?? { count: 0, first: row.rowNumber };
      t.count += 1;
      tally.set(v.value, t);
    }
    let winner = present[0].v.value;
    for (const [value, t] of tally) if (t.count > tally.get(winner)!.count) winner = value;
    values.set(column, winner);
    if (tally.size === 1) continue;
    const winnerRow = tally.get(winner)!.first;
    for (const { row, v } of present) {
      if (v.value === winner) continue;
      problems.push([
        row.rowNumber,
        {
          column,
          text: `${column} ${quoteShort(v.value)} in ${v.cell} differs from ${quoteShort(winner)} on row ${winnerRow} of ${group.label}; all rows of one invoice must have the same ${column}`,
        },
      ]);
    }
  }
  return { values, problems };
}

function requiredProblems(group: Group, values: Map<string, string>): CellProblem[] {
  const problems: CellProblem[] = [];
  if (
    !values.has("customerId") &&
    !group.rows.some((r) => r.problems.some((p) => p.column === "customerId"))
  ) {
    problems.push({
      column: "customerId",
      text: `customerId is empty for ${group.label}; every invoice needs a customer id`,
    });
  }
  const bankGiven = ["companyBankAccountId", "propertyGroupId"].some(
    (c) => values.has(c) || group.rows.some((r) => r.problems.some((p) => p.column === c))
  );
  if (!bankGiven) {
    problems.push({
      column: "companyBankAccountId",
      text: `companyBankAccountId and propertyGroupId are both empty for ${group.label}; give the bank account, or the property group whose bank account is used`,
    });
  }
  return problems;
}

function columnPlacer(snapshot: SheetSnapshot | undefined): ColumnPlacer {
  const first = snapshot?.firstColumnIndex ?? 0;
  const indexes = snapshot?.columnIndexes;
  return (index) => indexes?.[index] ?? first + index;
}

function strayRowProblems(group: Group, values: Map<string, string>): [number, CellProblem][] {
  const invoiceId = values.get("invoiceId");
  const withId = group.rows.filter((r) => r.invoiceValues.has("invoiceId")).map((r) => r.rowNumber);
  return group.rows
    .filter((row) => !row.invoiceValues.has("invoiceId"))
    .map((row) => [
      row.rowNumber,
      {
        column: "invoiceId",
        text: `This row is not on invoice ${invoiceId}, which was created earlier from row${withId.length === 1 ? "" : "s"} ${withId.join(", ")} of ${group.label}, so it has not been invoiced; give it an invoiceRef of its own to invoice it separately`,
      },
    ]);
}

function buildInvoice(group: Group, values: Map<string, string>, today: string): PlannedInvoice {
  // Lines of a continued invoice may be incomplete; they are never sent again.
  const lines = group.rows.map((row) => row.line as InvoiceLineRequest);
  const body: PlannedInvoiceBody = { customerId: values.get("customerId") ?? "", lines };
  for (const field of [
    "contractId",
    "contractNumber",
    "companyBankAccountId",
    "invoiceNum",
  ] as const) {
    const value = values.get(field);
    if (value !== undefined) body[field] = value;
  }
  const propertyGroupId = values.get("propertyGroupId");
  if (propertyGroupId !== undefined) body.propertyGroups = [{ id: propertyGroupId }];
  const status = group.rows.map((r) => r.status).find((s) => s !== undefined && s !== "");
  const invoice: PlannedInvoice = {
    key: group.key,
    label: group.label,
    rowNumbers: group.rows.map((r) => r.rowNumber),
    body,
    invoiceDate: values.get("invoiceDate") ?? today,
  };
  if (propertyGroupId !== undefined && body.companyBankAccountId === undefined)
    invoice.propertyGroupId = propertyGroupId;
  if (values.has("invoiceId")) invoice.invoiceId = values.get("invoiceId");
  if (values.has("externalReference")) invoice.externalReference = values.get("externalReference");
  if (status !== undefined) invoice.status = status;
  return invoice;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "30 rows: 16 invoices ready (26 lines), 2 invoices with problems (4 rows; problems in 3)": the
 * parts add up to the rows read (lines of the ready invoices + rows of those with problems).
 */
export function summarisePlan(counts: PlanCounts, planProblems: readonly string[] = []): string {
  if (planProblems.length > 0) return planProblems.join(" ");
  const earlier: string[] = [];
  const toContinue = counts.continued - counts.finished;
  if (toContinue > 0) earlier.push(`${toContinue} to continue`);
  if (counts.finished > 0) earlier.push(`${counts.finished} already approved`);
  const ready = `${plural(counts.invoices, "invoice", "invoices")} ready (${[
    plural(counts.lines, "line", "lines"),
    ...earlier,
  ].join("; ")})`;
  const parts = [ready];
  if (counts.invalidInvoices > 0) {
    parts.push(
      `${plural(counts.invalidInvoices, "invoice", "invoices")} with problems (${plural(counts.invalidRows, "row", "rows")}; problems in ${counts.rowsWithProblems})`
    );
  }
  return `${plural(counts.rows, "row", "rows")}: ${parts.join(", ")}`;
}

function emptyPlan(planProblems: string[], unknownColumns: string[], rows = 0): Plan {
  const counts: PlanCounts = {
    rows,
    invoices: 0,
    lines: 0,
    rowsWithProblems: 0,
    invalidInvoices: 0,
    continued: 0,
    finished: 0,
    invalidRows: 0,
  };
  return {
    invoices: [],
    invalidInvoices: [],
    rowProblems: new Map(),
    planProblems,
    unknownColumns,
    counts,
    summary: summarisePlan(counts, planProblems),
  };
}
