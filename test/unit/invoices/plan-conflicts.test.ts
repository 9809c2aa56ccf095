import { invalidRowUpdates, planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices: invoice-level values must agree within an invoice", () => {
  it("accepts empty cells in some rows of a group and uses the value given", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A" }),
        line({ invoiceRef: "A", customerId: null, companyBankAccountId: "" }),
      ]),
      { today: TODAY }
    );
    expect(plan.rowProblems.size).toBe(0);
    expect(plan.invoices[0].body.customerId).toBe(IDS.customerA);
  });

  it("flags only the rows whose value differs from the others, naming the column and cell", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A" }),
        line({ invoiceRef: "A", customerId: IDS.customerB }),
        line({ invoiceRef: "A" }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect([...plan.rowProblems.keys()]).toEqual([3]);
    expect(plan.rowProblems.get(3)![0]).toBe(
      `customerId "${IDS.customerB}" in A3 differs from "${IDS.customerA}" on row 2 of invoice "A"; all rows of one invoice must have the same customerId`
    );
    expect(plan.invalidInvoices).toEqual([
      { key: "ref:A", label: 'invoice "A"', rowNumbers: [2, 3, 4], rowsWithProblems: [3] },
    ]);
  });

  it("marks the other rows of an invalid invoice as not sent, pointing at the bad row", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A" }),
        line({ invoiceRef: "A", invoiceDate: "2026-01-01" }),
        line({ invoiceRef: "A", invoiceDate: "2026-02-01" }),
      ]),
      { today: TODAY }
    );
    const updates = invalidRowUpdates(plan);
    expect(updates.map((u) => u.status)).toEqual(["invalid", "invalid", "invalid"]);
    expect(updates.find((u) => u.rowNumber === 2)!.message).toBe(
      'Not sent: row 4 of invoice "A" has a problem.'
    );
    expect(updates.find((u) => u.rowNumber === 4)!.message).toMatch(
      /^Not sent: invoiceDate "2026-02-01T00:00:00\+00:00" in \w4 differs/
    );
  });

  it("checks externalReference and invoiceId like the other invoice-level columns", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A", externalReference: "XL-1" }),
        line({ invoiceRef: "A", externalReference: "XL-2" }),
      ]),
      { today: TODAY }
    );
    expect(plan.rowProblems.get(3)![0]).toMatch(
      /^externalReference "XL-2" in \w3 differs from "XL-1"/
    );
  });
});
