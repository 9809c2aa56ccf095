import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices: grouping rows into invoices", () => {
  it("groups rows with the same invoiceRef into one invoice with one line per row", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A" }),
        line({ invoiceRef: "B", customerId: IDS.customerB }),
        line({ invoiceRef: "A", description: "Meter" }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices.map((i) => [i.key, i.rowNumbers])).toEqual([
      ["ref:A", [2, 4]],
      ["ref:B", [3]],
    ]);
    expect(plan.invoices[0].body.lines.map((l) => l.description)).toEqual(["Heat", "Meter"]);
    expect(plan.counts).toMatchObject({ invoices: 2, lines: 3, rowsWithProblems: 0 });
    expect(plan.summary).toBe("3 rows: 2 invoices ready (3 lines)");
  });

  it("makes every row its own invoice when there is no invoiceRef column", () => {
    const plan = planInvoices(sheet([line(), line(), line()]), { today: TODAY });
    expect(plan.invoices.map((i) => i.key)).toEqual(["row:2", "row:3", "row:4"]);
  });

  it("makes a row with an empty invoiceRef an invoice of its own", () => {
    const plan = planInvoices(
      sheet([line({ invoiceRef: "A" }), line({ invoiceRef: "" }), line({ invoiceRef: "A" })]),
      { today: TODAY }
    );
    expect(plan.invoices.map((i) => i.rowNumbers)).toEqual([[2, 4], [3]]);
  });

  it("treats a numeric invoiceRef like its text", () => {
    const plan = planInvoices(sheet([line({ invoiceRef: 1 }), line({ invoiceRef: "1" })]), {
      today: TODAY,
    });
    expect(plan.invoices).toHaveLength(1);
  });

  it("skips rows that hold nothing but written results", () => {
    const snapshot = sheet([
      line(),
      {
        customerId: null,
        companyBankAccountId: null,
        taxCodeId: null,
        description: null,
        quantity: null,
        unitPrice: null,
        message: "old",
      },
    ]);
    const plan = planInvoices(snapshot, { today: TODAY });
    expect(plan.counts.rows).toBe(1);
    expect(plan.invoices).toHaveLength(1);
  });
});
