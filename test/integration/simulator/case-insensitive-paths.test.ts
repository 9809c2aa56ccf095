import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, post, startSimulator } from "./helpers";

describe("paths are matched case-insensitively", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it.each([
    `/api/md/contracts/${DEMO.contracts.heatingGeneric}`,
    `/API/MD/CONTRACTS/${DEMO.contracts.heatingGeneric}`,
    `/api/md/Contracts/${DEMO.contracts.heatingGeneric.toUpperCase()}`,
  ])("GET %s finds contract C-1001", async (path) => {
    const a = await get(sim, path);
    expect(a.status).toBe(200);
    expect(a.body.data.contractNumber).toBe("C-1001");
  });

  it.each(["/api/cfg/taxcodes", "/api/cfg/TaxCodes", "/API/CFG/TAXCODES"])(
    "GET %s lists tax codes",
    async (path) => {
      const a = await get(sim, path);
      expect(a.status).toBe(200);
      expect(a.body.data.totalRecords).toBe(3);
    }
  );

  it("accepts the billing items list and a single billing item in any case", async () => {
    expect((await get(sim, "/api/cfg/billingitems")).body.data.totalRecords).toBe(15);
    const one = await get(sim, `/api/cfg/BillingItems/${DEMO.billingItems.heatGj}`);
    expect(one.body.data.name).toBe("Heat");
  });

  it("accepts filter POSTs in any case", async () => {
    const a = await post(sim, "/api/md/customers/FILTER", { nameContains: "smit" });
    expect(a.status).toBe(200);
    expect(a.body.data.results.map((c: any) => c.id)).toEqual([DEMO.customers.smit]);
  });
});
