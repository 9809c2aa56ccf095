import { isServiceId } from "../../../src/api/ids";
import { generateDataset } from "../../../simulator";
import { get, startSimulator } from "./helpers";

describe("generateDataset", () => {
  const opts = { contracts: 300, products: 30, itemsPerProduct: 4, seed: 7 };

  it("is the same for the same seed and different for another seed", () => {
    expect(generateDataset(opts)).toEqual(generateDataset(opts));
    expect(generateDataset({ ...opts, seed: 8 }).contracts[0].id).not.toBe(
      generateDataset(opts).contracts[0].id
    );
  });

  it("has the requested sizes, with contracts sharing products", () => {
    const d = generateDataset(opts);
    expect(d.contracts).toHaveLength(300);
    expect(d.products).toHaveLength(30);
    expect(d.products.every((p) => p.billingItems.length === 4)).toBe(true);
    const used = new Set(d.contracts.flatMap((c) => c.products.map((p) => p.productId)));
    expect(used.size).toBeLessThanOrEqual(30);
    const refs = d.contracts.reduce((n, c) => n + c.products.length, 0);
    expect(refs).toBeGreaterThan(used.size);
  });

  it("prices every product and billing item pair with a current generic unit price", () => {
    const d = generateDataset(opts);
    for (const p of d.products) {
      for (const b of p.billingItems) {
        const current = d.tariffs.filter(
          (t) =>
            t.productId === p.id &&
            t.billingItemId === b.billingItemId &&
            t.contractId === null &&
            t.endDateTime === null
        );
        expect(current).toHaveLength(1);
        expect(current[0].calculationType).toBe("unitprice");
      }
    }
    expect(d.tariffs.some((t) => t.contractId !== null)).toBe(true);
  });

  it("uses valid unique ids and references only existing records", () => {
    const d = generateDataset(opts);
    const ids = [
      ...d.contracts,
      ...d.products,
      ...d.billingItems,
      ...d.tariffs,
      ...d.customers,
    ].map((x) => x.id);
    expect(ids.every(isServiceId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const productIds = new Set(d.products.map((p) => p.id));
    const itemIds = new Set(d.billingItems.map((b) => b.id));
    expect(d.contracts.every((c) => c.products.every((p) => productIds.has(p.productId)))).toBe(
      true
    );
    expect(d.products.every((p) => p.billingItems.every((b) => itemIds.has(b.billingItemId)))).toBe(
      true
    );
  });

  it("is served by a simulator started with it", async () => {
    const d = generateDataset({ contracts: 20, products: 5, itemsPerProduct: 3, seed: 3 });
    const sim = await startSimulator({ dataset: d });
    try {
      const a = await get(sim, `/api/md/contracts/${d.contracts[19].id}`);
      expect(a.body.data.contractNumber).toBe("G-000020");
    } finally {
      await sim.close();
    }
  });
});
