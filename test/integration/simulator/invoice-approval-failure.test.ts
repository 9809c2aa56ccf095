import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { get, invoiceBody, post, startSimulator, waitFor } from "./helpers";

describe("approval failure: back to created with COULD_NOT_APPROVE_INVOICE", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ approvalDelayMs: 150, numberDelayMs: 100 });
  });
  afterAll(() => sim.close());

  async function createAndApprove(body: Record<string, unknown>): Promise<string> {
    const id = (await post(sim, "/api/bill/Invoices", body)).body.data.id;
    const a = await post(sim, `/api/bill/Invoices/${id}/approve`, {
      invoiceDate: "2026-06-15T10:00:00Z",
    });
    expect(a.status).toBe(200);
    return id;
  }

  it("fails an invoice with a line description containing FAIL-APPROVAL, seen by polling", async () => {
    const id = await createAndApprove(invoiceBody({}, { description: "please FAIL-APPROVAL now" }));
    const inv = await waitFor(async () => {
      const i = (await get(sim, `/api/bill/Invoices/${id}`)).body.data;
      return i.hasErrors ? i : undefined;
    });
    expect(inv.status).toBe("created");
    expect(inv.invoiceNum).toBeNull();
    // The vendor's InvoiceDTO reports a processing failure in failureReasonCode (LocalisedErrorDTO).
    expect(inv.failureReasonCode).toEqual({
      key: "COULD_NOT_APPROVE_INVOICE",
      correlationId: null,
      message: expect.any(String),
      messageValues: [],
    });
    expect(inv.failureDetails).toBe(inv.failureReasonCode.message);
    expect(sim.store.invoice(id)!.errors).toEqual([
      { key: "COULD_NOT_APPROVE_INVOICE", message: expect.any(String) },
    ]);
  });

  it("fails invoices of the customers named in the failApproval fault, and only those", async () => {
    sim.setFaults({ failApproval: { customerIds: [DEMO.customers.smit] } });
    try {
      const failing = await createAndApprove(
        invoiceBody({ customerId: DEMO.customers.smit, contractId: undefined })
      );
      const passing = await createAndApprove(invoiceBody());
      const later = Date.now() + 10_000;
      const f = sim.store.invoice(failing, later)!;
      expect(f.status).toBe("created");
      expect(f.errors.map((e) => e.key)).toEqual(["COULD_NOT_APPROVE_INVOICE"]);
      const p = sim.store.invoice(passing, later)!;
      expect(p.status).toBe("approved");
      expect(p.errors).toEqual([]);
    } finally {
      sim.setFaults({ failApproval: { customerIds: [] } });
    }
  });

  it("stays in approvalinprogress without errors until the approval delay has passed", async () => {
    const id = await createAndApprove(invoiceBody({}, { description: "FAIL-APPROVAL" }));
    const doneAt = sim.store.invoices.get(id)!.approvalDoneAt!;
    const before = sim.store.invoice(id, doneAt - 1)!;
    expect(before.status).toBe("approvalinprogress");
    expect(before.errors).toEqual([]);
  });

  it("can be approved again after a failure (and clears the old error while in progress)", async () => {
    const id = await createAndApprove(invoiceBody({}, { description: "FAIL-APPROVAL" }));
    sim.store.invoice(id, Date.now() + 10_000);
    sim.setFaults({ failApproval: { descriptionMarker: "" } });
    try {
      const again = await post(sim, `/api/bill/Invoices/${id}/approve`, {
        invoiceDate: "2026-06-15T10:00:00Z",
      });
      expect(again.status).toBe(200);
      expect(again.body.data.status).toBe("approvalinprogress");
      expect(again.body.data.hasErrors).toBe(false);
      expect(again.body.data.failureReasonCode).toBeNull();
      const inv = sim.store.invoice(id, Date.now() + 20_000)!;
      expect(inv.status).toBe("approved");
      expect(inv.invoiceNum).toMatch(/^INV-/);
    } finally {
      sim.setFaults({ failApproval: { descriptionMarker: "FAIL-APPROVAL" } });
    }
  });
});
