import { UnavailableError, UnknownOutcomeError, ValidationError } from "../../../src/api/errors";
import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: recognising earlier creates by their reference", () => {
  it("sends a cut create again only after reading back that the service holds none, at most 6 times", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () =>
      new UnknownOutcomeError("connection cut", { endpoint: "POST /api/bill/Invoices" });
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.count("createInvoice")).toBe(6);
    expect(fake.count("findInvoicesByExternalReference")).toBe(6);
    expect(rec.events.filter((e) => e !== "write")).toEqual(
      Array.from({ length: 6 }, () => ["createInvoice", "findInvoicesByExternalReference"]).flat()
    );
    expect(rec.rows.get(2)).toMatchObject({ status: "not sent", externalReference: "XL-1" });
    expect(rec.rows.get(2)!.message).toBe(
      "Not sent: The connection broke 6 times while the invoice was sent, and the billing service holds none with its reference XL-1. Run again to send it."
    );
  });

  it("settles a cut create that the service stored by reading it back, and approves it without a second create", async () => {
    const fake = new FakeClient();
    const real = fake.createInvoice;
    fake.createInvoice = async (body) => {
      await real(body);
      throw new UnknownOutcomeError("connection cut", { endpoint: "POST /api/bill/Invoices" });
    };
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.invoices.size).toBe(1);
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", message: "" });
    expect(rec.rows.get(2)!.invoiceId).toBe([...fake.invoices.keys()][0]);
  });

  it("says the outcome is still open when the read-back after a cut create fails too", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () =>
      new UnknownOutcomeError("connection cut", { endpoint: "POST /api/bill/Invoices" });
    fake.fail.findInvoicesByExternalReference = () => new UnavailableError("503", { status: 503 });
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.count("createInvoice")).toBe(1);
    expect(rec.rows.get(2)).toMatchObject({ status: "unknown" });
    expect(rec.rows.get(2)!.message).toBe(
      "The connection broke after the invoice was sent, and reading it back by its reference XL-1 failed too, so whether it was created is still open; it was not sent again. Could not look up the invoice by its reference: the billing service could not be reached or did not answer in time. Run again to look it up."
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
      // Made minutes ago: this sitting's (a run whose write-back was lost, or undone).
      createdDateTime: new Date(Date.now() - 5 * 60_000).toISOString(),
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

  it("refuses to guess when several invoices past draft carry the reference", async () => {
    const fake = new FakeClient();
    const body = {
      customerId: IDS.customerA,
      companyBankAccountId: IDS.bank,
      externalReference: "XL-7",
      lines: [],
    };
    fake.seed({ id: IDS.invoice, body, status: "approved", invoiceNum: "F-1" });
    fake.seed({ id: IDS.customerB, body, status: "approved", invoiceNum: "F-2" });
    const rec = await run(fake, plan(sheet([line({ externalReference: "XL-7" })])));
    expect(rec.rows.get(2)).toMatchObject({ status: "failed" });
    expect(rec.rows.get(2)!.message).toBe(
      "2 invoices in the billing service carry the reference XL-7 and are past draft; check them there and put the right invoice's id in invoiceId."
    );
    expect(fake.count("createInvoice")).toBe(0);
    expect(fake.count("deleteInvoice")).toBe(0);
  });
});
