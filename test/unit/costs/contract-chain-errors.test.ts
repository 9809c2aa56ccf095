import { contractCosts, contractFixedCosts, CostError } from "../../../src/costs";
import { contract, fakeSource, MAY_2024, product } from "./helpers/fake-source";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as CostError
  );

describe("cost chain: a broken chain is a CostError that says what is missing", () => {
  it("reports an unknown contract", async () => {
    const error = await failure(contractFixedCosts(fakeSource({}), "c-missing", MAY_2024));
    expect(error).toBeInstanceOf(CostError);
    expect(error?.code).toBe("contract-not-found");
    expect(error?.message).toBe("Contract c-missing was not found.");
  });

  it("reports a product without billing items, naming the product", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", [], "Water")],
    });
    const error = await failure(contractFixedCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("no-billing-items");
    expect(error?.message).toBe(
      'Cannot work out the costs of contract c1: product "Water" (p1) has no billing item on 2024-05-01.'
    );
  });

  it("reports a product the contract references that does not exist", async () => {
    const source = fakeSource({ contracts: [contract("c1", ["p-gone"])] });
    const error = await failure(contractFixedCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("product-not-found");
    expect(error?.message).toBe(
      "Cannot work out the costs of contract c1: product p-gone was not found."
    );
  });

  it("shows a billing item the product references that does not exist as a row", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["b-gone"], "Water")],
    });
    expect(await contractCosts(source, "c1", MAY_2024)).toEqual([
      {
        productId: "p1",
        productName: "Water",
        billingItemId: "b-gone",
        name: "",
        kind: "unknown",
        problem: "billing-item-not-found",
        reason: 'billing item b-gone of product "Water" (p1) was not found',
      },
    ]);
  });

  it("passes other failures of the source through unchanged", async () => {
    const outage = Object.assign(new Error("GET /api/md/contracts/{id}: 503"), {
      name: "UnavailableError",
      status: 503,
    });
    const source = { ...fakeSource({}), getContract: () => Promise.reject(outage) };
    expect(await failure(contractFixedCosts(source, "c1", MAY_2024))).toBe(outage);
  });
});
