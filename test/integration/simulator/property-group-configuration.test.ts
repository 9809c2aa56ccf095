import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, startSimulator } from "./helpers";

describe("property group billing configuration, plural and singular paths", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it("answers the interface document's plural path with the bank account", async () => {
    const a = await get(
      sim,
      `/api/bill/PropertyGroupBillingConfigurations/${DEMO.propertyGroups.north}`
    );
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({
      propertyGroup: { id: DEMO.propertyGroups.north, name: null },
      companyBankAccountId: DEMO.bankAccounts.main,
    });
  });

  it("answers the interface dialect with propertyGroupId", async () => {
    sim.setOptions({ dialect: "interface" });
    try {
      const a = await get(
        sim,
        `/api/bill/PropertyGroupBillingConfigurations/${DEMO.propertyGroups.north}`
      );
      expect(a.body).toEqual({
        propertyGroupId: DEMO.propertyGroups.north,
        companyBankAccountId: DEMO.bankAccounts.main,
      });
    } finally {
      sim.setOptions({ dialect: "live" });
    }
  });

  it("answers the live service's singular path the same way", async () => {
    const a = await get(
      sim,
      `/api/bill/PropertyGroupBillingConfiguration/${DEMO.propertyGroups.south}`
    );
    expect(a.status).toBe(200);
    expect(a.body.data.companyBankAccountId).toBe(DEMO.bankAccounts.secondary);
  });

  it("answers 404 for an unknown property group on both paths", async () => {
    for (const path of [
      "PropertyGroupBillingConfigurations",
      "PropertyGroupBillingConfiguration",
    ]) {
      const a = await get(sim, `/api/bill/${path}/${DEMO.customers.smit}`);
      expect(a.status).toBe(404);
      expect(a.body.errors[0].key).toBe("PROPERTY_GROUP_BILLING_CONFIGURATION_NOT_FOUND");
    }
  });
});
