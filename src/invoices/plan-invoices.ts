/**
 * Rows → invoices (docs/developers/rules.md#invoice-sheet): classify the headers, read every row, group by
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
import { ENGLISH, sayIn, type Say } from "./words";

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
  const say = sayIn(options.language);
  const language = options.language !== undefined ? { language: options.language } : {};
  return { ...planWith(snapshot, options, say), ...language };
}

function planWith(snapshot: SheetSnapshot, options: PlanOptions, say: Say): Plan {
  const planProblems: string[] = [];
  const headers = Array.isArray(snapshot?.headers) ? snapshot.headers : [];
  const columns = headers
    .map((h, i) => classifyHeader(h, i))
    .filter((c): c is ColumnInfo => c !== undefined);
  const place = columnPlacer(snapshot);

  if (columns.length === 0) {
    planProblems.push(say("check.noHeader"));
    return emptyPlan(planProblems, []);
  }
  planProblems.push(...checkColumns(columns, place, say), ...headerHints(columns, place, say));
  const unknownColumns = columns.filter((c) => c.unknown).map((c) => c.name);

  const inputColumns = columns.filter((c) => c.kind !== "result" && !isResultOnly(c.name));
  const dataRows = (snapshot.rows ?? []).filter((row) =>
    inputColumns.some((c) => !isEmptyCell(row.values?.[c.index]))
  );
  if (dataRows.length === 0) planProblems.push(say("check.noRows"));
  if (planProblems.length > 0) return emptyPlan(planProblems, unknownColumns, dataRows.length);

  const culture =
    options.timeZone === undefined
      ? snapshot.culture
      : { ...snapshot.culture, timeZone: options.timeZone };
  const read = dataRows.map((row) => readRow(row, columns, place, culture, say));
  const groups = groupRows(read, say);
  const today = todayAsInvoiceDate(options.today, options.timeZone);

  const rowProblems = new Map<number, string[]>();
  const invoices: PlannedInvoice[] = [];
  const invalidInvoices: InvalidInvoice[] = [];
  let lines = 0;
  const shared = new Map<number, CellProblem[]>();
  for (const [rowNumber, p] of sharedValueProblems(groups, say))
    shared.set(rowNumber, [...(shared.get(rowNumber) ?? []), p]);

  for (const group of groups) {
    const agreed = agreeInvoiceValues(group, say);
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
    for (const [rowNumber, p] of staleResultProblems(group, agreed.values, say)) add(rowNumber, p);
    // A row added to a group after its invoice was created is not on that invoice: say so rather
    // than let it pass silently as if it had been invoiced (a lost row is the worst outcome).
    if (continued) for (const p of strayRowProblems(group, agreed.values, say)) add(p[0], p[1]);
    for (const p of requiredProblems(group, agreed.values, say))
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
    summary: summarisePlan(counts, [], say),
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

function checkColumns(columns: readonly ColumnInfo[], place: ColumnPlacer, say: Say): string[] {
  const problems: string[] = [];
  const seen = new Map<string, ColumnInfo>();
  for (const col of columns) {
    const key = col.name.toLowerCase();
    const earlier = seen.get(key);
    if (earlier) {
      const [first, second] = [earlier, col].map((c) => columnLetter(place(c.index)));
      problems.push(say("check.columnTwice", { column: col.name, first, second }));
    } else seen.set(key, col);
  }
  if (!seen.has("customerid")) problems.push(say("check.noCustomerColumn"));
  if (!seen.has("taxcodeid")) problems.push(say("check.noTaxCodeColumn"));
  if (!seen.has("companybankaccountid") && !seen.has("propertygroupid"))
    problems.push(say("check.noBankColumn"));
  return problems;
}

function groupRows(rows: readonly ReadRow[], say: Say): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const ref = row.invoiceValues.get("invoiceRef")?.value;
    const hasRefError = row.problems.some((p) => p.column === "invoiceRef");
    const key = ref && !hasRefError ? `ref:${ref}` : `row:${row.rowNumber}`;
    const label =
      ref && !hasRefError
        ? say("check.label.ref", { ref })
        : say("check.label.row", { row: row.rowNumber });
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
function agreeInvoiceValues(
  group: Group,
  say: Say
): {
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
          text: say("check.differs", {
            column,
            value: quoteShort(v.value),
            cell: v.cell,
            winner: quoteShort(winner),
            row: winnerRow,
            label: group.label,
          }),
        },
      ]);
    }
  }
  return { values, problems };
}

function requiredProblems(group: Group, values: Map<string, string>, say: Say): CellProblem[] {
  const problems: CellProblem[] = [];
  if (
    !values.has("customerId") &&
    !group.rows.some((r) => r.problems.some((p) => p.column === "customerId"))
  ) {
    problems.push({
      column: "customerId",
      text: say("check.customerEmpty", { label: group.label }),
    });
  }
  const bankGiven = ["companyBankAccountId", "propertyGroupId"].some(
    (c) => values.has(c) || group.rows.some((r) => r.problems.some((p) => p.column === c))
  );
  if (!bankGiven) {
    problems.push({
      column: "companyBankAccountId",
      text: say("check.bankEmpty", { label: group.label }),
    });
  }
  return problems;
}

function columnPlacer(snapshot: SheetSnapshot | undefined): ColumnPlacer {
  const first = snapshot?.firstColumnIndex ?? 0;
  const indexes = snapshot?.columnIndexes;
  return (index) => indexes?.[index] ?? first + index;
}

function strayRowProblems(
  group: Group,
  values: Map<string, string>,
  say: Say
): [number, CellProblem][] {
  const invoiceId = values.get("invoiceId") ?? "";
  const withId = group.rows.filter((r) => r.invoiceValues.has("invoiceId")).map((r) => r.rowNumber);
  return group.rows
    .filter((row) => !row.invoiceValues.has("invoiceId"))
    .map((row) => [
      row.rowNumber,
      {
        column: "invoiceId",
        text: say("check.stray", {
          count: withId.length,
          invoiceId,
          rows: withId.join(", "),
          label: group.label,
        }),
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
  if (values.has("invoiceDate")) invoice.dateFromSheet = true;
  if (values.has("invoiceId")) invoice.invoiceId = values.get("invoiceId");
  if (values.has("externalReference")) invoice.externalReference = values.get("externalReference");
  if (status !== undefined) invoice.status = status;
  return invoice;
}

/**
 * "30 rows: 16 invoices ready (26 lines), 2 invoices with problems (4 rows; problems in 3)": the
 * parts add up to the rows read (lines of the ready invoices + rows of those with problems).
 */
export function summarisePlan(
  counts: PlanCounts,
  planProblems: readonly string[] = [],
  say: Say = ENGLISH
): string {
  if (planProblems.length > 0) return planProblems.join(" ");
  const details = [say("check.summary.lines", { count: counts.lines })];
  const toContinue = counts.continued - counts.finished;
  if (toContinue > 0) details.push(say("check.summary.toContinue", { count: toContinue }));
  if (counts.finished > 0)
    details.push(say("check.summary.alreadyApproved", { count: counts.finished }));
  const invoices = say("check.summary.invoices", { count: counts.invoices });
  const parts = [say("check.summary.ready", { invoices, details: details.join("; ") })];
  if (counts.invalidInvoices > 0) {
    parts.push(
      say("check.summary.withProblems", {
        invoices: say("check.summary.invoices", { count: counts.invalidInvoices }),
        rows: say("check.summary.rows", { count: counts.invalidRows }),
        problems: counts.rowsWithProblems,
      })
    );
  }
  const rows = say("check.summary.rows", { count: counts.rows });
  return `${rows}: ${parts.join(", ")}`;
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
