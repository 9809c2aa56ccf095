import type { BillingClient } from "../../../../src/api/types";
import { contract, fakeSource, item, product, tariff } from "../../costs/helpers/fake-source";

/** Ids of the unit-test contract: UUIDs, as the functions demand. */
export const IDS = {
  contract: "00000000-0000-4000-8000-000000000001",
  otherContract: "00000000-0000-4000-8000-000000000002",
  product: "00000000-0000-4000-8000-000000000010",
  fixedItem: "00000000-0000-4000-8000-000000000020",
  heatItem: "00000000-0000-4000-8000-000000000021",
  unknown: "00000000-0000-4000-8000-0000000000ff",
};

/** A contract with one product: a fixed item of 120.005 + 0.0049 a year and heat at 41.2525 per Gj. */
export function costMethods(): Partial<BillingClient> {
  const source = fakeSource({
    contracts: [contract(IDS.contract, [IDS.product]), contract(IDS.otherContract, [])],
    products: [product(IDS.product, [IDS.fixedItem, IDS.heatItem], "Warmte")],
    billingItems: [
      item(IDS.fixedItem, "subscription", "Vastrecht", "year"),
      item(IDS.heatItem, "consumption", "Warmte", "gj"),
    ],
    tariffs: [
      tariff({
        id: "t1",
        productId: IDS.product,
        billingItemId: IDS.fixedItem,
        unitTariff: "120.005",
      }),
      tariff({
        id: "t2",
        productId: IDS.product,
        billingItemId: IDS.heatItem,
        unitTariff: "41.2525",
        startDateTime: "2024-01-01T00:00:00Z",
      }),
      tariff({
        id: "t3",
        productId: IDS.product,
        billingItemId: IDS.heatItem,
        unitTariff: "39.9",
        contractId: IDS.contract,
        startDateTime: "2024-01-01T00:00:00Z",
      }),
    ],
  });
  const { calls: _calls, ...methods } = source;
  return methods;
}
