import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: outcomes of approval", () => {
  it("marks an invoice failed with the service's words when its errors fill during approval", async () => {
    const fake = new FakeClient();
    fake.failApprovalFor.add(IDS.customerB);
    const rec = await run(fake, plan(sheet([line(), line({ customerId: IDS.customerB })])));
    expect(rec.rows.get(3)).toMatchObject({
      status: "failed",
      message:
        "The billing service reported a problem with the invoice: Could not approve invoice.",
    });
    expect(rec.rows.get(2)!.status).toBe("approved");
    expect(rec.summary.counts).toMatchObject({ approved: 1, failed: 1 });
  });

  it("leaves an invoice pending after the approval time-out, and a second run finishes it", async () => {
    const fake = new FakeClient();
    fake.pollsToApprove = 1000;
    const thePlan = plan(sheet([line()]));
    const first = await run(fake, thePlan, { approvalTimeoutMs: 30 });
    expect(first.rows.get(2)).toMatchObject({
      status: "pending",
      message: "Still approving — run again to continue.",
    });

    const inv = [...fake.invoices.values()][0];
    inv.pollsLeft = 1;
    const resumed = plan(
      sheet([
        line({
          invoiceId: first.rows.get(2)!.invoiceId!,
          externalReference: "XL-1",
          status: "pending",
        }),
      ])
    );
    const creates = fake.count("createInvoice");
    const second = await run(fake, resumed);
    expect(fake.count("createInvoice")).toBe(creates);
    expect(fake.count("approveInvoice")).toBe(1);
    expect(second.rows.get(2)).toMatchObject({ status: "approved", invoiceNum: inv.invoiceNum });
  });

  it("waits for the number when the invoice is approved without one", async () => {
    const fake = new FakeClient();
    fake.seed({ id: IDS.invoice, status: "approved" });
    setTimeout(() => (fake.invoices.get(IDS.invoice)!.invoiceNum = "F-9"), 20);
    const rec = await run(fake, plan(sheet([line({ invoiceId: IDS.invoice })])));
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", invoiceNum: "F-9" });
  });
});
