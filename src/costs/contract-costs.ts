import type { BillingTariff, CallOptions, Contract } from "../api";
import { chooseTariff } from "./choose-tariff";
import { CostError } from "./cost-error";
import { lineReason, type CostKind, type CostLine } from "./cost-line";
import { reason, type Reason } from "../i18n";
import type { CostSource } from "./cost-source";
import { formatDay } from "./dates";
import { describe, loadContractLines } from "./contract-lines";
import { isNotFoundError } from "../api";
import { sumMoney, toCents } from "./money";
import { priceTariff } from "./price-tariff";

/** A contract's fixed costs: EUR per year, rounded to the cent, and the lines summed. */
export interface FixedCosts {
  /** Decimal text with two decimals, e.g. "1234.56". */
  total: string;
  currency: "EUR";
  lines: CostLine[];
}

/** One variable (consumption) charge: EUR per unit as the service sent it. */
export interface VariableCost {
  productId: string;
  billingItemId: string;
  name: string;
  unit?: string;
  /**
   * EUR per unit, decimal text exactly as sent (may carry four decimals); absent only on the one
   * row that says there is no variable charge at the date.
   */
  tariff?: string;
}

const FIXED: ReadonlySet<CostKind> = new Set(["fixed"]);
const VARIABLE: ReadonlySet<CostKind> = new Set(["variable"]);
const PRICED: ReadonlySet<CostKind> = new Set(["fixed", "variable"]);

/**
 * The contract's fixed costs at `date` in EUR per year (docs/developers/rules.md#totals): the exact
 * sum of the unit tariffs of its relevant subscription items, per product, rounded half up to the
 * cent at the end. Throws a {@link CostError} naming the billing item when any of them cannot be
 * priced.
 */
export async function contractFixedCosts(
  source: CostSource,
  contractId: string,
  date: Date,
  options: CallOptions = {}
): Promise<FixedCosts> {
  const { lines } = await loadContractLines(source, contractId, date, FIXED, options);
  failOnUnresolved(lines, contractId);
  // No subscription item (or no product) at the date: the contract has no fixed cost then, 0.00.
  const fixed = lines.filter((line) => line.kind === "fixed");
  failOnUnpriced(fixed, contractId);
  return {
    total: toCents(sumMoney(fixed.map((line) => line.tariff as string))),
    currency: "EUR",
    lines: fixed,
  };
}

/**
 * The contract's variable (consumption) charges at `date`, one per product and billing item, in the
 * contract's order. With no product at the date, or no variable item, one row says so instead (its
 * `name` is the sentence, it has no tariff), as the fixed costs are 0.00 then: nothing of a kind
 * is a true answer, not a fault, and must not break a column of formulas
 * (docs/developers/rules.md#cost-rules). Throws a {@link CostError} when a component cannot be
 * resolved or a charge cannot be priced.
 */
export async function contractVariableCosts(
  source: CostSource,
  contractId: string,
  date: Date,
  options: CallOptions = {}
): Promise<VariableCost[]> {
  const { lines, hasProducts } = await loadContractLines(
    source,
    contractId,
    date,
    VARIABLE,
    options
  );
  if (!hasProducts) return [noneRow(`no product on ${formatDay(date)}`)];
  failOnUnresolved(lines, contractId);
  const variable = lines.filter((line) => line.kind === "variable");
  if (variable.length === 0) return [noneRow(`no variable billing item on ${formatDay(date)}`)];
  failOnUnpriced(variable, contractId);
  return variable.map(({ productId, billingItemId, name, unit, tariff }) => ({
    productId,
    billingItemId,
    name,
    unit,
    tariff: tariff as string,
  }));
}

function noneRow(sentence: string): VariableCost {
  return { productId: "", billingItemId: "", name: sentence };
}

/**
 * Every (product, billing item) line of the contract at `date`: priced lines with their tariff and its
 * source and validity; lines that cannot be priced, or are not cost items, with the reason.
 */
export async function contractCosts(
  source: CostSource,
  contractId: string,
  date: Date,
  options: CallOptions = {}
): Promise<CostLine[]> {
  return (await loadContractLines(source, contractId, date, PRICED, options)).lines;
}

/**
 * The unit tariff (decimal text as sent) that applies to (product, billing item) at `date`: the
 * contract's own when `contractId` is given and it has one, else the generic one.
 * Throws a {@link CostError} when the contract does not exist, no tariff applies, or the one that
 * applies cannot be priced.
 */
export async function applicableTariff(
  source: CostSource,
  productId: string,
  billingItemId: string,
  contractId: string | undefined,
  date: Date,
  options: CallOptions = {}
): Promise<string> {
  const [, tariffs] = await Promise.all([
    contractId ? readContract(source, contractId, options) : undefined,
    source.getBillingTariffs(productId, billingItemId, options),
  ]);
  const chosen = chooseTariff(tariffs, { productId, billingItemId, contractId, date });
  const subject = reason("cost.subject", { item: billingItemId, product: productId });
  if (!chosen) {
    const whose = contractId
      ? reason("cost.whose.neither", { contract: contractId })
      : reason("cost.whose.generic");
    throw new CostError(
      "no-tariff",
      reason("cost.noTariff", { subject, date: formatDay(date), whose })
    );
  }
  return unitTariffOf(chosen.tariff, subject);
}

function unitTariffOf(tariff: BillingTariff, subject: Reason): string {
  const price = priceTariff(tariff);
  if (!price.ok) {
    throw new CostError("unpriceable", reason("cost.cannotPrice", { subject, reason: price.why }));
  }
  return price.unitTariff;
}

/** The contract; a CostError "contract-not-found" when the service does not hold it. */
export async function readContract(
  source: CostSource,
  contractId: string,
  options: CallOptions = {}
): Promise<Contract> {
  try {
    return await source.getContract(contractId, options);
  } catch (e) {
    if (!isNotFoundError(e)) throw e;
    throw new CostError(
      "contract-not-found",
      reason("cost.contractNotFound", { contract: contractId }),
      { cause: e }
    );
  }
}

/**
 * Throws for the first component that cannot be resolved (a missing product or billing item, a
 * product without items at the date), naming it and counting the others.
 */
function failOnUnresolved(lines: readonly CostLine[], contractId: string): void {
  const unresolved = lines.filter((line) => line.kind === "unknown");
  if (unresolved.length === 0) return;
  const [first] = unresolved;
  const why = whyOf(first, reason("cost.componentMissing"));
  const count = unresolved.length - 1;
  const more = count > 0 ? reason("cost.moreProblems", { count }) : "";
  throw new CostError(
    first.problem ?? "invalid-data",
    reason("cost.unresolved", { contract: contractId, reason: why, more })
  );
}

/** Throws for the first line without a price, naming its billing item and counting the others. */
function failOnUnpriced(lines: readonly CostLine[], contractId: string): void {
  const unpriced = lines.filter((line) => line.tariff === undefined);
  if (unpriced.length === 0) return;
  const [first] = unpriced;
  const count = unpriced.length - 1;
  throw new CostError(
    first.problem ?? "no-tariff",
    reason("cost.unpriced", {
      item: describe(first.name, first.billingItemId),
      product: describe(first.productName, first.productId),
      contract: contractId,
      reason: whyOf(first, reason("cost.none")),
      more: count > 0 ? reason("cost.moreItems", { count }) : "",
    })
  );
}

/** A line's reason: its code and values, else its English words, else `otherwise`. */
function whyOf(line: CostLine, otherwise: Reason): Reason | string {
  return lineReason(line) ?? line.reason ?? otherwise;
}
