import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices: rows an earlier run wrote back", () => {
  it("carries the invoiceId, externalReference and status of the sheet", () => {
    const plan = planInvoices(
      sheet([
        line({
          invoiceRef: "A",
          invoiceId: IDS.invoice,
          externalReference: "XL-1",
          status: "Approving",
        }),
        line({ invoiceRef: "A", invoiceId: IDS.invoice }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices[0]).toMatchObject({
      invoiceId: IDS.invoice,
      externalReference: "XL-1",
      status: "approving",
    });
    expect(plan.counts.continued).toBe(1);
    expect(plan.summary).toBe("2 rows: 1 invoice ready (2 lines; 1 to continue)");
  });

  it("flags a row added to an invoice's group after the invoice was created, instead of passing it silently", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A", invoiceId: IDS.invoice, status: "approved" }),
        line({ invoiceRef: "A", invoiceId: IDS.invoice, status: "approved" }),
        line({ invoiceRef: "A", description: "added later" }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect([...plan.rowProblems.keys()]).toEqual([4]);
    expect(plan.rowProblems.get(4)![0]).toBe(
      `This row is not on invoice ${IDS.invoice}, which was created earlier from rows 2, 3 of invoice "A", so it has not been invoiced; give it an invoiceRef of its own to invoice it separately`
    );
  });

  it("does not hold line problems against an invoice that already exists (its body is not sent again)", () => {
    const plan = planInvoices(sheet([line({ invoiceId: IDS.invoice, quantity: "1,5" })]), {
      today: TODAY,
    });
    expect(plan.rowProblems.size).toBe(0);
    expect(plan.invoices[0].invoiceId).toBe(IDS.invoice);
  });

  it("still refuses two different invoiceIds in one invoice", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A", invoiceId: IDS.invoice }),
        line({ invoiceRef: "A", invoiceId: IDS.customerB }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect(plan.rowProblems.get(3)![0]).toMatch(/^invoiceId .* differs/);
  });

  it("never sends the written columns as line fields", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceNum: "F-1", externalReference: "XL-9", status: "failed", message: "x" }),
      ]),
      { today: TODAY }
    );
    const sent = plan.invoices[0].body.lines[0];
    for (const column of ["invoiceId", "status", "invoiceNum", "message", "externalReference"])
      expect(sent).not.toHaveProperty(column);
    expect(plan.invoices[0].body.invoiceNum).toBe("F-1");
  });
});
