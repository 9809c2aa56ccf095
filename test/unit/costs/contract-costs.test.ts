import { contractCosts } from "../../../src/costs";
import { contract, fakeSource, item, MAY_2024, product, tariff } from "./helpers/fake-source";

describe("contractCosts: the breakdown shows every line, unpriceable ones with their reason", () => {
  const source = () =>
    fakeSource({
      contracts: [contract("c1", ["p1"])],
      products: [product("p1", ["fixed", "heat", "tier", "none", "attr"], "Warmte")],
      billingItems: [
        item("fixed", "subscription", "Vastrecht", "year"),
        item("heat", "consumption", "Warmte", "gj"),
        item("tier", "consumption", "Staffel", "gj"),
        item("none", "subscription", "Zonder tarief"),
        item("attr", "customentityproperty", "Kenmerk"),
      ],
      tariffs: [
        tariff({
          id: "t-fixed",
          productId: "p1",
          billingItemId: "fixed",
          unitTariff: "120",
          startDateTime: "2024-01-01T00:00:00Z",
          endDateTime: "2025-01-01T00:00:00Z",
        }),
        tariff({
          id: "t-heat",
          productId: "p1",
          billingItemId: "heat",
          unitTariff: "41.25",
          contractId: "c1",
        }),
        tariff({
          id: "t-tier",
          productId: "p1",
          billingItemId: "tier",
          calculationType: "tiered",
          unitTariff: undefined,
        }),
      ],
    });

  it("gives a priced line its tariff, source and validity", async () => {
    const [fixed, heat] = await contractCosts(source(), "c1", MAY_2024);
    expect(fixed).toMatchObject({
      productId: "p1",
      billingItemId: "fixed",
      name: "Vastrecht",
      kind: "fixed",
      unit: "year",
      tariff: "120",
      source: "generic",
      validFrom: "2024-01-01T00:00:00Z",
      validTo: "2025-01-01T00:00:00Z",
    });
    expect(fixed.reason).toBeUndefined();
    expect(heat).toMatchObject({
      kind: "variable",
      tariff: "41.25",
      source: "contract",
      validTo: null,
    });
  });

  it("keeps an unpriceable line with the chosen tariff's details and the reason", async () => {
    const lines = await contractCosts(source(), "c1", MAY_2024);
    const tier = lines.find((l) => l.billingItemId === "tier");
    expect(tier).toMatchObject({ problem: "unpriceable", source: "generic", tariffId: "t-tier" });
    expect(tier?.tariff).toBeUndefined();
    expect(tier?.reason).toContain("tiered tariff");
    const none = lines.find((l) => l.billingItemId === "none");
    expect(none).toMatchObject({ problem: "no-tariff" });
    expect(none?.reason).toContain("no tariff is valid on 2024-05-01");
  });

  it("lists other kinds as 'other', without a tariff, left out of the totals", async () => {
    const lines = await contractCosts(source(), "c1", MAY_2024);
    const attr = lines.find((l) => l.billingItemId === "attr");
    expect(attr).toMatchObject({ kind: "other", itemKind: "customentityproperty" });
    expect(attr?.tariff).toBeUndefined();
    expect(attr?.reason).toContain("left out of the totals");
    expect(lines).toHaveLength(5);
  });
});
