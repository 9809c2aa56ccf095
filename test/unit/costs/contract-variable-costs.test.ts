import { contractVariableCosts, CostError } from "../../../src/costs";
import { contract, fakeSource, item, MAY_2024, product, tariff } from "./helpers/fake-source";

describe("contractVariableCosts: one row per consumption item, EUR per unit as sent", () => {
  const billingItems = [
    item("heat", "consumption", "Warmte", "gj"),
    item("power", "consumption", "Elektriciteit", "kwh"),
    item("fixed", "subscription", "Vastrecht"),
    item("unit", "consumptionunit", "Meetpunt"),
  ];

  it("lists consumption items with unit and unit tariff, in the contract's and product's order", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1", "p2"])],
      products: [product("p1", ["fixed", "heat", "unit"]), product("p2", ["power", "heat"])],
      billingItems,
      tariffs: [
        tariff({ productId: "p1", billingItemId: "heat", unitTariff: "42.1234" }),
        tariff({ productId: "p1", billingItemId: "fixed", unitTariff: "100" }),
        tariff({ productId: "p2", billingItemId: "power", unitTariff: "0.2875" }),
        tariff({ productId: "p2", billingItemId: "heat", unitTariff: "40" }),
        tariff({ productId: "p2", billingItemId: "heat", unitTariff: "39.5", contractId: "c1" }),
      ],
    });
    const rows = await contractVariableCosts(source, "c1", MAY_2024);
    expect(rows).toEqual([
      { productId: "p1", billingItemId: "heat", name: "Warmte", unit: "gj", tariff: "42.1234" },
      {
        productId: "p2",
        billingItemId: "power",
        name: "Elektriciteit",
        unit: "kwh",
        tariff: "0.2875",
      },
      { productId: "p2", billingItemId: "heat", name: "Warmte", unit: "gj", tariff: "39.5" },
    ]);
  });

  it("follows the product's order field for its billing items", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [
        {
          id: "p1",
          billingItems: [
            { billingItemId: "heat", order: 2 },
            { billingItemId: "power", order: 1 },
          ],
        },
      ],
      billingItems,
      tariffs: [
        tariff({ productId: "p1", billingItemId: "heat" }),
        tariff({ productId: "p1", billingItemId: "power" }),
      ],
    });
    expect(
      (await contractVariableCosts(source, "c1", MAY_2024)).map((r) => r.billingItemId)
    ).toEqual(["power", "heat"]);
  });

  it("fails naming the item when a consumption item cannot be priced", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["heat"])],
      billingItems,
      tariffs: [
        tariff({
          productId: "p1",
          billingItemId: "heat",
          calculationType: "volume",
          unitTariff: undefined,
        }),
      ],
    });
    const error = (await contractVariableCosts(source, "c1", MAY_2024).catch(
      (e: unknown) => e
    )) as CostError;
    expect(error).toBeInstanceOf(CostError);
    expect(error.code).toBe("unpriceable");
    expect(error.message).toContain('"Warmte" (heat)');
  });
});
