import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: rows that already carry an invoiceId are continued, never created again", () => {
  it("only reads an approved, numbered invoice (in one batched read) and writes its number", async () => {
    const fake = new FakeClient();
    fake.seed({ id: IDS.invoice, status: "approved", invoiceNum: "F-1" });
    const rec = await run(fake, plan(sheet([line({ invoiceId: IDS.invoice })])));
    expect(fake.calls.map((c) => c.method)).toEqual(["getInvoicesByIds"]);
    expect(rec.rows.get(2)).toMatchObject({
      status: "approved",
      invoiceNum: "F-1",
      invoiceId: IDS.invoice,
    });
  });

  it("approves a created invoice", async () => {
    const fake = new FakeClient();
    fake.seed({ id: IDS.invoice, status: "created" });
    const rec = await run(fake, plan(sheet([line({ invoiceId: IDS.invoice })])));
    expect(fake.count("createInvoice")).toBe(0);
    expect(fake.count("approveInvoice")).toBe(1);
    expect(rec.rows.get(2)!.status).toBe("approved");
  });

  it("polls an invoice whose approval is in progress without approving it again", async () => {
    const fake = new FakeClient();
    fake.seed({ id: IDS.invoice, status: "approvalinprogress", pollsLeft: 2 });
    const rec = await run(fake, plan(sheet([line({ invoiceId: IDS.invoice })])));
    expect(fake.count("approveInvoice")).toBe(0);
    expect(rec.rows.get(2)!.status).toBe("approved");
  });

  it("reports an invoice whose errors are filled", async () => {
    const fake = new FakeClient();
    fake.seed({ id: IDS.invoice, status: "created", errors: [{ key: "NO_INVOICE_LINES" }] });
    const rec = await run(fake, plan(sheet([line({ invoiceId: IDS.invoice })])));
    expect(rec.rows.get(2)).toMatchObject({
      status: "failed",
      message: "The billing service reported a problem with the invoice: NO_INVOICE_LINES.",
    });
    expect(fake.count("approveInvoice")).toBe(0);
  });
});
