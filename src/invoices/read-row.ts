/**
 * Reads one sheet row into its invoice-level values and its line, with the problems found.
 * Pure; knows nothing of grouping.
 */
import { isServiceId } from "../api";
import type { InvoiceLineRequest } from "../api";
import { cellText, excelErrorOf, isEmptyCell, showCell } from "./cell-values";
import { columnLetter } from "./columns";
import type { ColumnInfo } from "./columns";
import type { SheetCulture } from "./culture";
import { cellToIsoDateTime } from "./date-values";
import {
  LINE_DATE_FIELDS,
  LINE_ID_FIELDS,
  LINE_TYPES,
  LINE_TYPES_ALLOWING_NEGATIVE,
  MAX_TEXT_LENGTH,
  NUMBER_FIELDS,
  isAmountField,
} from "./line-rules";
import { cellToBoolean, cellToNumber, toCents } from "./number-values";
import type { SheetRow } from "./sheet-types";
import { ENGLISH, listed, whole, type Say } from "./words";

/** A problem found in a row, tied to the column it is about. */
export interface CellProblem {
  column: string;
  text: string;
  /** Holds for an invoice an earlier run created too (not only for one about to be sent). */
  always?: boolean;
  /** The row is a copy of an approved invoice's row: its results are not its own. */
  copy?: boolean;
}

/** An invoice-level value of one row, with the cell it came from. */
export interface InvoiceValue {
  value: string;
  cell: string;
}

/** One row, read. */
/** The worksheet column (0-based) of the snapshot's column `index`, for messages that name cells. */
export type ColumnPlacer = (index: number) => number;

export interface ReadRow {
  rowNumber: number;
  /** Invoice-level values present in this row, by canonical column name. */
  invoiceValues: Map<string, InvoiceValue>;
  line: Partial<InvoiceLineRequest>;
  /** Lower-cased `status` cell, if any. */
  status?: string;
  /** The `status` cell as written and where it is, for messages. */
  statusCell?: InvoiceValue;
  problems: CellProblem[];
}

const INVOICE_ID_FIELDS = new Set([
  "customerId",
  "contractId",
  "companyBankAccountId",
  "propertyGroupId",
  "invoiceId",
]);

/** The date hint in a workbook whose short date pattern is known: its own form is offered too. */
function localDateHint(culture: SheetCulture, say: Say): string {
  const date = culture.date;
  if (!date) return say("check.dateHint");
  const parts = { d: "01", m: "03", y: "2026" };
  const local = date.order
    .split("")
    .map((letter) => parts[letter as keyof typeof parts])
    .join(date.separator);
  return say("check.localDateHint", { local, culture: culture.name ? `, ${culture.name}` : "" });
}

/** Reads `row` given the classified columns; `place` puts the cells on the worksheet for messages. */
export function readRow(
  row: SheetRow,
  columns: readonly ColumnInfo[],
  place: ColumnPlacer,
  culture: SheetCulture = {},
  say: Say = ENGLISH
): ReadRow {
  const dateHint = localDateHint(culture, say);
  const idHint = say("check.idHint");
  const result: ReadRow = {
    rowNumber: row.rowNumber,
    invoiceValues: new Map(),
    line: {},
    problems: [],
  };
  const problem = (column: string, text: string) => result.problems.push({ column, text });

  for (const col of columns) {
    const raw = row.values[col.index];
    const cell = `${columnLetter(place(col.index))}${row.rowNumber}`;
    if (col.name === "message" || isEmptyCell(raw)) continue;
    const value = raw as string | number | boolean;
    const error = excelErrorOf(value);
    if (error) {
      problem(col.name, say("check.cellError", { cell, column: col.name, error }));
      continue;
    }
    const what = say("check.value", { column: col.name, value: showCell(value), cell });

    if (col.kind === "result") {
      if (col.name === "status") {
        result.status = cellText(value).toLowerCase();
        result.statusCell = { value: cellText(value), cell };
      }
      continue;
    }

    if (col.kind === "invoice") {
      if (INVOICE_ID_FIELDS.has(col.name)) {
        const text = cellText(value);
        if (!isServiceId(text)) problem(col.name, `${what} ${idHint}`);
        else result.invoiceValues.set(col.name, { value: text.toLowerCase(), cell });
      } else if (col.name === "invoiceDate") {
        const date = cellToIsoDateTime(value, culture.date, culture.timeZone);
        if (!date.ok) problem(col.name, `${what} ${dateHint}`);
        else result.invoiceValues.set(col.name, { value: date.value, cell });
      } else {
        const text = cellText(value);
        if (text.length > MAX_TEXT_LENGTH)
          problem(col.name, tooLong(col.name, cell, text.length, say));
        else result.invoiceValues.set(col.name, { value: text, cell });
      }
      continue;
    }

    // Line fields: the interface's typed ones, the live ones, and every other column unchanged.
    const lower = col.name.toLowerCase();
    if (LINE_ID_FIELDS.has(col.name)) {
      const text = cellText(value);
      if (!isServiceId(text)) problem(col.name, `${what} ${idHint}`);
      else result.line[col.name] = text;
    } else if (LINE_DATE_FIELDS.has(col.name)) {
      const date = cellToIsoDateTime(value, culture.date, culture.timeZone);
      if (!date.ok) problem(col.name, `${what} ${dateHint}`);
      else result.line[col.name] = date.value;
    } else if (col.name === "disableVATCalculation") {
      const flag = cellToBoolean(value, say);
      if (!flag.ok) problem(col.name, `${what} ${flag.reason}`);
      else result.line[col.name] = flag.value;
    } else if (NUMBER_FIELDS.has(lower) || isAmountField(col.name)) {
      const num = cellToNumber(value, culture.number, say);
      const money = num.ok && isAmountField(col.name) ? toCents(num.value, say) : num;
      if (!money.ok) problem(col.name, `${what} ${money.reason}`);
      else result.line[col.name] = money.value;
    } else if (col.name === "lineType") {
      const text = cellText(value).toLowerCase();
      if (!LINE_TYPES.includes(text))
        problem(col.name, `${what} ${say("check.notOneOf", { values: LINE_TYPES.join(", ") })}`);
      else result.line[col.name] = text;
    } else if (typeof value === "string") {
      // Text goes as it is: no trimming, no escaping (the UI shows it as text, never as HTML).
      if (value.length > MAX_TEXT_LENGTH)
        problem(col.name, tooLong(col.name, cell, value.length, say));
      else result.line[col.name] = value;
    } else {
      result.line[col.name] = value;
    }
  }

  checkLine(result, columns, place, problem, say);
  checkSomethingToBill(row, columns, place, problem, say);
  return result;
}

/** The columns that say what a line charges (docs/developers/rules.md#truth-of-a-run), in message order. */
function billingColumns(columns: readonly ColumnInfo[]): ColumnInfo[] {
  const rank = (c: ColumnInfo) =>
    c.name === "quantity" ? 0 : c.name === "unitPrice" ? 1 : c.name === "description" ? 3 : 2;
  return columns
    .filter(
      (c) => ["quantity", "unitPrice", "description"].includes(c.name) || isAmountField(c.name)
    )
    .sort((a, b) => rank(a) - rank(b) || a.index - b.index);
}

/** A line with no quantity, unit price, amount or description bills nothing: refused at Check. */
function checkSomethingToBill(
  row: SheetRow,
  columns: readonly ColumnInfo[],
  place: ColumnPlacer,
  problem: (column: string, text: string) => void,
  say: Say
): void {
  const billing = billingColumns(columns);
  if (billing.some((c) => !isEmptyCell(row.values[c.index]))) return;
  if (billing.length === 0) {
    problem("description", say("check.nothingToBill.noColumns", { row: row.rowNumber }));
    return;
  }
  const named = billing.map((c) => `${c.name} (${columnLetter(place(c.index))}${row.rowNumber})`);
  problem(
    "description",
    say("check.nothingToBill.empty", {
      count: named.length,
      row: row.rowNumber,
      list: listed(named, say),
    })
  );
}

function tooLong(column: string, cell: string, length: number, say: Say): string {
  return say("check.tooLong", {
    column,
    cell,
    length: whole(length, say),
    limit: whole(MAX_TEXT_LENGTH, say),
  });
}

/** Rules across the fields of one line: negative amounts, period order. */
function checkLine(
  row: ReadRow,
  columns: readonly ColumnInfo[],
  place: ColumnPlacer,
  problem: (column: string, text: string) => void,
  say: Say
): void {
  const cellOf = (name: string) => {
    const col = columns.find((c) => c.name === name);
    return col ? `${columnLetter(place(col.index))}${row.rowNumber}` : "";
  };
  if (row.line.taxCodeId === undefined && !row.problems.some((p) => p.column === "taxCodeId")) {
    problem("taxCodeId", say("check.taxCodeEmpty", { cell: cellOf("taxCodeId") }));
  }
  const lineType = typeof row.line.lineType === "string" ? row.line.lineType : undefined;
  if (!lineType || !LINE_TYPES_ALLOWING_NEGATIVE.includes(lineType)) {
    for (const [name, value] of Object.entries(row.line)) {
      const money = NUMBER_FIELDS.has(name.toLowerCase()) || isAmountField(name);
      if (money && typeof value === "number" && value < 0) {
        const reason = say("check.negativeReason");
        problem(name, say("check.negative", { column: name, value, cell: cellOf(name), reason }));
      }
    }
  }
  const { startDateTime: start, endDateTime: end } = row.line;
  if (typeof start === "string" && typeof end === "string" && Date.parse(end) < Date.parse(start)) {
    problem(
      "endDateTime",
      say("check.endBeforeStart", { end: cellOf("endDateTime"), start: cellOf("startDateTime") })
    );
  }
}
