/**
 * Check's counts add up to the selection: every row read is a line of an invoice
 * ready to send or a row of an invoice with problems, and an approved invoice is counted as such.
 */
import { planInvoices } from "../../../src/invoices";
import { checkRowMarks } from "../../../src/invoices/plan-row-updates";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices: a summary whose parts add up to the rows", () => {
  const plan = planInvoices(
    sheet([
      line({ invoiceRef: "A" }),
      line({ invoiceRef: "A" }),
      line({ invoiceRef: "B", customerId: "not-an-id" }),
      line({ invoiceRef: "B" }),
      line({ invoiceRef: "B" }),
      line({ invoiceRef: "C", taxCodeId: "nonsense" }),
      line({
        invoiceRef: "D",
        invoiceId: IDS.invoice,
        externalReference: "XL-1",
        status: "approved",
        invoiceNum: "2026-0001",
      }),
    ]),
    { today: TODAY }
  );

  it("counts ready invoices, their lines, the invoices with problems and their rows", () => {
    expect(plan.counts).toMatchObject({
      rows: 7,
      invoices: 2,
      lines: 3,
      invalidInvoices: 2,
      invalidRows: 4,
      finished: 1,
    });
    expect(plan.counts.lines + plan.counts.invalidRows).toBe(plan.counts.rows);
    expect(plan.summary).toBe(
      "7 rows: 2 invoices ready (3 lines; 1 already approved), 2 invoices with problems (4 rows; problems in 2)"
    );
  });

  it("marks every row of an invoice with a problem at Check, its sound rows saying why", () => {
    const marks = checkRowMarks(plan);
    expect([...marks.keys()].sort((a, b) => a - b)).toEqual([4, 5, 6, 7]);
    expect(marks.get(4)?.join()).toMatch(/customerId/);
    expect(marks.get(5)).toEqual(['Not sent: row 4 of invoice "B" has a problem.']);
    expect(marks.get(6)).toEqual(['Not sent: row 4 of invoice "B" has a problem.']);
    expect(marks.get(7)?.join()).toMatch(/taxCodeId/);
  });
});
