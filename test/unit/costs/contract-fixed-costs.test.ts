import { contractFixedCosts, CostError } from "../../../src/costs";
import { contract, fakeSource, item, MAY_2024, product, tariff } from "./helpers/fake-source";

const items = [
  item("sub-a", "subscription", "Vastrecht", "year"),
  item("sub-b", "subscription", "Meterhuur", "month"),
  item("cons", "consumption", "Warmte", "gj"),
  item("attr", "attribute", "Aansluitwaarde"),
];

describe("contractFixedCosts: EUR per year of the relevant subscription items", () => {
  it("sums the unit tariffs of subscription items exactly and leaves consumption and other items out", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["sub-a", "sub-b", "cons", "attr"])],
      billingItems: items,
      tariffs: [
        tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "100.10" }),
        tariff({ productId: "p1", billingItemId: "sub-b", unitTariff: "0.2" }),
        tariff({ productId: "p1", billingItemId: "cons", unitTariff: "9999" }),
        tariff({ productId: "p1", billingItemId: "attr", unitTariff: "5000" }),
      ],
    });
    const result = await contractFixedCosts(source, "c1", MAY_2024);
    expect(result.total).toBe("100.30");
    expect(result.currency).toBe("EUR");
    expect(result.lines.map((l) => l.billingItemId)).toEqual(["sub-a", "sub-b"]);
  });

  it("counts the same billing item under two products as two charges", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1", "p2"])],
      products: [product("p1", ["sub-a"]), product("p2", ["sub-a"])],
      billingItems: items,
      tariffs: [
        tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10.00" }),
        tariff({ productId: "p2", billingItemId: "sub-a", unitTariff: "20.00" }),
      ],
    });
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("30.00");
  });

  it("counts a ProductId listed twice with overlapping periods once", async () => {
    const source = fakeSource({
      contracts: [
        {
          id: "c1",
          products: [
            { productId: "p1", startDateTime: "2023-01-01T00:00:00Z" },
            { productId: "p1", startDateTime: "2024-01-01T00:00:00Z", endDateTime: null },
          ],
          serviceLocations: [],
        },
      ],
      products: [product("p1", ["sub-a"])],
      billingItems: items,
      tariffs: [tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10.00" })],
    });
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("10.00");
  });

  it("uses only products whose period covers the date", async () => {
    const source = fakeSource({
      contracts: [
        {
          id: "c1",
          products: [
            {
              productId: "old",
              startDateTime: "2020-01-01T00:00:00Z",
              endDateTime: "2024-01-01T00:00:00Z",
            },
            { productId: "new", startDateTime: "2024-01-01T00:00:00Z", endDateTime: null },
          ],
          serviceLocations: [],
        },
      ],
      products: [product("old", ["sub-a"]), product("new", ["sub-a"])],
      billingItems: items,
      tariffs: [
        tariff({ productId: "old", billingItemId: "sub-a", unitTariff: "1.00" }),
        tariff({ productId: "new", billingItemId: "sub-a", unitTariff: "2.00" }),
      ],
    });
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("2.00");
    expect(source.calls).not.toContain("getProduct old");
    expect((await contractFixedCosts(source, "c1", new Date("2023-06-01T00:00:00Z"))).total).toBe(
      "1.00"
    );
  });

  it("uses only billing items whose own period inside the product covers the date", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [
        {
          id: "p1",
          billingItems: [
            { billingItemId: "sub-a", startDateTime: "2024-01-01T00:00:00Z" },
            { billingItemId: "sub-b", endDateTime: "2024-05-01T00:00:00Z" },
          ],
        },
      ],
      billingItems: items,
      tariffs: [
        tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10.00" }),
        tariff({ productId: "p1", billingItemId: "sub-b", unitTariff: "3.00" }),
      ],
    });
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("10.00");
    expect((await contractFixedCosts(source, "c1", new Date("2024-04-30T00:00:00Z"))).total).toBe(
      "13.00"
    );
  });

  it("rounds the exact sum of four-decimal tariffs half up to the cent", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["sub-a", "sub-b"])],
      billingItems: items,
      tariffs: [
        tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10.0025" }),
        tariff({ productId: "p1", billingItemId: "sub-b", unitTariff: "0.0025" }),
      ],
    });
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("10.01");
  });

  it("is 0.00 for a contract whose billing items are all variable", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["cons"])],
      billingItems: items,
      tariffs: [tariff({ productId: "p1", billingItemId: "cons", unitTariff: "5" })],
    });
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("0.00");
  });

  it("fetches the products of a contract together, not one after another", async () => {
    const inFlight = { now: 0, max: 0 };
    const base = fakeSource({
      contracts: [contract("c1", ["p1", "p2", "p3"])],
      products: ["p1", "p2", "p3"].map((id) => product(id, ["sub-a"])),
      billingItems: items,
      tariffs: ["p1", "p2", "p3"].map((p) => tariff({ productId: p, billingItemId: "sub-a" })),
    });
    const source = {
      ...base,
      getProduct: async (id: string) => {
        inFlight.max = Math.max(inFlight.max, ++inFlight.now);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight.now--;
        return base.getProduct(id);
      },
    };
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("3.00");
    expect(inFlight.max).toBe(3);
  });

  it("does not ask for tariffs of items that do not count in the fixed total", async () => {
    const source = fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["sub-a", "cons", "attr"])],
      billingItems: items,
      tariffs: [tariff({ productId: "p1", billingItemId: "sub-a" })],
    });
    await contractFixedCosts(source, "c1", MAY_2024);
    expect(source.calls.filter((c) => c.startsWith("getBillingTariffs"))).toEqual([
      "getBillingTariffs p1 sub-a",
    ]);
  });
});

describe("contractFixedCosts: a total that cannot be given is an error, never a wrong number", () => {
  const withTariffs = (tariffs: ReturnType<typeof tariff>[]) =>
    fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["sub-a", "sub-b"], "Stadsverwarming")],
      billingItems: items,
      tariffs,
    });

  it("fails naming the billing item when one has no valid tariff", async () => {
    const source = withTariffs([
      tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10" }),
    ]);
    const error = await contractFixedCosts(source, "c1", MAY_2024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CostError);
    expect((error as CostError).code).toBe("no-tariff");
    expect((error as CostError).message).toContain('"Meterhuur" (sub-b)');
    expect((error as CostError).message).toContain('"Stadsverwarming" (p1)');
    expect((error as CostError).message).toContain("2024-05-01");
  });

  it.each(["tiered", "volume", "stairstep", "condition"] as const)(
    "fails when the chosen tariff is %s",
    async (calculationType) => {
      const source = withTariffs([
        tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10" }),
        tariff({
          productId: "p1",
          billingItemId: "sub-b",
          id: "t-odd",
          calculationType,
          unitTariff: undefined,
        }),
      ]);
      const error = (await contractFixedCosts(source, "c1", MAY_2024).catch(
        (e: unknown) => e
      )) as CostError;
      expect(error.code).toBe("unpriceable");
      expect(error.message).toContain('"Meterhuur" (sub-b)');
      expect(error.message).toContain(`a ${calculationType} tariff`);
    }
  );

  it("ignores an older tiered tariff that loses to a newer unit price", async () => {
    const source = withTariffs([
      tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10" }),
      tariff({
        productId: "p1",
        billingItemId: "sub-b",
        calculationType: "tiered",
        unitTariff: undefined,
        startDateTime: "2021-01-01T00:00:00Z",
        endDateTime: "2030-01-01T00:00:00Z",
      }),
      tariff({
        productId: "p1",
        billingItemId: "sub-b",
        unitTariff: "2.50",
        startDateTime: "2024-01-01T00:00:00Z",
      }),
    ]);
    expect((await contractFixedCosts(source, "c1", MAY_2024)).total).toBe("12.50");
  });

  it("fails when a unit-price tariff carries no amount", async () => {
    const source = withTariffs([
      tariff({ productId: "p1", billingItemId: "sub-a", unitTariff: "10" }),
      tariff({ productId: "p1", billingItemId: "sub-b", unitTariff: undefined }),
    ]);
    await expect(contractFixedCosts(source, "c1", MAY_2024)).rejects.toThrow(
      /no unitTariff amount/
    );
  });

  it("counts the other unpriceable items in the message", async () => {
    const source = withTariffs([]);
    await expect(contractFixedCosts(source, "c1", MAY_2024)).rejects.toThrow(
      /and 1 more billing item/
    );
  });
});
