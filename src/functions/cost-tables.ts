import type { CostLine, VariableCost } from "../costs";
import { toExcelDate } from "./excel-date";

/** Header row of CONTRACTCOSTS (DESIGN.md "Custom functions"). */
export const COSTS_HEADER = [
  "productId",
  "billingItemId",
  "name",
  "kind",
  "unit",
  "tariff",
  "source",
  "validFrom",
  "validTo",
  "reason",
] as const;

type Cell = string | number;

/**
 * CONTRACTVARIABLECOSTS rows: billing item name, unit, EUR per unit (a number, as sent); the row
 * saying there is no variable charge has empty unit and tariff cells.
 */
export function variableCostsTable(rows: readonly VariableCost[]): Cell[][] {
  return rows.map((row) => [
    row.name,
    row.unit ?? "",
    row.tariff === undefined ? "" : Number(row.tariff),
  ]);
}

/**
 * CONTRACTCOSTS: the header row, then one row per line; empty cells are empty text. validFrom and
 * validTo are Excel date serials (format the columns as dates), so they sort and compare as dates.
 */
export function contractCostsTable(lines: readonly CostLine[]): Cell[][] {
  return [
    [...COSTS_HEADER],
    ...lines.map((line) => [
      line.productId,
      line.billingItemId,
      line.name,
      line.kind,
      line.unit ?? "",
      line.tariff === undefined ? "" : Number(line.tariff),
      line.source ?? "",
      toExcelDate(line.validFrom),
      toExcelDate(line.validTo),
      line.reason ?? "",
    ]),
  ];
}
