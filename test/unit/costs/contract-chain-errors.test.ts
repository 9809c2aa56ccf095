import {
  contractCosts,
  contractFixedCosts,
  contractVariableCosts,
  CostError,
} from "../../../src/costs";
import { contract, fakeSource, item, MAY_2024, product, tariff } from "./helpers/fake-source";

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

  it("reports a contract without any product", async () => {
    const source = fakeSource({ contracts: [contract("c1", [])] });
    const error = await failure(contractVariableCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("no-products");
    expect(error?.message).toBe("Contract c1 has no product on 2024-05-01.");
  });

  it("reports a contract whose products are all outside the date", async () => {
    const source = fakeSource({
      contracts: [
        {
          id: "c1",
          products: [{ productId: "p1", startDateTime: "2025-01-01" }],
          serviceLocations: [],
        },
      ],
    });
    const error = await failure(contractCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("no-products");
    expect(error?.message).toContain("do not cover that date");
    expect(source.calls).toEqual(["getContract c1"]);
  });

  it("reports a product without billing items, naming the product", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", [], "Water")],
    });
    const error = await failure(contractFixedCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("no-billing-items");
    expect(error?.message).toBe('Product "Water" (p1) has no billing item on 2024-05-01.');
  });

  it("reports a product the contract references that does not exist", async () => {
    const source = fakeSource({ contracts: [contract("c1", ["p-gone"])] });
    const error = await failure(contractFixedCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("product-not-found");
    expect(error?.message).toBe("Product p-gone of contract c1 was not found.");
  });

  it("reports a billing item the product references that does not exist", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["b-gone"], "Water")],
    });
    const error = await failure(contractCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("billing-item-not-found");
    expect(error?.message).toBe('Billing item b-gone of product "Water" (p1) was not found.');
  });

  it("passes other failures of the source through unchanged", async () => {
    const outage = Object.assign(new Error("GET /api/md/contracts/{id}: 503"), {
      name: "UnavailableError",
      status: 503,
    });
    const source = { ...fakeSource({}), getContract: () => Promise.reject(outage) };
    expect(await failure(contractFixedCosts(source, "c1", MAY_2024))).toBe(outage);
  });

  it("reports a variable table without any consumption item", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["s"])],
      billingItems: [item("s", "subscription")],
      tariffs: [tariff({ productId: "p1", billingItemId: "s" })],
    });
    const error = await failure(contractVariableCosts(source, "c1", MAY_2024));
    expect(error?.code).toBe("no-variable-items");
  });
});
