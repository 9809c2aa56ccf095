/**
 * A cost line's and a tariff period's reason, and the cost report's notes: the
 * English words as before (the line's `reason`), the Dutch ones where a Dutch pane or Office shows
 * them (`reasonIn`, `planCostReport(…, "nl")`), once the Dutch chunk has loaded.
 */
import type { BillingTariff } from "../../../src/api";
import {
  contractCosts,
  planCostReport,
  reasonIn,
  tariffHistory,
  type CostLine,
} from "../../../src/costs";
import { loadReasonWords } from "../../../src/i18n";
import {
  contract,
  fakeSource,
  item,
  MAY_2024,
  product,
  tariff,
} from "../costs/helpers/fake-source";

beforeAll(() => loadReasonWords("nl"));

const source = () =>
  fakeSource({
    contracts: [contract("c1", ["p1"])],
    products: [product("p1", ["tier", "attr"], "Warmte")],
    billingItems: [
      item("tier", "consumption", "Staffel", "gj"),
      item("attr", "customentityproperty", "Kenmerk"),
    ],
    tariffs: [
      tariff({
        id: "t-tier",
        productId: "p1",
        billingItemId: "tier",
        calculationType: "tiered",
        unitTariff: undefined,
      }),
    ],
  });

describe("a cost line's reason in both languages", () => {
  it("not a cost item, and a tariff that applies but cannot be priced", async () => {
    const lines = await contractCosts(source(), "c1", MAY_2024);
    const attr = lines.find((l) => l.billingItemId === "attr") as CostLine;
    expect(attr.reason).toBe("not a cost item (kind customentityproperty): left out of the totals");
    expect(reasonIn(attr, "en")).toBe(attr.reason);
    expect(reasonIn(attr, "nl")).toBe(
      "geen kostenpost (soort customentityproperty): niet meegeteld in de totalen"
    );
    const tier = lines.find((l) => l.billingItemId === "tier") as CostLine;
    expect(tier.reason).toBe(
      "the tariff that applies (t-tier) is a tiered tariff, which this add-in cannot price"
    );
    expect(reasonIn(tier, "nl")).toMatch(
      /^het geldende tarief \(t-tier\) is .+ geen prijs kan geven$/
    );
  });

  it("a tariff history's period: 'the tariff', in both languages", () => {
    const tiered: BillingTariff = {
      id: "tiered",
      productId: "p1",
      billingItemId: "b1",
      contractId: null,
      startDateTime: "2024-01-01T00:00:00Z",
      endDateTime: null,
      calculationType: "tiered",
      unitTariff: undefined,
    };
    const [period] = tariffHistory([tiered], {
      productId: "p1",
      billingItemId: "b1",
      today: new Date("2026-06-15T00:00:00Z"),
    });
    expect(period.reason).toBe(
      "the tariff (tiered) is a tiered tariff, which this add-in cannot price"
    );
    expect(reasonIn(period, "nl")).toMatch(/^het tarief \(tiered\) is .+ geen prijs kan geven$/);
  });

  it("a line made with words only keeps them in every language", () => {
    const own = { productId: "p", billingItemId: "b", name: "n", kind: "other", reason: "as is" };
    expect(reasonIn(own as CostLine, "nl")).toBe("as is");
    expect(reasonIn({ ...own, reason: undefined } as CostLine, "nl")).toBe("");
  });
});

describe("the cost report's notes and reasons in both languages", () => {
  it("a product whose fixed costs cannot be priced, an empty contract", async () => {
    const lines = await contractCosts(source(), "c1", MAY_2024);
    const unpriced: CostLine = {
      productId: "p2",
      productName: "Koude",
      billingItemId: "b",
      name: "Vast",
      kind: "fixed",
    };
    const reports = [
      { contractId: "c1", lines },
      { contractId: "c2", lines: [unpriced] },
      { contractId: "c3", lines: [] },
    ];
    const en = planCostReport(reports);
    const nl = planCostReport(reports, "nl");
    expect(en.chartRows.map((r) => r[3])).toEqual([
      "variable not priced: the tariff that applies (t-tier) is a tiered tariff, which this add-in cannot price",
      "fixed not priced: no tariff",
    ]);
    expect(nl.chartRows.map((r) => r[3])).toEqual([
      expect.stringMatching(/^variabel niet geprijsd: het geldende tarief \(t-tier\) is /),
      "vast niet geprijsd: geen tarief",
    ]);
    const reasonColumn = (plan: typeof en) => plan.rows.map((r) => r[12]);
    expect(reasonColumn(en)).toContain(
      "not a cost item (kind customentityproperty): left out of the totals"
    );
    expect(reasonColumn(en).at(-1)).toBe("no cost lines");
    expect(reasonColumn(nl)).toContain(
      "geen kostenpost (soort customentityproperty): niet meegeteld in de totalen"
    );
    expect(reasonColumn(nl).at(-1)).toBe("geen kostenregels");
  });
});
