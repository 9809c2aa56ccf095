/**
 * A deterministic synthetic dataset for benchmarks: many contracts sharing few products, so that a
 * client with a cache fetches each product, billing item and tariff list once.
 */
import { createPrng } from "../prng";
import type {
  DataBillingItem,
  DataContract,
  DataCustomer,
  DataProduct,
  DataServiceLocation,
  Dataset,
  DataTariff,
} from "./dataset-types";
import { demoDataset } from "./demo";
import { simId } from "./ids";

/** Sizes of the generated dataset. */
export interface GenerateOptions {
  contracts: number;
  products: number;
  itemsPerProduct: number;
  /** Same seed, same dataset; also part of every id (second group). */
  seed: number;
}

const UNITS = { subscription: "year", consumption: ["gj", "kwh", "m3"] } as const;

/**
 * Generates a dataset: `contracts` contracts with one or two products each, drawn from `products`
 * products of `itemsPerProduct` billing items from a shared pool; every (product, item) pair has an
 * expired and a current generic unit price; every tenth contract has its own price for one item.
 * Tax codes, bank accounts and property groups are the demo ones (`DEMO` ids).
 */
export function generateDataset(options: Partial<GenerateOptions> = {}): Dataset {
  const o: GenerateOptions = {
    contracts: 300,
    products: 30,
    itemsPerProduct: 4,
    seed: 1,
    ...options,
  };
  const rnd = createPrng(o.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const price = (max: number, decimals: number) => Number((rnd() * max + 0.01).toFixed(decimals));
  const demo = demoDataset();

  const poolSize = Math.max(o.itemsPerProduct, Math.ceil((o.products * o.itemsPerProduct) / 3));
  const billingItems: DataBillingItem[] = [];
  for (let i = 1; i <= poolSize; i++) {
    const subscription = i % 2 === 1;
    billingItems.push({
      id: simId("billingItem", i, o.seed),
      name: `${subscription ? "Fixed charge" : "Usage"} ${i}`,
      description: `Generated billing item ${i}`,
      kind: subscription ? "subscription" : "consumption",
      unitOfMeasure: subscription ? UNITS.subscription : pick(UNITS.consumption),
    });
  }

  const products: DataProduct[] = [];
  const tariffs: DataTariff[] = [];
  let tariffNo = 0;
  const addTariff = (t: Omit<DataTariff, "id">) => {
    tariffNo += 1;
    tariffs.push({ id: simId("tariff", tariffNo, o.seed), ...t });
  };
  for (let p = 1; p <= o.products; p++) {
    const id = simId("product", p, o.seed);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(o.itemsPerProduct, poolSize))
      chosen.add(Math.floor(rnd() * poolSize));
    const items = [...chosen].map((idx, order) => ({
      billingItemId: billingItems[idx].id,
      order: order + 1,
      periodicityType: "regular" as const,
    }));
    products.push({ id, name: `Generated product ${p}`, billingItems: items });
    for (const item of items) {
      const sub = billingItems.find((b) => b.id === item.billingItemId)?.kind === "subscription";
      const base = {
        productId: id,
        billingItemId: item.billingItemId,
        contractId: null,
        calculationType: "unitprice" as const,
      };
      addTariff({
        ...base,
        startDateTime: "2025-01-01T00:00:00Z",
        endDateTime: "2026-01-01T00:00:00Z",
        unitTariff: sub ? price(500, 2) : price(50, 4),
      });
      addTariff({
        ...base,
        startDateTime: "2026-01-01T00:00:00Z",
        endDateTime: null,
        unitTariff: sub ? price(500, 2) : price(50, 4),
      });
    }
  }

  const customerCount = Math.max(1, Math.ceil(o.contracts / 4));
  const customers = Array.from({ length: customerCount }, (_, i): DataCustomer => {
    const companyName = `Generated customer ${i + 1}`;
    return {
      id: simId("customer", i + 1, o.seed),
      accountNumber: `GEN-${String(i + 1).padStart(5, "0")}`,
      customerType: "organization",
      companyName,
      shortDisplayName: companyName,
    };
  });
  const serviceLocations = customers.map((c, i): DataServiceLocation => ({
    id: simId("serviceLocation", i + 1, o.seed),
    name: `Location ${i + 1}`,
    address: {
      streetName: "Generated street",
      streetNumber: String(i + 1),
      postalCode: "1000 AA",
      city: "Amsterdam",
      country: "nld",
    },
    customerId: c.id,
  }));

  const contracts: DataContract[] = [];
  for (let c = 1; c <= o.contracts; c++) {
    const id = simId("contract", c, o.seed);
    const customerIdx = (c - 1) % customerCount;
    const first = pick(products);
    const refs = [
      { productId: first.id, startDateTime: "2024-01-01T00:00:00Z", endDateTime: null },
    ];
    if (rnd() < 0.3) {
      const second = pick(products);
      if (second.id !== first.id) {
        refs.push({
          productId: second.id,
          startDateTime: "2024-01-01T00:00:00Z",
          endDateTime: null,
        });
      }
    }
    contracts.push({
      id,
      contractNumber: `G-${String(c).padStart(6, "0")}`,
      customerId: customers[customerIdx].id,
      products: refs,
      serviceLocationIds: [serviceLocations[customerIdx].id],
    });
    if (c % 10 === 0 && first.billingItems.length > 0) {
      addTariff({
        productId: first.id,
        billingItemId: first.billingItems[0].billingItemId,
        contractId: id,
        calculationType: "unitprice",
        startDateTime: "2026-01-01T00:00:00Z",
        endDateTime: null,
        unitTariff: price(100, 2),
      });
    }
  }

  return {
    customers,
    serviceLocations,
    contracts,
    products,
    billingItems,
    tariffs,
    taxCodes: demo.taxCodes,
    bankAccounts: demo.bankAccounts,
    propertyGroupConfigs: demo.propertyGroupConfigs,
  };
}
