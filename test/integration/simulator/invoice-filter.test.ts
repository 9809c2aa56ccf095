import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { invoiceBody, post, startSimulator } from "./helpers";

describe("POST /api/bill/Invoices/filter finds invoices by client reference", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ pageSize: 50 });
    await post(sim, "/api/bill/Invoices", invoiceBody({ externalReference: "REF-A" }));
    await post(
      sim,
      "/api/bill/Invoices",
      invoiceBody({ externalReference: "REF-AB", invoiceNum: "X-9" })
    );
    await post(
      sim,
      "/api/bill/Invoices",
      invoiceBody({ externalReference: "REF-C", customerId: DEMO.customers.smit, contractId: null })
    );
  });
  afterAll(() => sim.close());

  const refs = (a: { body: any }) =>
    a.body.data.results.map((i: any) => i.externalReference).sort();

  it("matches flexSearch broadly (case-insensitive, within the reference), and leaves out excludeIds", async () => {
    // The vendor's document says nothing of how flexSearch matches; the simulator assumes a broad
    // search, so a reference's first characters find every invoice whose reference starts with them.
    expect(refs(await post(sim, "/api/bill/Invoices/filter", { flexSearch: "REF-A" }))).toEqual([
      "REF-A",
      "REF-AB",
    ]);
    expect(refs(await post(sim, "/api/bill/Invoices/filter", { flexSearch: "ref-" }))).toEqual([
      "REF-A",
      "REF-AB",
      "REF-C",
    ]);
    expect(refs(await post(sim, "/api/bill/Invoices/filter", { flexSearch: "NOPE" }))).toEqual([]);
    const all = (await post(sim, "/api/bill/Invoices/filter", { flexSearch: "REF-" })).body.data
      .results as { id: string; externalReference: string }[];
    const refA = all.find((i) => i.externalReference === "REF-A")!;
    expect(
      refs(
        await post(sim, "/api/bill/Invoices/filter", {
          flexSearch: "REF-",
          excludeIds: [refA.id.toUpperCase()],
        })
      )
    ).toEqual(["REF-AB", "REF-C"]);
  });

  it("matches flexSearch against invoiceNum", async () => {
    expect(refs(await post(sim, "/api/bill/Invoices/filter", { flexSearch: "X-9" }))).toEqual([
      "REF-AB",
    ]);
  });

  it("filters by externalReference and by customerId", async () => {
    expect(
      refs(await post(sim, "/api/bill/Invoices/filter", { externalReference: "REF-C" }))
    ).toEqual(["REF-C"]);
    expect(
      refs(await post(sim, "/api/bill/Invoices/filter", { customerId: DEMO.customers.jansen }))
    ).toEqual(["REF-A", "REF-AB"]);
  });

  it("answers the invoices in the read shape with status", async () => {
    const a = await post(sim, "/api/bill/Invoices/filter", { externalReference: "REF-A" });
    expect(a.body.data.results[0]).toMatchObject({
      status: "created",
      debtor: { customerId: DEMO.customers.jansen },
      hasErrors: false,
      failureReasonCode: null,
    });
  });

  it("answers a bare array in the interface dialect", async () => {
    sim.setOptions({ dialect: "interface" });
    try {
      const a = await post(sim, "/api/bill/Invoices/filter", { flexSearch: "REF-C" });
      expect(a.body.map((i: any) => i.externalReference)).toEqual(["REF-C"]);
    } finally {
      sim.setOptions({ dialect: "live" });
    }
  });
});
