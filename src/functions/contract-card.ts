/**
 * BILLING.CONTRACT's result: an Excel entity value — a card with the contract's
 * number, customer, products in force, fixed total and variable tariffs, each a field a formula can
 * read (`=A2.FixedCosts`). Custom functions may return data types from CustomFunctionsRuntime 1.4 on
 * (Microsoft Learn, "Custom Functions requirement sets": "Requirement set 1.4 includes custom
 * functions integration with data types"); an older Excel would show such an object as #VALUE!, so
 * there the function returns the contract number as text, asked of the host at run time.
 */
import type { ContractSummary } from "../costs";
import { formatDay } from "../costs";
import { utcToExcelSerial } from "../invoices";
import type { NumberFormatSupport } from "./formatted-values";
import { DATE_FORMAT, moneyFormatFor } from "./formatted-values";

interface Requirements {
  isSetSupported(name: string, version?: string): boolean;
}

/** True where custom functions may return data types (CustomFunctionsRuntime 1.4). */
export function dataTypesSupported(
  requirements: Requirements | undefined = (
    globalThis as { Office?: { context?: { requirements?: Requirements } } }
  ).Office?.context?.requirements
): boolean {
  try {
    return requirements?.isSetSupported("CustomFunctionsRuntime", "1.4") === true;
  } catch {
    return false;
  }
}

/** A cell value inside an entity, in the JSON shape of Excel's data types (ExcelApi 1.16). */
export type CardValue =
  | { type: "String"; basicValue: string }
  | { type: "Double"; basicValue: number; numberFormat?: string }
  | { type: "FormattedNumber"; basicValue: number; numberFormat: string }
  | { type: "Error"; basicValue: "#N/A"; errorType: "NotAvailable" }
  | { type: "Array"; elements: CardValue[][] };

/** An entity value (Excel.EntityCellValue) as BILLING.CONTRACT returns it. */
export interface ContractCard {
  type: "Entity";
  text: string;
  properties: Record<string, CardValue>;
  layouts: {
    card: {
      title: { property: string };
      sections: { layout: "List"; title?: string; properties: string[]; collapsed?: boolean }[];
    };
  };
}

/** The fields of the card, as formulas name them (`=A2.FixedCosts`). */
export const CARD_FIELDS = [
  "ContractNumber",
  "Customer",
  "Products",
  "FixedCosts",
  "VariableTariffs",
  "Problems",
  "ContractId",
  "CustomerId",
  "Date",
] as const;

const text = (value: string): CardValue => ({ type: "String", basicValue: value });
const NOT_AVAILABLE: CardValue = { type: "Error", basicValue: "#N/A", errorType: "NotAvailable" };

/** A number with its format where the host can carry one (./formatted-values.ts), else plain. */
function number(value: number, format: string, support: NumberFormatSupport): CardValue {
  if (support === "double") return { type: "Double", basicValue: value, numberFormat: format };
  if (support === "formattedNumber") {
    return { type: "FormattedNumber", basicValue: value, numberFormat: format };
  }
  return { type: "Double", basicValue: value };
}

/**
 * The card of a contract summary. A total that cannot be given is `#N/A` in its field, with the
 * reason in `Problems` (never a silently wrong number); the variable tariffs are a nested table
 * with a header row (name, unit, EUR per unit).
 */
export function contractCard(
  summary: ContractSummary,
  customerName: string,
  support: NumberFormatSupport
): ContractCard {
  const { contract, fixed, variable } = summary;
  const problems: string[] = [];
  let fixedValue: CardValue = NOT_AVAILABLE;
  if ("total" in fixed)
    fixedValue = number(Number(fixed.total), moneyFormatFor(fixed.total), support);
  else problems.push(fixed.message);
  let tariffs: CardValue = NOT_AVAILABLE;
  if (Array.isArray(variable)) {
    tariffs = {
      type: "Array",
      elements: [
        [text("billingItem"), text("unit"), text("tariff")],
        ...variable.map((v) => [
          text(v.name),
          text(v.unit ?? ""),
          v.tariff === undefined
            ? text("")
            : number(Number(v.tariff), moneyFormatFor(v.tariff), support),
        ]),
      ],
    };
  } else {
    problems.push(variable.message);
  }
  const products: CardValue =
    summary.products.length === 0
      ? text(`no product on ${formatDay(summary.date)}`)
      : { type: "Array", elements: summary.products.map((p) => [text(p.name ?? p.productId)]) };
  const serial = utcToExcelSerial(summary.date.getTime());
  const number_ = contract.contractNumber ?? contract.id;
  return {
    type: "Entity",
    text: number_,
    properties: {
      ContractNumber: text(number_),
      Customer: text(customerName),
      Products: products,
      FixedCosts: fixedValue,
      VariableTariffs: tariffs,
      Problems: text(problems.join(" ")),
      ContractId: text(contract.id),
      CustomerId: text(contract.customerId ?? ""),
      Date:
        serial === undefined
          ? text(formatDay(summary.date))
          : number(Math.floor(serial), DATE_FORMAT, support),
    },
    layouts: {
      card: {
        title: { property: "ContractNumber" },
        sections: [
          {
            layout: "List",
            properties: ["Customer", "Products", "FixedCosts", "VariableTariffs", "Problems"],
          },
          {
            layout: "List",
            title: "Ids and date",
            properties: ["ContractId", "CustomerId", "Date"],
            collapsed: true,
          },
        ],
      },
    },
  };
}
