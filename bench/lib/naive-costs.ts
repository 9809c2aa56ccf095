/**
 * A naive per-cell implementation of the cost chain, for comparison only: every cell follows the
 * interface document's recommended order on its own ("get the contract; for each relevant ProductId
 * get the product; for each BillingItemId get the billing item; for each product/billing item pair
 * get the tariffs"), one request after another, with no cache and nothing shared with other cells.
 */
import type { BillingClient } from "../../src/api";
import { chooseTariff, isActiveAt } from "../../src/costs";

/** One cell of the benchmark's recalculation. */
export type BenchCall =
  | { fn: "CONTRACTFIXEDCOSTS" | "CONTRACTVARIABLECOSTS" | "CONTRACTCOSTS"; contractId: string }
  | { fn: "TARIFF"; contractId: string; productId: string; billingItemId: string };

/** Runs one cell naively; the result is not needed, only the requests and the time. */
export async function naiveCell(client: BillingClient, call: BenchCall, date: Date): Promise<void> {
  const contract = await client.getContract(call.contractId);
  if (call.fn === "TARIFF") {
    const tariffs = await client.getBillingTariffs(call.productId, call.billingItemId);
    chooseTariff(tariffs, { ...call, date });
    return;
  }
  for (const ref of contract.products.filter((p) => isActiveAt(p, date))) {
    const product = await client.getProduct(ref.productId);
    for (const entry of product.billingItems.filter((i) => isActiveAt(i, date))) {
      await client.getBillingItem(entry.billingItemId);
      const tariffs = await client.getBillingTariffs(ref.productId, entry.billingItemId);
      chooseTariff(tariffs, {
        productId: ref.productId,
        billingItemId: entry.billingItemId,
        contractId: contract.id,
        date,
      });
    }
  }
}
