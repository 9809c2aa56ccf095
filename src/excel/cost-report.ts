/**
 * The cost report sheet: the selected contract ids are read, and a report sheet is
 * written or rewritten in place — a title, one Excel table of every contract's cost lines, the chart
 * data and a clustered column chart of fixed and variable costs per contract and product. Every
 * member used is ExcelApi 1.1 (charts, tables, ranges), within the manifest's 1.9. One sync per batch.
 * Its words (sheet name, title, chart titles, errors) are the pane's language; the table's headers
 * are the same in every language (Refresh report reads them by name).
 */
import { t } from "../i18n";
import { columnLetter, utcToExcelSerial } from "../invoices";
import { SheetError } from "./sheet-error";

/** What the sheet shows (src/costs `planCostReport` makes it): the table and the chart's data. */
export interface ReportSheetPlan {
  header: readonly string[];
  chartHeader: readonly string[];
  /** Table rows in header order; the validFrom/validTo cells are ISO text, written as dates. */
  rows: (string | number)[][];
  chartRows: (string | number)[][];
  problems: number;
}

/** The table's date columns (validFrom, validTo) by name. */
const DATE_COLUMNS = ["validFrom", "validTo"];

/** Table names of cost reports start with this ("CostReport1", "CostReport2", …). */
export const REPORT_TABLE_PREFIX = "CostReport";
const TABLE_ROW = 4; // 1-based row of the table's header
/** Tariffs (EUR per unit, per year for fixed items) with their decimals, the same everywhere. */
const TARIFF_FORMAT = "#,##0.00##";
/** Money totals with their cents. */
const MONEY_FORMAT = "#,##0.00";
const DATE_FORMAT = "yyyy-mm-dd";

/** A report sheet to refresh: where it is and which contracts it shows. */
export interface ReportSheet {
  sheetName: string;
  tableName: string;
  contractIds: string[];
}

/** Distinct non-empty texts of `values`, in order, leaving out a "contractId" header cell. */
function idsOf(values: unknown[][]): string[] {
  const ids = values
    .flat()
    .map((v) => (typeof v === "string" || typeof v === "number" ? String(v).trim() : ""))
    .filter((v) => v !== "" && v.toLowerCase() !== "contractid");
  return [...new Set(ids)];
}

/** The contract ids in the selection (a column of cells). One sync. */
export async function readSelectedContractIds(): Promise<string[]> {
  return await Excel.run(async (context) => {
    const range = context.workbook.getSelectedRange();
    range.load("values,address");
    await context.sync();
    const ids = idsOf(range.values);
    if (ids.length === 0)
      throw new SheetError("no-data", t("costReport.noIds", { address: range.address }));
    return ids;
  });
}

/**
 * The cost report to refresh (its sheet, its table and the contracts in it): the active sheet's,
 * or from any other sheet the workbook's only one. Two syncs. Several reports and the active
 * sheet none of them, or no report at all: a SheetError saying what to do.
 */
export async function readActiveReport(): Promise<ReportSheet> {
  return await Excel.run(async (context) => {
    const active = context.workbook.worksheets.getActiveWorksheet();
    active.load("name");
    const tables = context.workbook.tables.load("items/name,items/worksheet/name");
    await context.sync();
    const reports = tables.items.filter((t) => t.name.startsWith(REPORT_TABLE_PREFIX));
    const here = reports.filter((t) => t.worksheet.name === active.name);
    const table = here[0] ?? (reports.length === 1 ? reports[0] : undefined);
    if (!table) {
      const message =
        reports.length === 0
          ? t("costReport.none")
          : t("costReport.several", {
              count: reports.length,
              sheets: reports.map((r) => `"${r.worksheet.name}"`).join(", "),
            });
      throw new SheetError("no-data", message);
    }
    const column = table.columns.getItem("contractId").getDataBodyRange().load("values");
    await context.sync();
    return {
      sheetName: table.worksheet.name,
      tableName: table.name,
      contractIds: idsOf(column.values),
    };
  });
}

function uniqueName(taken: readonly string[], base: string): string {
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  let n = 2;
  while (lower.has(`${base} ${n}`.toLowerCase())) n++;
  return `${base} ${n}`;
}

/** A column of `rows` cells all with `format`, as a 2-D array for `numberFormat`. */
const column = (rows: number, format: string) => Array.from({ length: rows }, () => [format]);

/**
 * Writes `plan` on a new sheet, or over `existing` in place (its table and charts replaced, its name
 * and place kept), and activates it. One sync (two for a new sheet: the names in use are read first).
 */
export async function writeCostReport(
  plan: ReportSheetPlan,
  date: Date,
  existing?: ReportSheet
): Promise<{ sheetName: string; tableName: string }> {
  return await Excel.run(async (context) => {
    const book = context.workbook;
    let sheet: Excel.Worksheet;
    let sheetName: string;
    let tableName: string;
    if (existing) {
      sheet = book.worksheets.getItem(existing.sheetName);
      const charts = sheet.charts.load("items/name");
      await context.sync();
      book.tables.getItem(existing.tableName).delete();
      for (const chart of charts.items) chart.delete();
      sheet.getRange().clear();
      ({ sheetName, tableName } = existing);
    } else {
      const sheets = book.worksheets.load("items/name");
      const tables = book.tables.load("items/name");
      await context.sync();
      sheetName = uniqueName(
        sheets.items.map((s) => s.name),
        t("costReport.sheet")
      );
      const taken = new Set(tables.items.map((t) => t.name.toLowerCase()));
      let n = 1;
      while (taken.has(`${REPORT_TABLE_PREFIX}${n}`.toLowerCase())) n++;
      tableName = `${REPORT_TABLE_PREFIX}${n}`;
      sheet = book.worksheets.add(sheetName);
    }
    writeSheet(sheet, plan, date, tableName);
    sheet.activate();
    await context.sync();
    return { sheetName, tableName };
  });
}

function writeSheet(sheet: Excel.Worksheet, plan: ReportSheetPlan, date: Date, tableName: string) {
  const title = sheet.getRange("A1:A2");
  const problems = plan.problems > 0 ? t("costReport.sheetProblems", { count: plan.problems }) : "";
  title.values = [
    [t("costReport.sheet")],
    [`${t("costReport.subtitle", { date: date.toISOString().slice(0, 10) })}${problems}`],
  ];
  sheet.getRange("A1").format.font.bold = true;

  const header = plan.header;
  const lastColumn = columnLetter(header.length - 1);
  const bottom = TABLE_ROW + plan.rows.length;
  const body = sheet.getRange(`A${TABLE_ROW}:${lastColumn}${bottom}`);
  const dateAt = DATE_COLUMNS.map((name) => header.indexOf(name));
  const asDate = (cell: string | number) =>
    typeof cell === "string" && cell !== "" ? (utcToExcelSerial(Date.parse(cell)) ?? cell) : cell;
  body.values = [
    [...header],
    ...plan.rows.map((row) => row.map((cell, i) => (dateAt.includes(i) ? asDate(cell) : cell))),
  ];
  const n = plan.rows.length;
  const formatColumn = (name: string, format: string) => {
    const letter = columnLetter(header.indexOf(name));
    sheet.getRange(`${letter}${TABLE_ROW + 1}:${letter}${bottom}`).numberFormat = column(n, format);
  };
  formatColumn("tariff", TARIFF_FORMAT);
  for (const name of DATE_COLUMNS) formatColumn(name, DATE_FORMAT);
  const table = sheet.tables.add(body, true);
  table.name = tableName;

  if (plan.chartRows.length === 0) return;
  writeCharts(sheet, plan, header.length + 1, Math.max(bottom, TABLE_ROW + plan.chartRows.length));
}

/**
 * The chart data and two charts: fixed costs (EUR a year) and unit tariffs (EUR a unit) are
 * different units, never on one axis. The data is two blocks — label and fixed total, then label,
 * variable tariff and note — each the source of its chart (a range of ExcelApi 1.1).
 */
function writeCharts(
  sheet: Excel.Worksheet,
  plan: ReportSheetPlan,
  chartColumn: number,
  bottom: number
): void {
  // The series' names (the charts' legends) in the pane's language; the label as the plan has it.
  const [label] = plan.chartHeader;
  const fixed = t("costReport.chart.fixed");
  const variable = t("costReport.chart.variable");
  const rows = plan.chartRows;
  const end = TABLE_ROW + rows.length;
  const block = (from: number, width: number) =>
    sheet.getRange(`${columnLetter(from)}${TABLE_ROW}:${columnLetter(from + width - 1)}${end}`);
  const fixedData = block(chartColumn, 2);
  fixedData.values = [[label ?? "", fixed], ...rows.map((r) => [r[0] ?? "", r[1] ?? ""])];
  const variableAt = chartColumn + 3;
  const variableData = block(variableAt, 3);
  variableData.values = [
    [label ?? "", variable, t("costReport.chart.note")],
    ...rows.map((r) => [r[0] ?? "", r[2] ?? "", r[3] ?? ""]),
  ];
  for (const from of [chartColumn, variableAt]) {
    sheet.getRange(
      `${columnLetter(from)}${TABLE_ROW}:${columnLetter(from + 2)}${TABLE_ROW}`
    ).format.font.bold = true;
  }
  const cells = (col: number, format: string) =>
    (sheet.getRange(
      `${columnLetter(col)}${TABLE_ROW + 1}:${columnLetter(col)}${end}`
    ).numberFormat = column(rows.length, format));
  cells(chartColumn + 1, MONEY_FORMAT);
  cells(variableAt + 1, TARIFF_FORMAT);
  const fixedChart = sheet.charts.add("ColumnClustered", fixedData, "Columns");
  fixedChart.title.text = t("costReport.fixedChart");
  fixedChart.setPosition(`A${bottom + 2}`);
  const variableChart = sheet.charts.add("ColumnClustered", block(variableAt, 2), "Columns");
  variableChart.title.text = t("costReport.variableChart");
  variableChart.setPosition(`A${bottom + 20}`);
}
