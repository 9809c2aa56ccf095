import { UnknownOutcomeError, ValidationError } from "../../../src/api/errors";
import { FakeClient } from "./fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: recognising earlier creates by their reference", () => {
  it("marks a create with an unknown outcome as unknown and does not retry it in this run", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () =>
      new UnknownOutcomeError("connection cut", { endpoint: "POST /api/bill/Invoices" });
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.count("createInvoice")).toBe(1);
    expect(rec.rows.get(2)).toMatchObject({ status: "unknown", externalReference: "XL-1" });
    expect(rec.rows.get(2)!.message).toMatch(
      /may or may not have been created; it was not sent again\. Run again to look it up by its reference XL-1\./
    );
  });

  it("adopts the invoice found by reference instead of creating a second one", async () => {
    const fake = new FakeClient();
    fake.seed({
      id: IDS.invoice,
      status: "created",
      body: {
        customerId: IDS.customerA,
        companyBankAccountId: IDS.bank,
        externalReference: "XL-7",
        lines: [],
      },
    });
    const rec = await run(
      fake,
      plan(sheet([line({ externalReference: "XL-7", status: "unknown" })]))
    );
    expect(fake.count("createInvoice")).toBe(0);
    expect(fake.count("findInvoicesByExternalReference")).toBe(1);
    expect(rec.rows.get(2)).toMatchObject({ invoiceId: IDS.invoice, status: "approved" });
  });

  it("creates the invoice when the search by reference answers that none exists", async () => {
    const fake = new FakeClient();
    const rec = await run(
      fake,
      plan(sheet([line({ externalReference: "XL-7", status: "unknown" })]))
    );
    expect(fake.count("createInvoice")).toBe(1);
    expect(fake.calls.find((c) => c.method === "createInvoice")!.args[0]).toMatchObject({
      externalReference: "XL-7",
    });
    expect(rec.rows.get(2)!.status).toBe("approved");
  });

  it("adopts the existing invoice when a create is refused with INVOICE_ALREADY_EXISTS", async () => {
    const fake = new FakeClient();
    fake.seed({
      id: IDS.invoice,
      status: "approved",
      invoiceNum: "F-3",
      body: {
        customerId: IDS.customerA,
        companyBankAccountId: IDS.bank,
        externalReference: "XL-1",
        lines: [],
      },
    });
    fake.fail.createInvoice = () =>
      new ValidationError("refused", {
        status: 409,
        entries: [{ key: "INVOICE_ALREADY_EXISTS", message: "exists" }],
      });
    // The reference is new to the sheet (as if written by a run whose write-back was lost).
    const rec = await run(fake, plan(sheet([line()])));
    expect(rec.rows.get(2)).toMatchObject({
      invoiceId: IDS.invoice,
      status: "approved",
      invoiceNum: "F-3",
    });
  });

  it("refuses to guess when several invoices carry the reference", async () => {
    const fake = new FakeClient();
    const body = {
      customerId: IDS.customerA,
      companyBankAccountId: IDS.bank,
      externalReference: "XL-7",
      lines: [],
    };
    fake.seed({ id: IDS.invoice, body });
    fake.seed({ id: IDS.customerB, body });
    const rec = await run(fake, plan(sheet([line({ externalReference: "XL-7" })])));
    expect(rec.rows.get(2)).toMatchObject({ status: "failed" });
    expect(rec.rows.get(2)!.message).toMatch(
      /^2 invoices in the billing service carry the reference XL-7/
    );
    expect(fake.count("createInvoice")).toBe(0);
  });
});
