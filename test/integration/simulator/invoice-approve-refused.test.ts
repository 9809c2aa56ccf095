import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { call, invoiceBody, post, startSimulator } from "./helpers";

describe("approve refusals", () => {
  let sim: Simulator;
  let id: string;
  beforeAll(async () => {
    sim = await startSimulator({ approvalDelayMs: 150, numberDelayMs: 100 });
  });
  beforeEach(async () => {
    id = (await post(sim, "/api/bill/Invoices", invoiceBody())).body.data.id;
  });
  afterAll(() => sim.close());

  it("refuses a second approve while approval is in progress with 409", async () => {
    expect(
      (await post(sim, `/api/bill/Invoices/${id}/approve`, { invoiceDate: "2026-06-15T10:00:00Z" }))
        .status
    ).toBe(200);
    const again = await post(sim, `/api/bill/Invoices/${id}/approve`, {
      invoiceDate: "2026-06-15T10:00:00Z",
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].key).toBe("INVOICE_NOT_IN_CREATED_STATUS");
    expect(again.body.errors[0].message).toContain("approvalinprogress");
  });

  it("refuses approving an approved invoice with 409", async () => {
    await post(sim, `/api/bill/Invoices/${id}/approve`, { invoiceDate: "2026-06-15T10:00:00Z" });
    sim.store.invoices.get(id)!.approvalDoneAt = Date.now() - 1;
    const again = await post(sim, `/api/bill/Invoices/${id}/approve`, {
      invoiceDate: "2026-06-15T10:00:00Z",
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toContain("approved");
  });

  it("answers 404 for an unknown invoice", async () => {
    const a = await post(sim, `/api/bill/Invoices/${DEMO.customers.smit}/approve`, {
      invoiceDate: "2026-06-15T10:00:00Z",
    });
    expect(a.status).toBe(404);
    expect(a.body.errors[0].key).toBe("INVOICE_NOT_FOUND");
  });

  it.each([
    ["no offset", { invoiceDate: "2026-06-15T10:00:00" }],
    ["date only", { invoiceDate: "2026-06-15" }],
    ["not a date", { invoiceDate: "tomorrow" }],
    ["impossible date", { invoiceDate: "2026-13-45T10:00:00Z" }],
    ["a number", { invoiceDate: 20260615 }],
    ["missing", {}],
  ])(
    "refuses an invoiceDate that is %s with 400 and leaves the invoice created",
    async (_name, body) => {
      const a = await post(sim, `/api/bill/Invoices/${id}/approve`, body);
      expect(a.status).toBe(400);
      expect(a.body.errors[0].key).toBe("INVALID_INVOICE_DATE");
      expect(sim.store.invoice(id)!.status).toBe("created");
    }
  );

  it("refuses an approve without a body with 400", async () => {
    const a = await call(sim, `/api/bill/Invoices/${id}/approve`, { method: "POST" });
    expect(a.status).toBe(400);
  });

  it.each([
    "2026-06-15T10:00:00+02:00",
    "2026-06-15T10:00:00.123Z",
    "2026-06-15T10:00Z",
    "2026-06-15T10:00:00-0500",
  ])("accepts the date-time with offset %s", async (invoiceDate) => {
    const a = await post(sim, `/api/bill/Invoices/${id}/approve`, { invoiceDate });
    expect(a.status).toBe(200);
    expect(a.body.data.invoiceDate).toBe(invoiceDate);
  });
});
