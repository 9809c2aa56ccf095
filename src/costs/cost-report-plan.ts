/**
 * The rows of a cost report sheet, pure: the table of every contract's
 * CONTRACTCOSTS lines with the contract on each row, and the chart's data (fixed and variable costs
 * per contract and product). Money exact: sums in big.js, fixed totals rounded to the cent once.
 */
import type { ContractReport } from "./cost-report";
import { reasonIn, type CostLine } from "./cost-line";
import { reason, reasonText, type Language } from "../i18n";
import { sumMoney, toCents } from "./money";

export const REPORT_HEADER = [
  "contractId",
  "contractNumber",
  "productId",
  "product",
  "billingItemId",
  "billingItem",
  "kind",
  "unit",
  "tariff",
  "source",
  "validFrom",
  "validTo",
  "reason",
] as const;

export const CHART_HEADER = ["contract · product", "fixed EUR/year", "variable EUR/unit"] as const;

export type ReportCell = string | number;

/** What the sheet shows. */
export interface CostReportPlan {
  /** The table's header row ({@link REPORT_HEADER}) and the chart data's ({@link CHART_HEADER}). */
  header: readonly string[];
  chartHeader: readonly string[];
  /** Table rows; validFrom and validTo as the service's ISO text (the Excel layer makes them dates). */
  rows: ReportCell[][];
  /** Chart data rows: label, fixed total (or "" when not priced), variable sum (or ""), note. */
  chartRows: ReportCell[][];
  /** Contracts whose costs could not be read, and lines without a price. */
  problems: number;
}

const serial = (iso: string | null | undefined): ReportCell => iso ?? "";

function lineRow(report: ContractReport, line: CostLine, language: Language): ReportCell[] {
  return [
    report.contractId,
    report.contractNumber ?? "",
    line.productId,
    line.productName ?? "",
    line.billingItemId,
    line.name,
    line.kind,
    line.unit ?? "",
    line.tariff === undefined ? "" : Number(line.tariff),
    line.source ?? "",
    serial(line.validFrom),
    serial(line.validTo),
    reasonIn(line, language),
  ];
}

/** The sum of one kind for a product, or why there is none: never a total that leaves a line out. */
function kindTotal(
  lines: CostLine[],
  kind: "fixed" | "variable",
  language: Language
): { value: ReportCell; note?: string } {
  const ofKind = lines.filter((l) => l.kind === kind);
  const blocked =
    lines.find((l) => l.kind === "unknown") ?? ofKind.find((l) => l.tariff === undefined);
  if (blocked) {
    const why = blocked.reason === undefined ? reason("cost.none") : reasonIn(blocked, language);
    const code = kind === "fixed" ? "report.fixedNotPriced" : "report.variableNotPriced";
    return { value: "", note: reasonText(reason(code, { reason: why }), language) };
  }
  if (ofKind.length === 0) return { value: kind === "fixed" ? 0 : "" };
  const sum = sumMoney(ofKind.map((l) => l.tariff as string));
  return { value: Number(kind === "fixed" ? toCents(sum) : sum.toString()) };
}

function chartRowsOf(report: ContractReport, language: Language): ReportCell[][] {
  const products = new Map<string, CostLine[]>();
  for (const line of report.lines ?? []) {
    if (line.kind === "none" || line.productId === "") continue;
    products.set(line.productId, [...(products.get(line.productId) ?? []), line]);
  }
  return [...products.values()].map((lines) => {
    const fixed = kindTotal(lines, "fixed", language);
    const variable = kindTotal(lines, "variable", language);
    const label = `${report.contractNumber ?? report.contractId} · ${lines[0].productName ?? lines[0].productId}`;
    const note = [fixed.note, variable.note].filter(Boolean).join("; ");
    return [label, fixed.value, variable.value, note];
  });
}

/**
 * The report's rows for `reports`, in the order of the contracts as selected; the reasons and notes
 * in `language` (English by default, word for word as before).
 */
export function planCostReport(
  reports: readonly ContractReport[],
  language: Language = "en"
): CostReportPlan {
  const rows: ReportCell[][] = [];
  const chartRows: ReportCell[][] = [];
  let problems = 0;
  for (const report of reports) {
    if (report.error !== undefined || !report.lines) {
      problems++;
      const row: ReportCell[] = REPORT_HEADER.map(() => "");
      row[0] = report.contractId;
      row[6] = "error";
      row[12] = report.error ?? reasonText(reason("report.noLines"), language);
      rows.push(row);
      continue;
    }
    if (report.lines.length === 0) {
      const row: ReportCell[] = REPORT_HEADER.map(() => "");
      [row[0], row[1], row[6], row[12]] = [
        report.contractId,
        report.contractNumber ?? "",
        "none",
        reasonText(reason("report.noLines"), language),
      ];
      rows.push(row);
    }
    for (const line of report.lines) {
      if (
        line.kind === "unknown" ||
        ((line.kind === "fixed" || line.kind === "variable") && line.tariff === undefined)
      )
        problems++;
      rows.push(lineRow(report, line, language));
    }
    chartRows.push(...chartRowsOf(report, language));
  }
  return { header: REPORT_HEADER, chartHeader: CHART_HEADER, rows, chartRows, problems };
}
