import {
  checkLookupQuery,
  customerNames,
  MAX_RESULTS,
  resultsHeading,
  runLookup,
  type LookupClient,
} from "../../../src/taskpane/lookups-model";

const CUSTOMER = "11111111-2222-3333-4444-555555555555";

function fakeClient(): LookupClient & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    filterCustomers: async (q) => {
      calls.push(["customers", q]);
      return [{ id: CUSTOMER, name: "Jansen <b>BV</b>", customerNumber: "C-1" }];
    },
    filterContracts: async (q) => {
      calls.push(["contracts", q]);
      return [{ id: "c-id", contractNumber: "K-001", customerId: CUSTOMER }];
    },
    getTaxCodes: async () => [
      {
        id: "t1",
        name: "High 21%",
        rates: [{ startDateTime: "2019-01-01T00:00:00Z", endDateTime: null, rate: 21 }],
      },
      { id: "t2", name: "Low 9%", rates: [{ rate: 9 }] },
    ],
    getBankAccounts: async () => [
      { id: "b1", iban: "NL91ABNA0417164300", accountHolder: "Utility NV", isDefault: true },
    ],
    getBillingItems: async () =>
      Array.from({ length: 60 }, (_, i) => ({
        id: `bi${i}`,
        name: `Heat ${i}`,
        kind: "consumption" as const,
        unitOfMeasure: "gj",
      })),
    filterServiceLocations: async (q) => {
      calls.push(["locations", q]);
      return [{ id: "s1", name: "Main street 1", address: "Main street 1, Utrecht" }];
    },
  };
}

describe("lookups", () => {
  it("searches customers by name and lists name, id and number", async () => {
    const client = fakeClient();
    const found = await runLookup(client, "customers", "Jansen");
    expect(client.calls).toEqual([["customers", { nameContains: "Jansen" }]]);
    expect(found.results).toEqual([
      { id: CUSTOMER, name: "Jansen <b>BV</b>", detail: "customer number C-1" },
    ]);
  });

  it("searches contracts by customer id or by number", async () => {
    const client = fakeClient();
    await runLookup(client, "contracts", CUSTOMER);
    await runLookup(client, "contracts", "K-001");
    expect(client.calls).toEqual([
      ["contracts", { customerId: CUSTOMER }],
      ["customers", {}],
      ["contracts", { flexSearch: "K-001" }],
      ["customers", {}],
    ]);
  });

  it("shows the customer's name on each contract", async () => {
    const found = await runLookup(fakeClient(), "contracts", "K-001");
    expect(found.results).toEqual([
      { id: "c-id", name: "K-001", detail: "customer Jansen <b>BV</b>" },
    ]);
  });

  it("shows the customer's id on a contract when the customer list cannot be read", async () => {
    const client = fakeClient();
    client.filterCustomers = async () => {
      throw new Error("503");
    };
    const found = await runLookup(client, "contracts", "K-001");
    expect(found.results[0].detail).toBe(`customer ${CUSTOMER}`);
  });

  it("maps customer ids to names whatever the ids' letter case", async () => {
    const names = await customerNames(fakeClient(), [CUSTOMER.toUpperCase(), "unknown-id"]);
    expect([...names]).toEqual([[CUSTOMER.toUpperCase(), "Jansen <b>BV</b>"]]);
  });

  it("filters tax codes by name and shows the current rate", async () => {
    const found = await runLookup(
      fakeClient(),
      "taxCodes",
      "high",
      new Date("2024-06-01T00:00:00Z")
    );
    expect(found.results).toEqual([{ id: "t1", name: "High 21%", detail: "rate 21%" }]);
  });

  it("shows bank accounts by IBAN with holder and default", async () => {
    const found = await runLookup(fakeClient(), "bankAccounts", "");
    expect(found.results).toEqual([
      { id: "b1", name: "NL91ABNA0417164300", detail: "Utility NV, default" },
    ]);
  });

  it("cuts long lists and says so", async () => {
    const found = await runLookup(fakeClient(), "billingItems", "");
    expect(found.results).toHaveLength(MAX_RESULTS);
    expect(found.total).toBe(60);
    expect(found.results[0].detail).toBe("variable, per gj");
    expect(resultsHeading("billingItems", found)).toBe("Showing 50 of 60: narrow the search.");
  });

  it("lists a customer's service locations", async () => {
    const client = fakeClient();
    const found = await runLookup(client, "serviceLocations", CUSTOMER);
    expect(client.calls).toEqual([["locations", { customerId: CUSTOMER }]]);
    expect(found.results[0]).toEqual({
      id: "s1",
      name: "Main street 1",
      detail: "Main street 1, Utrecht",
    });
  });

  it("finds service locations by customer name or number, naming the customer", async () => {
    const client = fakeClient();
    const found = await runLookup(client, "serviceLocations", "C-1");
    expect(client.calls).toEqual([
      ["customers", { flexSearch: "C-1" }],
      ["locations", { customerId: CUSTOMER }],
    ]);
    expect(found.results).toEqual([
      {
        id: "s1",
        name: "Main street 1",
        detail: "Main street 1, Utrecht · customer Jansen <b>BV</b>",
      },
    ]);
  });

  it("asks for text where a search needs it", () => {
    expect(checkLookupQuery("customers", "  ")).toMatchObject({ ok: false });
    expect(checkLookupQuery("serviceLocations", "")).toEqual({
      ok: false,
      message: "Type a customer name, number or id to search for.",
    });
    expect(checkLookupQuery("serviceLocations", "Jansen")).toEqual({ ok: true, query: "Jansen" });
    expect(checkLookupQuery("taxCodes", "")).toEqual({ ok: true, query: "" });
    expect(checkLookupQuery("customers", "x".repeat(201))).toMatchObject({ ok: false });
    expect(checkLookupQuery("customers", " Jansen ")).toEqual({ ok: true, query: "Jansen" });
  });

  it("says when nothing was found", () => {
    expect(resultsHeading("customers", { results: [], total: 0 })).toBe("No customers found.");
  });
});

describe("the contracts search as the demo data can answer it", () => {
  it("gives an example the demo holds, and lists every contract for an empty search", async () => {
    expect(checkLookupQuery("contracts", "  ")).toEqual({ ok: true, query: "" });
    const client = fakeClient();
    await runLookup(client, "contracts", "");
    expect(client.calls[0]).toEqual(["contracts", {}]); // then the customers' names
  });

  it("finds the example's contract in the simulator's demo data", async () => {
    const { createSimulator } = await import("../../../simulator");
    const { createBillingClient } = await import("../../../src/api");
    const { LOOKUP_KINDS } = await import("../../../src/taskpane/lookups-model");
    const sim = await createSimulator({ port: 0 });
    try {
      const client = createBillingClient({
        baseUrl: sim.url,
        headers: {},
        credential: { kind: "none" },
      });
      const found = await runLookup(client, "contracts", LOOKUP_KINDS.contracts.example);
      expect(found.results.length).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});
