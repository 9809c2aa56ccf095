/**
 * The BILLING functions end to end against the simulator's demo data, in both dialects: values,
 * spilled tables, lookups and the Excel errors a controller sees.
 */
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createSimulator, DEMO } from "../../../simulator";
import type { Dialect, Simulator } from "../../../simulator";

const REF = "2026-06-15";
const C = DEMO.contracts;
const P = DEMO.products;
const B = DEMO.billingItems;

describe.each<Dialect>(["live", "interface"])(
  "BILLING functions against the simulator (%s dialect)",
  (dialect) => {
    let sim: Simulator;

    beforeAll(async () => {
      sim = await createSimulator({ port: 0, dialect });
      configureConnection({
        loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
      });
    });
    afterAll(async () => {
      configureConnection();
      await sim.close();
    });

    it("CONTRACTFIXEDCOSTS gives EUR per year to the cent", async () => {
      expect(await F.contractFixedCostsFunction(C.heatingGeneric, REF)).toBe(636.86);
      expect(await F.contractFixedCostsFunction(C.heatingAndWater, REF)).toBe(756.36);
      expect(await F.contractFixedCostsFunction(C.electricitySwitched, 46068)).toBe(90.3); // 2026-02-15
    });

    it("CONTRACTVARIABLECOSTS spills name, unit and EUR per unit", async () => {
      expect(await F.contractVariableCostsFunction(C.electricitySwitched, REF)).toEqual([
        ["Electricity normal", "kwh", 0.091],
        ["Electricity low", "kwh", 0.0702],
        ["Solar feed-in", "kwh", 0.045],
      ]);
    });

    it("CONTRACTCOSTS spills a header and one row per line, the unpriceable one with its reason", async () => {
      const table = await F.contractCostsFunction(C.coolingTiered, REF);
      expect(table[0][0]).toBe("productId");
      expect(table.slice(1).map((row) => [row[2], row[3], row[5], row[6]])).toEqual([
        ["Connection capacity", "fixed", 199.99, "contract"],
        ["Cooling energy", "variable", "", "contract"],
      ]);
      expect(table[2][9]).toMatch(/tiered tariff/);
      expect(table.every((row) => row.length === 10)).toBe(true);
    });

    it("TARIFF gives the contract's tariff, else the generic one", async () => {
      expect(await F.tariffFunction(P.water, B.waterM3, C.waterOwnTariff, REF)).toBe(1.49);
      expect(await F.tariffFunction(P.water, B.waterM3, "", REF)).toBe(1.6142);
      expect(await F.tariffFunction(P.water, B.waterM3, C.coolingShared, REF)).toBe(1.6142);
    });

    it("the lookups find ids by name, number and IBAN", async () => {
      expect(await F.customerIdFunction("jansen warmte bv")).toBe(DEMO.customers.jansen);
      expect(await F.contractIdFunction("C-1001")).toBe(C.heatingGeneric);
      expect(await F.taxCodeIdFunction("VAT 21%")).toBe(DEMO.taxCodes.vat21);
      expect(await F.bankAccountIdFunction("NL20 INGB 0001 2345 67")).toBe(
        DEMO.bankAccounts.secondary
      );
      expect(await F.billingItemIdFunction("Heat")).toBe(B.heatGj);
      expect(await F.serviceLocationIdsFunction(DEMO.customers.jansen)).toEqual([
        [DEMO.serviceLocations.jansenMain],
        [DEMO.serviceLocations.jansenWarehouse],
      ]);
    });

    it("gives 0 for an ended contract, and one row saying so in the tables", async () => {
      expect(await F.contractFixedCostsFunction(C.terminated, REF)).toBe(0);
      expect(await F.contractFixedCostsFunction(C.noProducts, REF)).toBe(0);
      expect(await F.contractVariableCostsFunction(C.terminated, REF)).toEqual([
        ["no product on 2026-06-15", "", ""],
      ]);
      const table = await F.contractCostsFunction(C.terminated, REF);
      expect(table).toHaveLength(2);
      expect(table[1]).toEqual([
        "",
        "",
        "",
        "none",
        "",
        "",
        "",
        "",
        "",
        "no product on 2026-06-15",
      ]);
    });

    it("gives #N/A with a message for each broken chain", async () => {
      const cases: [() => Promise<unknown>, RegExp][] = [
        [
          () => F.contractFixedCostsFunction(C.emptyProduct, REF),
          /"Placeholder product" .* has no billing item/,
        ],
        [
          () => F.contractVariableCostsFunction(C.coolingTiered, REF),
          /Cannot price billing item "Cooling energy"/,
        ],
        [
          () => F.contractFixedCostsFunction("00000000-0000-4000-8000-00000000dead", REF),
          /was not found/,
        ],
        [
          () => F.tariffFunction(P.water, B.waterM3, "", "2020-01-01"),
          /No tariff .* valid on 2020-01-01/,
        ],
        [() => F.customerIdFunction("Nobody BV"), /No customer named "Nobody BV"/],
        [() => F.serviceLocationIdsFunction(C.heatingGeneric), /No service location/],
      ];
      for (const [call, message] of cases) {
        const error = await excelErrorOf(call());
        expect(error.code).toBe(FakeErrorCode.notAvailable);
        expect(error.message).toMatch(message);
      }
    });

    it("gives #VALUE! for bad arguments and sends nothing", async () => {
      sim.log.clear();
      const cases = [
        () => F.contractFixedCostsFunction("", REF),
        () => F.contractFixedCostsFunction("C-1001", REF),
        () => F.contractFixedCostsFunction(C.heatingGeneric, "15-06-2026"),
        () => F.tariffFunction(P.water, B.waterM3, "x", REF),
        () => F.bankAccountIdFunction("NL00 INGB 0001 2345 67"),
        () => F.customerIdFunction(""),
      ];
      for (const call of cases)
        expect((await excelErrorOf(call())).code).toBe(FakeErrorCode.invalidValue);
      expect(sim.log.count()).toBe(0);
    });
  }
);
