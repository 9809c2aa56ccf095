import Big from "big.js";
import { isServiceId } from "../../../src/api/ids";
import { DEMO, demoDataset } from "../../../simulator";
import type { DataPeriod, Dataset } from "../../../simulator";

/**
 * An independent, minimal reading of the cost rules (docs/developers/rules.md#cost-rules), only to
 * check the figures written in the DEMO comments against the data (the real rules live in
 * src/costs).
 */
const active = (p: DataPeriod, at: number) =>
  (!p.startDateTime || Date.parse(p.startDateTime) <= at) &&
  (!p.endDateTime || at < Date.parse(p.endDateTime));

function chosenTariff(
  d: Dataset,
  contractId: string,
  productId: string,
  itemId: string,
  at: number
) {
  const valid = d.tariffs.filter(
    (t) =>
      t.productId === productId &&
      t.billingItemId === itemId &&
      (t.contractId === null || t.contractId === contractId) &&
      active(t, at)
  );
  valid.sort(
    (a, b) =>
      Number(b.contractId !== null) - Number(a.contractId !== null) ||
      Date.parse(b.startDateTime) - Date.parse(a.startDateTime)
  );
  return valid[0];
}

function costs(d: Dataset, contractId: string, date: string) {
  const at = Date.parse(date);
  const contract = d.contracts.find((c) => c.id === contractId)!;
  const productIds = [
    ...new Set(contract.products.filter((p) => active(p, at)).map((p) => p.productId)),
  ];
  let fixed = new Big(0);
  const variable: Record<string, string> = {};
  const unpriceable: string[] = [];
  for (const pid of productIds) {
    const product = d.products.find((p) => p.id === pid)!;
    for (const entry of product.billingItems.filter((b) => active(b, at))) {
      const item = d.billingItems.find((b) => b.id === entry.billingItemId)!;
      if (item.kind !== "subscription" && item.kind !== "consumption") continue;
      const t = chosenTariff(d, contractId, pid, item.id, at);
      if (!t || t.calculationType !== "unitprice") {
        unpriceable.push(item.name);
        continue;
      }
      if (item.kind === "subscription") fixed = fixed.plus(String(t.unitTariff));
      else variable[item.name] = String(t.unitTariff);
    }
  }
  return { fixed: fixed.toFixed(2), variable, unpriceable };
}

describe("demo dataset matches the figures documented on DEMO", () => {
  const d = demoDataset();
  const ref = DEMO.referenceDate;

  it.each([
    ["heatingGeneric", "636.86", { Heat: "41.37" }],
    ["heatingOwnTariffs", "604.30", { Heat: "40.125" }],
    ["electricity", "90.30", { "Electricity normal": "0.0825", "Electricity low": "0.0671" }],
    [
      "electricitySwitched",
      "62.40",
      { "Electricity normal": "0.091", "Electricity low": "0.0702", "Solar feed-in": "0.045" },
    ],
    ["waterOwnTariff", "119.50", { Water: "1.49" }],
    ["heatingAndWater", "756.36", { Heat: "41.37", Water: "1.6142" }],
    ["coolingShared", "210.00", { "Cooling energy": "28.4" }],
    ["heatUnits", "0.30", {}],
    ["heatingGreen", "532.30", { Heat: "45.99" }],
  ] as const)(
    "%s: fixed %s EUR/year and its variable tariffs at the reference date",
    (name, fixed, variable) => {
      const c = costs(d, DEMO.contracts[name], ref);
      expect(c.fixed).toBe(fixed);
      expect(c.variable).toEqual(variable);
      expect(c.unpriceable).toEqual([]);
    }
  );

  it("makes the cooling item of C-5001 unpriceable (its own current tariff is tiered)", () => {
    const c = costs(d, DEMO.contracts.coolingTiered, ref);
    expect(c.fixed).toBe("199.99");
    expect(c.unpriceable).toEqual(["Cooling energy"]);
  });

  it("includes sums that drift in floating point", () => {
    const heat = [412.56, 79.1, 145.2].reduce((a, b) => a + b, 0);
    expect(heat).not.toBe(636.86);
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it("depends on the date: the product switch, expired and future tariffs", () => {
    expect(costs(d, DEMO.contracts.electricitySwitched, "2026-02-15T00:00:00Z").fixed).toBe(
      "90.30"
    );
    expect(costs(d, DEMO.contracts.heatingGeneric, "2025-06-15T00:00:00Z").variable).toEqual({
      Heat: "39.85",
    });
    expect(costs(d, DEMO.contracts.heatingGreen, "2026-07-01T00:00:00Z").variable).toEqual({
      Heat: "47.25",
    });
    expect(costs(d, DEMO.contracts.heatingOwnTariffs, "2026-02-15T00:00:00Z").variable).toEqual({
      Heat: "41.37",
    });
    // The winter surcharge item period (2025-10-01..2026-04-01) adds 55.00 in winter.
    expect(costs(d, DEMO.contracts.heatingGeneric, "2026-02-15T00:00:00Z").fixed).toBe("691.86");
  });

  it("has a contract without products, one with an empty product, and a terminated one", () => {
    expect(d.contracts.find((c) => c.id === DEMO.contracts.noProducts)!.products).toEqual([]);
    expect(d.products.find((p) => p.id === DEMO.products.empty)!.billingItems).toEqual([]);
    expect(d.contracts.find((c) => c.id === DEMO.contracts.terminated)!.terminated).toBe(true);
  });

  it("uses only valid, unique UUIDs", () => {
    const ids = [
      ...d.customers.map((x) => x.id),
      ...d.contracts.map((x) => x.id),
      ...d.products.map((x) => x.id),
      ...d.billingItems.map((x) => x.id),
      ...d.tariffs.map((x) => x.id),
      ...d.taxCodes.map((x) => x.id),
      ...d.bankAccounts.map((x) => x.id),
      ...d.serviceLocations.map((x) => x.id),
      ...d.propertyGroupConfigs.map((x) => x.propertyGroupId),
    ];
    expect(ids.every(isServiceId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has the sizes the other tests rely on", () => {
    expect(d.customers).toHaveLength(8);
    expect(d.products).toHaveLength(8);
    expect(d.billingItems).toHaveLength(15);
  });

  it("holds only text a controller can be shown: no markup, no script", () => {
    const texts: string[] = [];
    JSON.stringify(d, (_key, value: unknown) => {
      if (typeof value === "string") texts.push(value);
      return value;
    });
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((t) => /[<>]|onerror|javascript:|alert\(/i.test(t))).toEqual([]);
  });

  it("has ids whose kind shows in the first characters: no two kinds share a prefix", () => {
    const firstGroups = (ids: readonly string[]) => new Set(ids.map((id) => id.slice(0, 4)));
    const kinds = {
      customers: firstGroups(d.customers.map((c) => c.id)),
      contracts: firstGroups(d.contracts.map((c) => c.id)),
      products: firstGroups(d.products.map((p) => p.id)),
      billingItems: firstGroups(d.billingItems.map((b) => b.id)),
      taxCodes: firstGroups(d.taxCodes.map((t) => t.id)),
      bankAccounts: firstGroups(d.bankAccounts.map((b) => b.id)),
      serviceLocations: firstGroups(d.serviceLocations.map((s) => s.id)),
    };
    // One tag per kind, and every kind's tag starts with a character no other kind's does.
    for (const tags of Object.values(kinds)) expect(tags.size).toBe(1);
    const initials = Object.values(kinds).map((tags) => [...tags][0][0]);
    expect(new Set(initials).size).toBe(initials.length);
    expect(DEMO.customers.jansen).toMatch(/^cccc0001-/);
    expect(DEMO.contracts.heatingGeneric).toMatch(/^aaaa0001-/);
  });

  it("hands out an independent copy each time", () => {
    const a = demoDataset();
    a.customers.pop();
    expect(demoDataset().customers).toHaveLength(8);
  });
});
