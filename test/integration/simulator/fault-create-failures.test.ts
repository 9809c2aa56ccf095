import type { Simulator } from "../../../simulator";
import { invoiceBody, post, startSimulator, waitFor } from "./helpers";

describe("create failure faults", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.setFaults({ createFailures: null }));
  afterAll(() => sim.close());

  it("answers the next N creates with 503 without storing, then works again", async () => {
    sim.setFaults({ createFailures: { mode: "503", count: 2 } });
    const size = sim.store.invoices.size;
    expect((await post(sim, "/api/bill/Invoices", invoiceBody())).status).toBe(503);
    expect((await post(sim, "/api/bill/Invoices", invoiceBody())).status).toBe(503);
    expect(sim.store.invoices.size).toBe(size);
    expect((await post(sim, "/api/bill/Invoices", invoiceBody())).status).toBe(200);
    expect(sim.store.invoices.size).toBe(size + 1);
  });

  it("stores the invoice and then cuts the connection (unknown outcome), findable by reference", async () => {
    sim.setFaults({ createFailures: { mode: "drop-after-store", count: 1 } });
    await expect(
      post(sim, "/api/bill/Invoices", invoiceBody({ externalReference: "CUT-1" }))
    ).rejects.toThrow();
    expect(sim.store.findByExternalReference("CUT-1")?.status).toBe("created");
    const found = await post(sim, "/api/bill/Invoices/filter", { flexSearch: "CUT-1" });
    expect(found.body.data.results).toHaveLength(1);
    const retry = await post(
      sim,
      "/api/bill/Invoices",
      invoiceBody({ externalReference: "CUT-1" })
    );
    expect(retry.status).toBe(409);
    expect(retry.body.errors[0].key).toBe("INVOICE_ALREADY_EXISTS");
  });

  it("cuts the connection before storing", async () => {
    sim.setFaults({ createFailures: { mode: "drop-before-store", count: 1 } });
    await expect(
      post(sim, "/api/bill/Invoices", invoiceBody({ externalReference: "CUT-2" }))
    ).rejects.toThrow();
    expect(sim.store.findByExternalReference("CUT-2")).toBeUndefined();
    const again = await post(
      sim,
      "/api/bill/Invoices",
      invoiceBody({ externalReference: "CUT-2" })
    );
    expect(again.status).toBe(200);
  });

  it("logs a cut connection with status 0", async () => {
    sim.log.clear();
    sim.setFaults({ createFailures: { mode: "drop-before-store", count: 1 } });
    await expect(post(sim, "/api/bill/Invoices", invoiceBody())).rejects.toThrow();
    await waitFor(async () => (sim.log.count() > 0 ? true : undefined));
    expect(sim.log.entries().map((e) => [e.method, e.status])).toEqual([["POST", 0]]);
  });
});
