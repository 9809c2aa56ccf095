import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

// Columns of line(): A customerId, B companyBankAccountId, C taxCodeId, D description,
// E quantity, F unitPrice, then the extra columns in the order given.

describe("planInvoices: an id, reference or number belongs to one invoice", () => {
  it("refuses a row copied with its externalReference onto another invoice, on both rows", () => {
    const plan = planInvoices(
      sheet([line({ externalReference: "XL-1" }), line({ externalReference: "XL-1" })]),
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect(plan.rowProblems.get(2)).toEqual([
      'externalReference "XL-1" in G2 is also on row 3; a reference belongs to one invoice only. If a row was copied, clear invoiceId, externalReference, status and invoiceNum in the copy so that it is invoiced on its own',
    ]);
    expect(plan.rowProblems.get(3)).toEqual([
      'externalReference "XL-1" in G3 is also on row 2; a reference belongs to one invoice only. If a row was copied, clear invoiceId, externalReference, status and invoiceNum in the copy so that it is invoiced on its own',
    ]);
  });

  it("refuses a row copied with its invoiceId onto another invoice, even though the invoice exists", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A", invoiceId: IDS.invoice }),
        line({ invoiceRef: "B", invoiceId: IDS.invoice }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect(plan.rowProblems.get(3)).toEqual([
      `invoiceId "${IDS.invoice}" in H3 is also on invoice "A"; an invoice id belongs to one invoice only. If a row was copied, clear invoiceId, externalReference, status and invoiceNum in the copy so that it is invoiced on its own`,
    ]);
    expect(plan.rowProblems.get(2)![0]).toMatch(/^invoiceId ".*" in H2 is also on invoice "B";/);
  });

  it("keeps rows of one invoice that share its id and reference", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A", invoiceId: IDS.invoice, externalReference: "XL-1" }),
        line({ invoiceRef: "A", invoiceId: IDS.invoice, externalReference: "XL-1" }),
      ]),
      { today: TODAY }
    );
    expect(plan.rowProblems.size).toBe(0);
    expect(plan.invoices).toHaveLength(1);
  });

  it("refuses the same invoiceNum on two invoices", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceNum: "F-1" }),
        line({ invoiceNum: "F-1" }),
        line({ invoiceNum: "F-2" }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices.map((i) => i.body.invoiceNum)).toEqual(["F-2"]);
    expect(plan.rowProblems.get(2)).toEqual([
      'invoiceNum "F-1" in G2 is also on row 3; an invoice number belongs to one invoice only. Give each invoice its own number, or leave invoiceNum empty so that the billing service numbers it',
    ]);
  });

  it("refuses a row that carries the status and number of an earlier invoice but neither its id nor its reference", () => {
    const plan = planInvoices(
      sheet([line({ status: "approved", invoiceNum: "INV-2026-000001" })]),
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect(plan.rowProblems.get(2)).toEqual([
      'status "approved" in G2 and invoiceNum "INV-2026-000001" in H2 are left from an earlier invoice, but invoiceId and externalReference are empty, so the number would be sent again. To invoice this row anew, clear status and invoiceNum; to continue the earlier invoice, put its invoiceId back',
    ]);
  });

  it("refuses a row that carries the status of an earlier invoice but neither its id nor its reference", () => {
    const plan = planInvoices(sheet([line({ status: "created" })]), { today: TODAY });
    expect(plan.rowProblems.get(2)).toEqual([
      'status "created" in G2 is left from an earlier invoice, but invoiceId and externalReference are empty. To invoice this row anew, clear status; to continue the earlier invoice, put its invoiceId back',
    ]);
  });

  it("accepts a number the controller chose, and a row that Check marked invalid before", () => {
    const plan = planInvoices(
      sheet([line({ invoiceNum: "F-9" }), line({ status: "invalid", invoiceNum: "F-10" })]),
      { today: TODAY }
    );
    expect(plan.rowProblems.size).toBe(0);
    expect(plan.invoices.map((i) => i.body.invoiceNum)).toEqual(["F-9", "F-10"]);
  });
});

describe("planInvoices: a line must bill something", () => {
  it("refuses a line with no quantity, unit price, amount or description, naming the empty cells", () => {
    const plan = planInvoices(
      sheet([line({ description: null, quantity: null, unitPrice: null })]),
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect(plan.rowProblems.get(2)).toEqual([
      "Nothing to bill in row 2: quantity (E2), unitPrice (F2) and description (D2) are empty; fill in what the line charges (a quantity and unit price, an amount, or a description)",
    ]);
  });

  it("names the missing columns when the sheet has none of them", () => {
    const plan = planInvoices(
      {
        headers: ["customerId", "companyBankAccountId", "taxCodeId"],
        rows: [{ rowNumber: 5, values: [IDS.customerA, IDS.bank, IDS.tax] }],
      },
      { today: TODAY }
    );
    expect(plan.rowProblems.get(5)).toEqual([
      "Nothing to bill in row 5: the sheet has no quantity, unitPrice, amount or description column; add the columns that say what the line charges",
    ]);
  });

  it("accepts a line with only an amount, or only a description", () => {
    const plan = planInvoices(
      sheet([
        line({ description: null, quantity: null, unitPrice: null, amountExclVAT: 12.5 }),
        line({ quantity: null, unitPrice: null }),
      ]),
      { today: TODAY }
    );
    expect(plan.rowProblems.size).toBe(0);
    expect(plan.invoices).toHaveLength(2);
  });
});

describe("planInvoices: misspelt headers", () => {
  it("says that a header looks like a misspelling of a missing known column", () => {
    const plan = planInvoices(
      {
        headers: ["customerId", "companyBankAccountId", "taxCodeId", "description", "quantty"],
        rows: [{ rowNumber: 2, values: [IDS.customerA, IDS.bank, IDS.tax, "Heat", 2] }],
      },
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect(plan.planProblems).toEqual([
      'The header "quantty" in column E looks like a misspelling of quantity, and there is no quantity column; rename it to quantity, or the billing service will not see it',
    ]);
  });

  it("leaves a header alone when the known column it resembles is there too", () => {
    const plan = planInvoices(
      {
        headers: ["customerId", "companyBankAccountId", "taxCodeId", "quantity", "quantty"],
        rows: [{ rowNumber: 2, values: [IDS.customerA, IDS.bank, IDS.tax, 2, "x"] }],
      },
      { today: TODAY }
    );
    expect(plan.planProblems).toEqual([]);
    expect(plan.unknownColumns).toEqual(["quantty"]);
  });
});
