import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, post, startSimulator } from "./helpers";

describe("interface dialect shapes (bare DTOs, PascalCase, type discriminators)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dialect: "interface" });
  });
  afterAll(() => sim.close());

  it("answers a bare PascalCase contract with BillingDetails.Products and StartDate/EndDate", async () => {
    const a = await get(sim, `/api/md/contracts/${DEMO.contracts.electricitySwitched}`);
    expect(a.status).toBe(200);
    expect(a.body.success).toBeUndefined();
    expect(a.body.Id).toBe(DEMO.contracts.electricitySwitched);
    expect(a.body.ContractNumber).toBe("C-2002");
    expect(a.body.CustomerId).toBe(DEMO.customers.smit);
    expect(a.body.BillingDetails.Products).toEqual([
      {
        ProductId: DEMO.products.electricityFixed,
        StartDate: "2025-01-01T00:00:00Z",
        EndDate: "2026-04-01T00:00:00Z",
      },
      {
        ProductId: DEMO.products.electricityDynamic,
        StartDate: "2026-04-01T00:00:00Z",
        EndDate: null,
      },
    ]);
    expect(a.body.serviceLocations[0].id).toBe(DEMO.serviceLocations.smit);
  });

  it("answers a product with BillingItems of BillingItemId and PeriodicityParameters", async () => {
    const a = await get(sim, `/api/cfg/products/${DEMO.products.water}`);
    expect(a.body.Id).toBe(DEMO.products.water);
    expect(a.body.Name).toBe("Water");
    expect(a.body.BillingItems.map((b: any) => b.BillingItemId)).toEqual([
      DEMO.billingItems.standingChargeWater,
      DEMO.billingItems.meterRental,
      DEMO.billingItems.waterM3,
    ]);
    expect(a.body.BillingItems[2].PeriodicityParameters).toEqual({
      periodicityType: "fixedduration",
    });
  });

  it("answers a billing item with NameDescription and CalculationParameters.type", async () => {
    const a = await get(sim, `/api/cfg/billingitems/${DEMO.billingItems.waterM3}`);
    expect(a.body).toEqual({
      Id: DEMO.billingItems.waterM3,
      NameDescription: "Water",
      CalculationParameters: { type: "consumption", unitOfMeasure: "m3" },
    });
  });

  it("answers tariffs as a bare array with calculationParameters.type unitPrice / tiered", async () => {
    const a = await get(
      sim,
      `/api/cfg/billingtariffs?productId=${DEMO.products.cooling}&billingItemId=${DEMO.billingItems.coolingGj}`
    );
    expect(Array.isArray(a.body)).toBe(true);
    const byType = Object.fromEntries(a.body.map((t: any) => [t.calculationParameters.type, t]));
    expect(Object.keys(byType).sort()).toEqual(["tiered", "unitPrice"]);
    expect(byType.unitPrice.calculationParameters.unitTariff).toBe(28.4);
    expect(byType.tiered.contractId).toBe(DEMO.contracts.coolingTiered);
  });

  it("answers lists as bare arrays without paging", async () => {
    const customers = await post(sim, "/api/md/Customers/filter", {});
    expect(Array.isArray(customers.body)).toBe(true);
    expect(customers.body).toHaveLength(8);
    const items = await get(sim, "/api/cfg/BillingItems");
    expect(items.body).toHaveLength(15);
    expect(items.body[0].NameDescription).toBeDefined();
    const contracts = await post(sim, "/api/md/Contracts/filter?quickFilter=all", {
      customerId: DEMO.customers.smit,
    });
    expect(contracts.body).toEqual([
      { id: DEMO.contracts.electricity, contractNumber: "C-2001", customerId: DEMO.customers.smit },
      {
        id: DEMO.contracts.electricitySwitched,
        contractNumber: "C-2002",
        customerId: DEMO.customers.smit,
      },
    ]);
  });

  it("answers errors as { errors: [{ key, message }] } only", async () => {
    const a = await get(sim, `/api/cfg/billingitems/${DEMO.products.water}`);
    expect(a.status).toBe(404);
    expect(a.body).toEqual({
      errors: [{ key: "BILLING_ITEM_NOT_FOUND", message: expect.any(String) }],
    });
  });

  it("switches dialect at run time", async () => {
    sim.setOptions({ dialect: "live" });
    try {
      const a = await get(sim, `/api/cfg/billingitems/${DEMO.billingItems.waterM3}`);
      expect(a.body.success).toBe(true);
      expect(a.body.data.name).toBe("Water");
    } finally {
      sim.setOptions({ dialect: "interface" });
    }
  });
});
