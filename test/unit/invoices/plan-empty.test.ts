import { planInvoices } from "../../../src/invoices";
import type { SheetSnapshot } from "../../../src/invoices";
import { TODAY } from "./fixtures";

describe("planInvoices: empty and malformed selections", () => {
  it("reports a selection without a header row", () => {
    const plan = planInvoices({ headers: [], rows: [] }, { today: TODAY });
    expect(plan.planProblems).toEqual([
      "The selection has no header row: the top row must name the columns (customerId, taxCodeId, …).",
    ]);
    expect(plan.invoices).toEqual([]);
    expect(plan.summary).toBe(plan.planProblems[0]);
  });

  it("reports a header row of empty cells like a missing one", () => {
    const plan = planInvoices(
      { headers: ["", "  "], rows: [{ rowNumber: 2, values: ["a", "b"] }] },
      { today: TODAY }
    );
    expect(plan.planProblems[0]).toMatch(/no header row/);
  });

  it("reports a header without data rows", () => {
    const plan = planInvoices(
      {
        headers: ["customerId", "companyBankAccountId", "taxCodeId"],
        rows: [{ rowNumber: 2, values: [null, "", " "] }],
      },
      { today: TODAY }
    );
    expect(plan.planProblems).toEqual([
      "The selection has no rows with invoice data below the header row.",
    ]);
  });

  it("survives a snapshot with missing parts", () => {
    const plan = planInvoices({} as unknown as SheetSnapshot, { today: TODAY });
    expect(plan.planProblems).toHaveLength(1);
    expect(plan.counts.invoices).toBe(0);
  });

  it("copes with rows shorter than the header row", () => {
    const plan = planInvoices(
      {
        headers: ["customerId", "companyBankAccountId", "taxCodeId", "description"],
        rows: [{ rowNumber: 5, values: ["11111111-1111-4111-8111-111111111111"] }],
      },
      { today: TODAY }
    );
    expect(plan.rowProblems.get(5)).toEqual([
      "taxCodeId is empty in C5; every line needs a tax code id",
      "Nothing to bill in row 5: description (D5) is empty; fill in what the line charges (a quantity and unit price, an amount, or a description)",
      "companyBankAccountId and propertyGroupId are both empty for row 5; give the bank account, or the property group whose bank account is used",
    ]);
  });
});
