import type { CostLine, TariffHistoryQuery, TariffPeriod, VariableCost } from "../costs";
import { reasonIn } from "../costs";
import { currentLanguage, tf } from "../i18n";
import { utcToExcelSerial } from "../invoices";
import type { FormattedValue, NumberFormatSupport } from "./formatted-values";
import { dateFormatFor, moneyFormatFor, withFormat } from "./formatted-values";

/** Header row of CONTRACTCOSTS (docs/controllers/functions.md: the columns a controller reads). */
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

/** Header row of TARIFFHISTORY (docs/controllers/functions.md "TARIFFHISTORY"). */
export const TARIFF_HISTORY_HEADER = [
  "validFrom",
  "validTo",
  "type",
  "unitTariff",
  "source",
  "appliesOnDate",
  "tariffId",
] as const;

type Cell = string | number | boolean | FormattedValue;

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
 * validTo are Excel date serials, so they sort and compare as dates; the tariff is the service's
 * exact decimal text as a number (converted here, at the edge, and nowhere before). Where Excel
 * supports formatted numbers (`support`, see ./formatted-values.ts) the dates carry a date format and
 * the tariff a money format with at least two decimals (79.1 shows as 79.10); elsewhere they are
 * plain numbers, as older Excel needs.
 */
export function contractCostsTable(
  lines: readonly CostLine[],
  support: NumberFormatSupport = "none"
): Cell[][] {
  const date = (iso: string | null | undefined): Cell => excelDateCell(iso, support);
  return [
    [...COSTS_HEADER],
    ...lines.map((line) => [
      line.productId,
      line.billingItemId,
      line.name,
      line.kind,
      line.unit ?? "",
      line.tariff === undefined
        ? ""
        : withFormat(Number(line.tariff), moneyFormatFor(line.tariff), support),
      line.source ?? "",
      date(line.validFrom),
      date(line.validTo),
      reasonIn(line, currentLanguage()),
    ]),
  ];
}

/** A service date as an Excel date (formatted where the host can), empty staying empty. */
function excelDateCell(iso: string | null | undefined, support: NumberFormatSupport): Cell {
  const serial = toExcelDate(iso);
  return typeof serial === "number" ? withFormat(serial, dateFormatFor(serial), support) : serial;
}

/**
 * TARIFFHISTORY: the header row, then one row per period, oldest first. `unitTariff` is the
 * service's exact decimal as a number (money-formatted where supported), or the reason the period
 * cannot be priced; `appliesOnDate` is TRUE on the one period the cost rules choose on the date. No period at
 * all is one row saying so (not an error: the answer is true).
 */
export function tariffHistoryTable(
  periods: readonly TariffPeriod[],
  query: Pick<TariffHistoryQuery, "productId" | "billingItemId" | "contractId">,
  support: NumberFormatSupport = "none"
): Cell[][] {
  if (periods.length === 0) {
    const whose = query.contractId
      ? tf("fn.tariff.genericOrContract", { contract: query.contractId })
      : tf("fn.tariff.generic");
    const sentence = tf("fn.tariff.none", {
      item: query.billingItemId,
      product: query.productId,
      whose,
    });
    return [
      [...TARIFF_HISTORY_HEADER],
      [sentence, ...TARIFF_HISTORY_HEADER.slice(1).map(() => "")],
    ];
  }
  return [
    [...TARIFF_HISTORY_HEADER],
    ...periods.map((p) => [
      excelDateCell(p.validFrom, support),
      excelDateCell(p.validTo, support),
      p.type,
      p.unitTariff === undefined
        ? reasonIn(p, currentLanguage())
        : withFormat(Number(p.unitTariff), moneyFormatFor(p.unitTariff), support),
      p.source,
      p.appliesToday,
      p.tariffId,
    ]),
  ];
}

/**
 * An ISO 8601 date-time from the service as an Excel date serial (the time as the fraction), read in
 * UTC as `readDate` reads dates, so that a tariff valid from `2024-01-01T00:00:00Z` shows as
 * 1 January 2024 in a date-formatted cell. Empty stays empty; a text that is not a date (or lies
 * outside Excel's calendar, before 1900 or after 9999) stays as it is, so nothing is silently changed.
 */
export function toExcelDate(iso: string | null | undefined): number | string {
  if (iso === null || iso === undefined || iso.trim() === "") return "";
  return utcToExcelSerial(Date.parse(iso)) ?? iso;
}
