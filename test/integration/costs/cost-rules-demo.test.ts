/**
 * Every cost rule of docs/developers/rules.md#cost-rules, one by one, against the simulator's demo
 * data in both dialects, with the real client. Figures come from the DEMO comments
 * (simulator/data/demo.ts), at its reference date.
 */
import { createBillingClient } from "../../../src/api";
import type { BillingClient } from "../../../src/api";
import {
  applicableTariff,
  contractCosts,
  contractFixedCosts,
  contractVariableCosts,
  CostError,
} from "../../../src/costs";
import { createSimulator, DEMO } from "../../../simulator";
import type { Dialect, Simulator } from "../../../simulator";

const REF = new Date(DEMO.referenceDate);
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const C = DEMO.contracts;
const P = DEMO.products;
const B = DEMO.billingItems;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as CostError
  );

describe.each<Dialect>(["live", "interface"])(
  "cost rules against the simulator (%s dialect)",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;

    beforeAll(async () => {
      sim = await createSimulator({ port: 0, dialect });
      client = createBillingClient(
        { baseUrl: sim.url, headers: {}, credential: { kind: "none" } },
        { retry: { limit: 0 } }
      );
    });
    afterAll(async () => {
      await sim.close();
    });

    const fixed = async (contractId: string, at = REF) =>
      (await contractFixedCosts(client, contractId, at)).total;

    it("sums generic subscription tariffs exactly to the cent (636.86, not 636.8599…)", async () => {
      expect(await fixed(C.heatingGeneric)).toBe("636.86");
      expect(await fixed(C.heatUnits)).toBe("0.30");
    });

    it("counts only products whose period covers the date", async () => {
      expect(await fixed(C.electricitySwitched)).toBe("62.40");
      expect(await fixed(C.electricitySwitched, day("2026-02-15"))).toBe("90.30");
    });

    it("counts only billing items whose own period covers the date", async () => {
      expect(await fixed(C.heatingGeneric, day("2026-02-15"))).toBe("691.86");
    });

    it("uses only tariffs valid at the date", async () => {
      expect(
        await applicableTariff(
          client,
          P.heatingStandard,
          B.standingChargeHeat,
          undefined,
          day("2025-06-15")
        )
      ).toBe("398.4");
      expect(
        await applicableTariff(client, P.heatingStandard, B.standingChargeHeat, undefined, REF)
      ).toBe("412.56");
    });

    it("prefers the contract's own tariff over the generic one", async () => {
      expect(await fixed(C.heatingOwnTariffs)).toBe("604.30");
      expect(await contractVariableCosts(client, C.waterOwnTariff, REF)).toEqual([
        { productId: P.water, billingItemId: B.waterM3, name: "Water", unit: "m3", tariff: "1.49" },
      ]);
    });

    it("uses the generic tariff before the contract's own starts", async () => {
      const rows = await contractVariableCosts(client, C.heatingOwnTariffs, day("2026-02-15"));
      expect(rows.map((r) => r.tariff)).toEqual(["41.37"]);
      const now = await contractVariableCosts(client, C.heatingOwnTariffs, REF);
      expect(now.map((r) => r.tariff)).toEqual(["40.125"]);
    });

    it("never uses another contract's tariff", async () => {
      expect(await fixed(C.coolingShared)).toBe("210.00");
      expect(
        (await contractVariableCosts(client, C.coolingShared, REF)).map((r) => r.tariff)
      ).toEqual(["28.4"]);
    });

    it("lets the latest start win: a newer unit price beats an older, still valid tiered tariff", async () => {
      const rows = await contractVariableCosts(client, C.electricity, REF);
      expect(rows.map((r) => [r.name, r.unit, r.tariff])).toEqual([
        ["Electricity normal", "kwh", "0.0825"],
        ["Electricity low", "kwh", "0.0671"],
      ]);
    });

    it("charges the same billing item under two products twice", async () => {
      expect(await fixed(C.heatingAndWater)).toBe("756.36");
    });

    it("fails the variable costs naming the item whose chosen tariff is tiered, and shows it in the breakdown", async () => {
      const error = await failure(contractVariableCosts(client, C.coolingTiered, REF));
      expect(error).toBeInstanceOf(CostError);
      expect(error?.code).toBe("unpriceable");
      expect(error?.message).toContain(`"Cooling energy" (${B.coolingGj})`);
      expect(await fixed(C.coolingTiered)).toBe("199.99");
      const lines = await contractCosts(client, C.coolingTiered, REF);
      const cooling = lines.find((l) => l.billingItemId === B.coolingGj);
      expect(cooling).toMatchObject({
        kind: "variable",
        source: "contract",
        problem: "unpriceable",
      });
      expect(cooling?.reason).toContain("tiered tariff");
    });

    it("fails a total naming the item that has no valid tariff at the date", async () => {
      const error = await failure(contractFixedCosts(client, C.heatingGeneric, day("2025-06-15")));
      expect(error?.code).toBe("no-tariff");
      expect(error?.message).toContain(`"Connection capacity" (${B.connectionCapacity})`);
    });

    it("lists attribute and consumptionunit items as 'other', outside both totals", async () => {
      const lines = await contractCosts(client, C.heatingGeneric, REF);
      expect(lines.find((l) => l.billingItemId === B.meterSize)).toMatchObject({
        kind: "other",
        itemKind: "attribute",
      });
      const units = await contractCosts(client, C.heatUnits, REF);
      expect(units.find((l) => l.billingItemId === B.heatUnits)).toMatchObject({
        kind: "other",
        itemKind: "consumptionunit",
      });
      expect(await contractVariableCosts(client, C.heatUnits, REF)).toEqual([
        { productId: "", billingItemId: "", name: "no variable billing item on 2026-06-15" },
      ]);
    });

    it("reads the unit of measure of each billing item", async () => {
      const rows = await contractVariableCosts(client, C.heatingAndWater, REF);
      expect(rows.map((r) => [r.name, r.unit, r.tariff])).toEqual([
        ["Heat", "gj", "41.37"],
        ["Water", "m3", "1.6142"],
      ]);
    });

    it("explains a broken chain: unknown contract, no products, ended products, empty product", async () => {
      const unknown = "00000000-0000-4000-8000-00000000dead";
      expect((await failure(fixed(unknown)))?.code).toBe("contract-not-found");
      // A contract with no product at the date costs nothing then
      // (docs/developers/rules.md#cost-rules).
      expect(await fixed(C.noProducts)).toBe("0.00");
      expect(await fixed(C.terminated)).toBe("0.00");
      expect(await contractVariableCosts(client, C.terminated, REF)).toEqual([
        { productId: "", billingItemId: "", name: "no product on 2026-06-15" },
      ]);
      expect(await contractCosts(client, C.terminated, REF)).toMatchObject([
        { kind: "none", problem: "no-products", reason: "no product on 2026-06-15" },
      ]);
      const empty = await failure(fixed(C.emptyProduct));
      expect(empty?.code).toBe("no-billing-items");
      expect(empty?.message).toContain("Placeholder product");
    });

    it("reports a date before any tariff for TARIFF", async () => {
      const error = await failure(
        applicableTariff(client, P.water, B.waterM3, C.waterOwnTariff, day("2020-01-01"))
      );
      expect(error?.code).toBe("no-tariff");
    });
  }
);
