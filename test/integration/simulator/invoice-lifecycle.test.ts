import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { call, get, invoiceBody, post, startSimulator, waitFor } from "./helpers";

describe("invoice lifecycle: created → approvalinprogress → approved → invoiceNum", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ approvalDelayMs: 150, numberDelayMs: 100 });
  });
  afterAll(() => sim.close());

  it("stores a new invoice in status created without a number, answered as the vendor's InvoiceDTO", async () => {
    const a = await post(
      sim,
      "/api/bill/Invoices",
      invoiceBody({ externalReference: "LC-1", noteToCustomer: "hi" })
    );
    expect(a.status).toBe(200);
    const inv = a.body.data;
    expect(inv).toMatchObject({
      status: "created",
      invoiceNum: null,
      externalReference: "LC-1",
      debtor: {
        customerId: DEMO.customers.jansen,
        displayName: "Jansen Warmte BV",
        customerAccountNumber: "CUST-0001",
        customerType: "organization",
      },
      contractId: DEMO.contracts.heatingGeneric,
      companyBankAccountId: DEMO.bankAccounts.main,
      hasErrors: false,
      failureReasonCode: null,
      noteToCustomer: "hi",
    });
    // A draft carries its creation date (the vendor types invoiceDate as a date-time, not null).
    expect(inv.invoiceDate).toBe(inv.createdDateTime);
    expect(Date.parse(inv.invoiceDate)).not.toBeNaN();
    expect(inv).not.toHaveProperty("customerId");
    expect(inv).not.toHaveProperty("errors");
    expect(inv.lines).toEqual([
      {
        id: `${inv.id}-1`,
        sortOrder: 1,
        taxCodeId: DEMO.taxCodes.vat21,
        description: "Meter replacement",
        quantity: 1,
        unitPrice: 125.5,
        // The service's own figures: 21 % of 125.50 = 26.355, half-up to 26.36.
        amountExclVAT: 125.5,
        taxRate: 21,
        vat: 26.36,
        amountInclVAT: 151.86,
      },
    ]);
    expect(inv).toMatchObject({
      totalAmountExclVAT: 125.5,
      totalAmountInclVAT: 151.86,
      type: "invoice",
      sent: "notsent",
      creditedByInvoiceId: null,
      creditedInvoiceId: null,
    });
    expect(sim.store.invoice(inv.id)!.lines).toEqual([
      {
        taxCodeId: DEMO.taxCodes.vat21,
        description: "Meter replacement",
        quantity: 1,
        unitPrice: 125.5,
      },
    ]);
    const read = await get(sim, `/api/bill/Invoices/${inv.id}`);
    expect(read.body.data).toEqual(inv);
  });

  it("answers approve at once with approvalinprogress, then approved, then a number", async () => {
    const id = (await post(sim, "/api/bill/Invoices", invoiceBody())).body.data.id;
    const approve = await post(sim, `/api/bill/Invoices/${id}/approve`, {
      invoiceDate: "2026-06-15T00:00:00+02:00",
    });
    expect(approve.status).toBe(200);
    expect(approve.body.data.status).toBe("approvalinprogress");
    expect(approve.body.data.invoiceNum).toBeNull();
    expect(approve.body.data.invoiceDate).toBe("2026-06-15T00:00:00+02:00");

    const seen = new Set<string>();
    const done = await waitFor(async () => {
      const inv = (await get(sim, `/api/bill/Invoices/${id}`)).body.data;
      seen.add(`${inv.status}:${inv.invoiceNum === null ? "none" : "num"}`);
      return inv.status === "approved" && inv.invoiceNum ? inv : undefined;
    });
    expect(done.invoiceNum).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(done.hasErrors).toBe(false);
    // Never a number before approval, never approved-and-numbered before approved.
    expect(
      [...seen].every((s) =>
        ["approvalinprogress:none", "approved:none", "approved:num"].includes(s)
      )
    ).toBe(true);
  });

  it("moves through the states by the configured delays (computed lazily from timestamps)", async () => {
    const id = (await post(sim, "/api/bill/Invoices", invoiceBody())).body.data.id;
    await post(sim, `/api/bill/Invoices/${id}/approve`, { invoiceDate: "2026-06-15T10:00:00Z" });
    const start = sim.store.invoices.get(id)!.approvalDoneAt! - 150;
    expect(sim.store.invoice(id, start + 149)!.status).toBe("approvalinprogress");
    const approved = sim.store.invoice(id, start + 150)!;
    expect(approved.status).toBe("approved");
    expect(approved.invoiceNum).toBeNull();
    expect(sim.store.invoice(id, start + 249)!.invoiceNum).toBeNull();
    expect(sim.store.invoice(id, start + 250)!.invoiceNum).toMatch(/^INV-/);
  });

  it("numbers invoices sequentially in approval order", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = (await post(sim, "/api/bill/Invoices", invoiceBody())).body.data.id;
      await post(sim, `/api/bill/Invoices/${id}/approve`, { invoiceDate: "2026-06-15T10:00:00Z" });
      ids.push(id);
    }
    const later = Date.now() + 10_000;
    const nums = ids.map((id) => Number(sim.store.invoice(id, later)!.invoiceNum!.slice(-6)));
    expect(nums[1]).toBe(nums[0] + 1);
    expect(nums[2]).toBe(nums[1] + 1);
  });

  it("keeps an invoiceNum supplied at creation", async () => {
    const created = await post(sim, "/api/bill/Invoices", invoiceBody({ invoiceNum: "OWN-77" }));
    expect(created.body.data.invoiceNum).toBe("OWN-77");
    const id = created.body.data.id;
    await post(sim, `/api/bill/Invoices/${id}/approve`, { invoiceDate: "2026-06-15T10:00:00Z" });
    const inv = sim.store.invoice(id, Date.now() + 10_000)!;
    expect(inv.status).toBe("approved");
    expect(inv.invoiceNum).toBe("OWN-77");
  });

  it("answers the interface dialect's create with 201 and Location, approve with 202", async () => {
    sim.setOptions({ dialect: "interface" });
    try {
      const created = await post(sim, "/api/bill/Invoices", invoiceBody());
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: "created",
        customerId: DEMO.customers.jansen,
        invoiceDate: null,
        errors: [],
      });
      expect(created.headers.get("location")).toBe(
        `${sim.url}/api/bill/Invoices/${created.body.id}`
      );
      const byLocation = await call(sim, new URL(created.headers.get("location")!).pathname);
      expect(byLocation.body.id).toBe(created.body.id);
      const approve = await post(sim, `/api/bill/Invoices/${created.body.id}/approve`, {
        invoiceDate: "2026-06-15T10:00:00Z",
      });
      expect(approve.status).toBe(202);
      expect(approve.body.status).toBe("approvalinprogress");
    } finally {
      sim.setOptions({ dialect: "live" });
    }
  });
});
