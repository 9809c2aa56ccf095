import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices: required fields", () => {
  it("requires a customerId for every invoice", () => {
    const plan = planInvoices(sheet([line({ customerId: "" }), line()]), { today: TODAY });
    expect(plan.rowProblems.get(2)).toEqual([
      "customerId is empty for row 2; every invoice needs a customer id",
    ]);
    expect(plan.invoices.map((i) => i.key)).toEqual(["row:3"]);
  });

  it("requires a bank account or a property group", () => {
    const plan = planInvoices(
      sheet([line({ companyBankAccountId: null, propertyGroupId: null })]),
      { today: TODAY }
    );
    expect(plan.rowProblems.get(2)![0]).toMatch(
      /^companyBankAccountId and propertyGroupId are both empty for row 2/
    );
  });

  it("requires a taxCodeId on every line, naming the cell", () => {
    const plan = planInvoices(
      sheet([line({ invoiceRef: "A" }), line({ invoiceRef: "A", taxCodeId: null })]),
      { today: TODAY }
    );
    expect(plan.rowProblems.get(3)).toEqual([
      "taxCodeId is empty in C3; every line needs a tax code id",
    ]);
    expect(plan.invoices).toEqual([]);
  });

  it("reports missing required columns once, for the whole selection", () => {
    const plan = planInvoices(sheet([{ description: "x", quantity: 1 }]), { today: TODAY });
    expect(plan.planProblems).toEqual([
      "The sheet has no customerId column; every invoice needs a customer.",
      "The sheet has no taxCodeId column; every line needs a tax code.",
      "The sheet has neither a companyBankAccountId nor a propertyGroupId column; every invoice needs a bank account.",
    ]);
    expect(plan.invoices).toEqual([]);
    expect(plan.summary).toContain("no customerId column");
  });

  it("accepts a propertyGroupId instead of a bank account", () => {
    const plan = planInvoices(
      sheet([line({ companyBankAccountId: null, propertyGroupId: IDS.group })]),
      { today: TODAY }
    );
    expect(plan.rowProblems.size).toBe(0);
  });
});
