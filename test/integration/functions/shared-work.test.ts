/**
 * One recalculation's worth of calls shares its work: every contract, product, billing item and
 * tariff list is fetched once, however many cells need it; Refresh forgets it.
 */
import "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection, resetConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createSimulator, DEMO } from "../../../simulator";
import type { Dialect, RequestLogEntry, Simulator } from "../../../simulator";

const REF = "2026-06-15";
const PRICED = [
  DEMO.contracts.heatingGeneric,
  DEMO.contracts.heatingOwnTariffs,
  DEMO.contracts.electricity,
  DEMO.contracts.electricitySwitched,
  DEMO.contracts.waterOwnTariff,
  DEMO.contracts.heatingAndWater,
  DEMO.contracts.coolingShared,
  DEMO.contracts.heatingGreen,
];

const keyOf = (e: RequestLogEntry) =>
  `${e.method} ${e.path.toLowerCase()} ${JSON.stringify(e.query)}`;

/** The calls of one recalculation of a sheet: every function down a column, twice over. */
function recalculation(): Promise<unknown>[] {
  const calls: Promise<unknown>[] = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const id of PRICED) {
      calls.push(
        F.contractFixedCostsFunction(id, REF),
        F.contractVariableCostsFunction(id, REF),
        F.contractCostsFunction(id, REF)
      );
    }
    calls.push(
      F.tariffFunction(
        DEMO.products.water,
        DEMO.billingItems.waterM3,
        DEMO.contracts.waterOwnTariff,
        REF
      )
    );
  }
  return calls;
}

describe.each<Dialect>(["live", "interface"])(
  "shared work across cells (%s dialect)",
  (dialect) => {
    let sim: Simulator;

    beforeAll(async () => {
      // One page per list, so that "each resource once" is one request per resource.
      sim = await createSimulator({ port: 0, dialect, pageSize: 1000, latencyMs: 5 });
      configureConnection({
        loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
      });
    });
    afterAll(async () => {
      configureConnection();
      await sim.close();
    });

    it("fetches every resource at most once for a whole recalculation", async () => {
      sim.log.clear();
      const results = await Promise.allSettled(recalculation());
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const keys = sim.log.entries().map(keyOf);
      expect(keys.length).toBeGreaterThan(PRICED.length);
      expect(keys.length).toBe(new Set(keys).size);
    });

    it("asks nothing again on the next recalculation, and everything again after Refresh", async () => {
      sim.log.clear();
      await Promise.all(recalculation());
      expect(sim.log.count()).toBe(0);
      resetConnection();
      await Promise.all(recalculation());
      const keys = sim.log.entries().map(keyOf);
      expect(keys.length).toBe(new Set(keys).size);
      expect(sim.log.count("GET", "/api/md/contracts/")).toBe(PRICED.length);
    });
  }
);
