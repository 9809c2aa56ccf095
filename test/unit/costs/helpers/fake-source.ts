import type { BillingItem, BillingTariff, Contract, Product } from "../../../../src/api/types";
import type { CostSource } from "../../../../src/costs";

/** The client's 404, as the cost rules recognise it (by name and status). */
export class FakeNotFoundError extends Error {
  override name = "NotFoundError" as const;
  readonly status = 404;
}

/** An in-memory CostSource; `calls` records every call, e.g. "getProduct p1". */
export interface FakeSource extends CostSource {
  calls: string[];
}

/** Builds a CostSource over fixed data. Unknown ids reject with a 404. */
export function fakeSource(data: {
  contracts?: Contract[];
  products?: Product[];
  billingItems?: BillingItem[];
  tariffs?: BillingTariff[];
}): FakeSource {
  const calls: string[] = [];
  const find = <T extends { id: string }>(list: T[] | undefined, id: string, what: string) => {
    const found = list?.find((x) => x.id === id);
    return found
      ? Promise.resolve(structuredClone(found))
      : Promise.reject(new FakeNotFoundError(`${what} ${id}`));
  };
  return {
    calls,
    getContract: (id) => (calls.push(`getContract ${id}`), find(data.contracts, id, "contract")),
    getProduct: (id) => (calls.push(`getProduct ${id}`), find(data.products, id, "product")),
    getBillingItem: (id) => (
      calls.push(`getBillingItem ${id}`),
      find(data.billingItems, id, "item")
    ),
    getBillingTariffs: (productId, billingItemId) => {
      calls.push(`getBillingTariffs ${productId} ${billingItemId}`);
      return Promise.resolve(
        (data.tariffs ?? []).filter(
          (t) => t.productId === productId && t.billingItemId === billingItemId
        )
      );
    },
  };
}

/** A unit-price tariff with sensible defaults. */
export function tariff(
  fields: Partial<BillingTariff> & Pick<BillingTariff, "productId" | "billingItemId">
): BillingTariff {
  return {
    id: `t-${Math.random().toString(16).slice(2, 10)}`,
    contractId: null,
    startDateTime: "2020-01-01T00:00:00Z",
    endDateTime: null,
    calculationType: "unitprice",
    unitTariff: "1.00",
    ...fields,
  };
}

/** A billing item. */
export function item(
  id: string,
  kind: BillingItem["kind"],
  name = `Item ${id}`,
  unitOfMeasure?: string
): BillingItem {
  return { id, name, kind, unitOfMeasure };
}

/** A contract holding the given products without periods. */
export function contract(id: string, productIds: string[]): Contract {
  return { id, products: productIds.map((productId) => ({ productId })), serviceLocations: [] };
}

/** A product holding the given billing items without periods. */
export function product(id: string, billingItemIds: string[], name = `Product ${id}`): Product {
  return { id, name, billingItems: billingItemIds.map((billingItemId) => ({ billingItemId })) };
}

/** 1 May 2024, midnight UTC: the date most tests price at. */
export const MAY_2024 = new Date("2024-05-01T00:00:00Z");
