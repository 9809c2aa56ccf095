import type { CallOptions, Contract } from "../api";
import { contractCosts, contractFixedCosts, contractVariableCosts } from "./contract-costs";
import type { FixedCosts, VariableCost } from "./contract-costs";
import { isCostError } from "./cost-error";
import type { CostError } from "./cost-error";
import type { CostSource } from "./cost-source";
import { relevantProducts } from "./contract-lines";

/** A product of a contract in force at the date. */
export interface ProductInForce {
  productId: string;
  /** The product's name (from the product, else the contract's entry); undefined when neither has one. */
  name?: string;
}

/** A contract at a glance at a date (BILLING.CONTRACT's card). */
export interface ContractSummary {
  contract: Contract;
  date: Date;
  products: ProductInForce[];
  /** The fixed costs, or why they cannot be given (the card shows the reason, not a wrong total). */
  fixed: FixedCosts | CostError;
  /** The variable tariffs, or why they cannot be given. */
  variable: VariableCost[] | CostError;
}

/**
 * Reads a contract and works out its fixed total and variable tariffs at `date` by the very rules of
 * CONTRACTFIXEDCOSTS and CONTRACTVARIABLECOSTS (their requests are shared through the client's
 * cache and in-flight merging, so the card costs no more than the three functions together). A
 * contract that does not exist is a CostError "contract-not-found"; a total that cannot be given
 * is kept as its CostError beside the rest.
 */
export async function contractSummary(
  source: CostSource,
  contractId: string,
  date: Date,
  options: CallOptions = {}
): Promise<ContractSummary> {
  const settle = <T>(work: Promise<T>): Promise<T | CostError> =>
    work.catch((e: unknown) => {
      if (isCostError(e) && e.code !== "contract-not-found") return e;
      throw e;
    });
  const [lines, fixed, variable] = await Promise.all([
    contractCosts(source, contractId, date, options),
    settle(contractFixedCosts(source, contractId, date, options)),
    settle(contractVariableCosts(source, contractId, date, options)),
  ]);
  const contract = await source.getContract(contractId, options);
  const names = new Map<string, string>();
  for (const line of lines) {
    if (line.productName) names.set(line.productId.toLowerCase(), line.productName);
  }
  const products = relevantProducts(contract, date).map((entry) => ({
    productId: entry.productId,
    name: names.get(entry.productId.toLowerCase()) ?? entry.productName,
  }));
  return { contract, date, products, fixed, variable };
}
