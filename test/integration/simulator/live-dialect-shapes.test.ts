import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, startSimulator } from "./helpers";

describe("live dialect shapes (the vendor's documents: envelope, camelCase, lower-case enums)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it("wraps a contract in the envelope with billingDetails.products and periods", async () => {
    const a = await get(sim, `/api/md/contracts/${DEMO.contracts.electricitySwitched}`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      errors: [],
      success: true,
      applicableEntitiesCount: 1,
      requestedEntitiesCount: 1,
      succeededEntitiesCount: 1,
      isSynchronous: true,
    });
    const c = a.body.data;
    expect(c.id).toBe(DEMO.contracts.electricitySwitched);
    expect(c.contractNumber).toBe("C-2002");
    expect(c.contractor).toEqual({
      customerId: DEMO.customers.smit,
      accountNumber: "CUST-0003",
      shortDisplayName: "Bakkerij Smit",
      customerType: "organization",
    });
    expect(c.currentContractStatus).toBe("signed");
    expect(c).not.toHaveProperty("customerId");
    expect(c).not.toHaveProperty("terminated");
    expect(c.billingDetails.products).toEqual([
      {
        productId: DEMO.products.electricityFixed,
        productName: "Electricity fixed",
        startDateTime: "2025-01-01T00:00:00Z",
        endDateTime: "2026-04-01T00:00:00Z",
      },
      {
        productId: DEMO.products.electricityDynamic,
        productName: "Electricity dynamic 2026",
        startDateTime: "2026-04-01T00:00:00Z",
        endDateTime: null,
      },
    ]);
    expect(c.serviceLocations).toEqual([
      {
        id: DEMO.serviceLocations.smit,
        address: {
          streetName: "Markt",
          streetNumber: "9",
          postalCode: "4901 EP",
          city: "Oosterhout",
          country: "nld",
          localizedDisplay: "Markt 9, Oosterhout",
        },
      },
    ]);
  });

  it("marks a terminated contract in currentContractStatus", async () => {
    const a = await get(sim, `/api/md/Contracts/${DEMO.contracts.terminated}`);
    expect(a.body.data.currentContractStatus).toBe("terminated");
  });

  it("gives a product its billing items with order, periodicity and item periods", async () => {
    const a = await get(sim, `/api/cfg/products/${DEMO.products.heatingStandard}`);
    const p = a.body.data;
    expect(p.name).toBe("District heating standard");
    expect(p.billingItems).toHaveLength(6);
    // An item without its own period carries no dates; periodicity types are the vendor's enum.
    expect(p.billingItems[0]).toEqual({
      billingItemId: DEMO.billingItems.standingChargeHeat,
      order: 1,
      periodicityParameters: { periodicityType: "regular" },
    });
    const winter = p.billingItems.find(
      (b: any) => b.billingItemId === DEMO.billingItems.winterSurcharge
    );
    expect(winter.startDateTime).toBe("2025-10-01T00:00:00Z");
    expect(winter.endDateTime).toBe("2026-04-01T00:00:00Z");
  });

  it("gives a billing item name, description, billingCalculationType and unitOfMeasure", async () => {
    const heat = (await get(sim, `/api/cfg/billingitems/${DEMO.billingItems.heatGj}`)).body.data;
    expect(heat).toEqual({
      id: DEMO.billingItems.heatGj,
      name: "Heat",
      description: "Heat delivered",
      calculationParameters: { billingCalculationType: "consumption", unitOfMeasure: "gj" },
    });
    const size = (await get(sim, `/api/cfg/billingitems/${DEMO.billingItems.meterSize}`)).body.data;
    expect(size.calculationParameters.billingCalculationType).toBe("attribute");
  });

  it("gives tariffs calculationType in lower case with unitTariff as a JSON number", async () => {
    const a = await get(
      sim,
      `/api/cfg/billingtariffs?productId=${DEMO.products.electricityFixed}&billingItemId=${DEMO.billingItems.electricityNormal}`
    );
    const results = a.body.data.results;
    expect(results).toHaveLength(2);
    const types = results.map((t: any) => t.calculationParameters.calculationType).sort();
    expect(types).toEqual(["tiered", "unitprice"]);
    const unit = results.find((t: any) => t.calculationParameters.calculationType === "unitprice");
    expect(unit.calculationParameters.unitTariff).toBe(0.0825);
    expect(unit.contractId).toBeNull();
    expect(a.text).toContain('"unitTariff":0.0825');
  });

  it("filters tariffs by productId and billingItemId", async () => {
    const a = await get(
      sim,
      `/api/cfg/billingtariffs?productId=${DEMO.products.cooling}&billingItemId=${DEMO.billingItems.coolingGj}`
    );
    for (const t of a.body.data.results) {
      expect(t.productId).toBe(DEMO.products.cooling);
      expect(t.billingItemId).toBe(DEMO.billingItems.coolingGj);
    }
    expect(a.body.data.totalRecords).toBe(2);
  });

  it("answers errors as an envelope with key, correlationId, message and messageValues", async () => {
    const a = await get(sim, `/api/bill/Invoices/${DEMO.products.water}`);
    expect(a.status).toBe(404);
    expect(a.body.success).toBe(false);
    // The vendor's ApiResponseDTO: no data on an error.
    expect(a.body).not.toHaveProperty("data");
    expect(a.body.errors[0]).toEqual({
      key: "INVOICE_NOT_FOUND",
      correlationId: expect.any(String),
      message: expect.any(String),
      messageValues: [],
    });
  });
});
