/**
 * docs/developers/rules.md#cost-rules: a contract with no product at the date
 * costs nothing; one unresolvable component keeps the rest of the breakdown and fails only the
 * totals, naming it; fixed and variable costs answer alike when there is nothing of their kind.
 */
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

const ended = () =>
  fakeSource({
    contracts: [
      {
        id: "c1",
        products: [{ productId: "p1", startDateTime: "2020-01-01", endDateTime: "2024-01-01" }],
        serviceLocations: [],
      },
    ],
  });

describe("a contract with no product at the date (ended, not started, empty)", () => {
  it("has fixed costs 0.00, without reading any product", async () => {
    const source = ended();
    expect(await contractFixedCosts(source, "c1", MAY_2024)).toEqual({
      total: "0.00",
      currency: "EUR",
      lines: [],
    });
    expect(source.calls).toEqual(["getContract c1"]);
  });

  it("lists one variable row saying so", async () => {
    expect(await contractVariableCosts(ended(), "c1", MAY_2024)).toEqual([
      { productId: "", billingItemId: "", name: "no product on 2024-05-01" },
    ]);
  });

  it("shows one breakdown row saying so", async () => {
    const source = fakeSource({ contracts: [contract("c1", [])] });
    expect(await contractCosts(source, "c1", MAY_2024)).toEqual([
      {
        productId: "",
        billingItemId: "",
        name: "",
        kind: "none",
        problem: "no-products",
        reason: "no product on 2024-05-01",
      },
    ]);
  });

  it("that does not exist is still not found", async () => {
    const error = await failure(contractFixedCosts(fakeSource({}), "c-missing", MAY_2024));
    expect(error?.code).toBe("contract-not-found");
  });
});

describe("one component that cannot be resolved", () => {
  const source = () =>
    fakeSource({
      contracts: [contract("c1", ["p1", "p-gone", "p3", "p4"])],
      products: [
        product("p1", ["fix", "var"], "Heat"),
        product("p3", ["fix", "b-gone"], "Water"),
        product("p4", [], "Empty"),
      ],
      billingItems: [item("fix", "subscription", "Standing"), item("var", "consumption", "Usage")],
      tariffs: [
        tariff({ productId: "p1", billingItemId: "fix", unitTariff: "100.10" }),
        tariff({ productId: "p1", billingItemId: "var", unitTariff: "0.25" }),
        tariff({ productId: "p3", billingItemId: "fix", unitTariff: "50.00" }),
      ],
    });

  it("keeps every other breakdown row and gives that row its reason", async () => {
    const lines = await contractCosts(source(), "c1", MAY_2024);
    expect(lines.map((l) => [l.productId, l.billingItemId, l.kind, l.tariff, l.reason])).toEqual([
      ["p1", "fix", "fixed", "100.10", undefined],
      ["p1", "var", "variable", "0.25", undefined],
      ["p-gone", "", "unknown", undefined, "product p-gone was not found"],
      ["p3", "fix", "fixed", "50.00", undefined],
      [
        "p3",
        "b-gone",
        "unknown",
        undefined,
        'billing item b-gone of product "Water" (p3) was not found',
      ],
      ["p4", "", "unknown", undefined, 'product "Empty" (p4) has no billing item on 2024-05-01'],
    ]);
  });

  it("makes the fixed total an error naming the first and counting the rest", async () => {
    const error = await failure(contractFixedCosts(source(), "c1", MAY_2024));
    expect(error?.code).toBe("product-not-found");
    expect(error?.message).toBe(
      "Cannot work out the costs of contract c1: product p-gone was not found (and 2 more problem(s); CONTRACTCOSTS lists them)."
    );
  });

  it("makes the variable list an error too", async () => {
    const only = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["var", "b-gone"], "Heat")],
      billingItems: [item("var", "consumption", "Usage")],
      tariffs: [tariff({ productId: "p1", billingItemId: "var", unitTariff: "0.25" })],
    });
    const error = await failure(contractVariableCosts(only, "c1", MAY_2024));
    expect(error?.code).toBe("billing-item-not-found");
    expect(error?.message).toBe(
      'Cannot work out the costs of contract c1: billing item b-gone of product "Heat" (p1) was not found.'
    );
  });
});

describe("nothing of a kind: fixed and variable answer alike", () => {
  const onlyVariable = () =>
    fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["var"])],
      billingItems: [item("var", "consumption", "Usage")],
      tariffs: [tariff({ productId: "p1", billingItemId: "var", unitTariff: "0.25" })],
    });
  const onlyFixed = () =>
    fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["fix"])],
      billingItems: [item("fix", "subscription", "Standing")],
      tariffs: [tariff({ productId: "p1", billingItemId: "fix", unitTariff: "10.00" })],
    });

  it("fixed costs without a subscription item are 0.00", async () => {
    expect((await contractFixedCosts(onlyVariable(), "c1", MAY_2024)).total).toBe("0.00");
  });

  it("variable costs without a consumption item are one row saying so", async () => {
    expect(await contractVariableCosts(onlyFixed(), "c1", MAY_2024)).toEqual([
      { productId: "", billingItemId: "", name: "no variable billing item on 2024-05-01" },
    ]);
  });
});
