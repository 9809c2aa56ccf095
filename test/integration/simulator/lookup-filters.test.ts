import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { HOSTILE, HOSTILE_TEXT, hostileDataset } from "../../fixtures/hostile-data";
import { allPages, call, get, post, startSimulator } from "./helpers";

describe("lookup filters", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ pageSize: 50 });
  });
  afterAll(() => sim.close());

  const ids = (a: { body: any }) => a.body.data.results.map((r: any) => r.id);

  it("finds customers by nameContains, case-insensitively", async () => {
    const a = await post(sim, "/api/md/Customers/filter", { nameContains: "VRIES" });
    expect(ids(a)).toEqual([DEMO.customers.deVries]);
    expect(a.body.data.results[0]).toEqual({
      id: DEMO.customers.deVries,
      customerType: "organization",
      accountNumber: "CUST-0002",
      shortDisplayName: "De Vries Appartementen",
      companyName: "De Vries Appartementen",
      firstName: null,
      lastName: null,
    });
  });

  it("finds a person by first or last name, also without a short display name", async () => {
    const a = await post(sim, "/api/md/Customers/filter", { nameContains: "jan mul" });
    expect(a.body.data.results).toEqual([
      {
        id: DEMO.customers.mulder,
        customerType: "person",
        accountNumber: "CUST-0007",
        shortDisplayName: null,
        companyName: null,
        firstName: "Jan",
        lastName: "Mulder",
      },
    ]);
    expect(ids(await post(sim, "/api/md/Customers/filter", { flexSearch: "petra" }))).toEqual([
      DEMO.customers.visser,
    ]);
  });

  it("answers the interface dialect's customers with name and customerNumber", async () => {
    sim.setOptions({ dialect: "interface" });
    try {
      const a = await post(sim, "/api/md/Customers/filter", { nameContains: "mulder" });
      expect(a.body).toEqual([
        { id: DEMO.customers.mulder, name: "Jan Mulder", customerNumber: "CUST-0007" },
      ]);
    } finally {
      sim.setOptions({ dialect: "live" });
    }
  });

  it("finds customers by flexSearch on name or customer number", async () => {
    expect(ids(await post(sim, "/api/md/Customers/filter", { flexSearch: "cust-0007" }))).toEqual([
      DEMO.customers.mulder,
    ]);
    expect(ids(await post(sim, "/api/md/Customers/filter", { flexSearch: "holding" }))).toEqual([
      DEMO.customers.vandenBerg,
    ]);
  });

  it("serves a hostile customer name verbatim", async () => {
    const hostile = await startSimulator({ pageSize: 50, dataset: hostileDataset() });
    try {
      const a = await get(hostile, `/api/md/contracts/${HOSTILE.contract}`);
      const customers = await post(hostile, "/api/md/Customers/filter", {
        nameContains: "onerror",
      });
      expect(a.body.data.contractor).toMatchObject({
        customerId: HOSTILE.customer,
        shortDisplayName: HOSTILE_TEXT,
      });
      expect(ids(customers)).toEqual([HOSTILE.customer]);
      expect(customers.body.data.results[0].shortDisplayName).toBe(HOSTILE_TEXT);
      const items = await allPages(hostile, (h) => get(hostile, "/api/cfg/BillingItems", h));
      const fee = items.results.find((b) => b.id === HOSTILE.billingItem);
      expect(fee.description).toBe(HOSTILE_TEXT);
    } finally {
      await hostile.close();
    }
  });

  it("filters contracts by customerId, with and without quickFilter=all", async () => {
    for (const path of ["/api/md/Contracts/filter?quickFilter=all", "/api/md/Contracts/filter"]) {
      const a = await post(sim, path, { customerId: DEMO.customers.mulder });
      expect(ids(a).sort()).toEqual(
        [
          DEMO.contracts.coolingShared,
          DEMO.contracts.noProducts,
          DEMO.contracts.emptyProduct,
        ].sort()
      );
    }
  });

  it("filters contracts by flexSearch on the contract number and leaves out terminated ones on request", async () => {
    expect(
      ids(await post(sim, "/api/md/Contracts/filter", { flexSearch: "c-300" })).sort()
    ).toEqual([DEMO.contracts.waterOwnTariff, DEMO.contracts.terminated].sort());
    const live = await post(sim, "/api/md/Contracts/filter", {
      flexSearch: "C-300",
      excludeTerminatedContracts: true,
    });
    expect(ids(live)).toEqual([DEMO.contracts.waterOwnTariff]);
  });

  it("filters service locations by customer", async () => {
    const a = await post(sim, "/api/md/ServiceLocations/filter?quickFilter=all", {
      customerId: DEMO.customers.oosterhout,
    });
    const owner = {
      customerId: DEMO.customers.oosterhout,
      accountNumber: "CUST-0005",
      shortDisplayName: "Gemeente Oosterhout",
      managementRelationType: "owner",
    };
    expect(a.body.data.results).toEqual([
      {
        id: DEMO.serviceLocations.oosterhoutHall,
        address: {
          streetName: "Slotjesveld",
          streetNumber: "1",
          postalCode: "4902 HA",
          city: "Oosterhout",
          country: "nld",
          localizedDisplay: "Slotjesveld 1, Oosterhout",
        },
        displayAddress: "Slotjesveld 1, Oosterhout",
        managementRelations: [owner],
      },
      {
        id: DEMO.serviceLocations.oosterhoutPool,
        address: {
          streetName: "Wilhelminalaan",
          streetNumber: "30",
          postalCode: "4904 SM",
          city: "Oosterhout",
          country: "nld",
          localizedDisplay: "Wilhelminalaan 30, Oosterhout",
        },
        displayAddress: "Wilhelminalaan 30, Oosterhout",
        managementRelations: [owner],
      },
    ]);
  });

  it("answers the interface dialect's service locations with name, address text and customerId", async () => {
    sim.setOptions({ dialect: "interface" });
    try {
      const a = await post(sim, "/api/md/ServiceLocations/filter?quickFilter=all", {
        customerId: DEMO.customers.smit,
      });
      expect(a.body).toEqual([
        {
          id: DEMO.serviceLocations.smit,
          name: "Bakery",
          address: "Markt 9, Oosterhout",
          customerId: DEMO.customers.smit,
        },
      ]);
    } finally {
      sim.setOptions({ dialect: "live" });
    }
  });

  it("lists bank accounts, tax codes with rates, and billing items", async () => {
    const banks = (await get(sim, "/api/cfg/BankAccounts")).body.data.results;
    expect(banks).toHaveLength(2);
    expect(banks.find((b: any) => b.isDefault).iban).toBe("NL91ABNA0417164300");
    const taxes = (await get(sim, "/api/cfg/TaxCodes")).body.data.results;
    expect(taxes.map((t: any) => t.name)).toEqual(["VAT 21%", "VAT 9%", "VAT 0%"]);
    expect(taxes[0].rates).toEqual([
      { startDateTime: "2012-10-01T00:00:00Z", endDateTime: null, rate: 21 },
    ]);
    const items = await allPages(sim, (h) => get(sim, "/api/cfg/BillingItems", h));
    const fee = items.results.find((b) => b.id === DEMO.billingItems.serviceFee);
    expect(fee.description).toBe("Yearly fee for reading the heat cost allocators");
  });

  it("refuses a filter body that is not an object, and malformed JSON, with 400", async () => {
    const arr = await post(sim, "/api/md/Customers/filter", [1, 2]);
    expect(arr.status).toBe(400);
    expect(arr.body.errors[0].key).toBe("INVALID_REQUEST_BODY");
    const broken = await call(sim, "/api/md/Contracts/filter", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{customerId:",
    });
    expect(broken.status).toBe(400);
    expect(broken.body.success).toBe(false);
  });

  it("treats a missing body as no filter", async () => {
    const a = await call(sim, "/api/md/Customers/filter", { method: "POST" });
    expect(a.status).toBe(200);
    expect(a.body.data.totalRecords).toBe(8);
  });
});
