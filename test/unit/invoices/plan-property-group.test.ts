import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices: property groups", () => {
  it("leaves the bank account to the run and names the property group when only a group is given", () => {
    const plan = planInvoices(
      sheet([line({ companyBankAccountId: null, propertyGroupId: IDS.group })]),
      { today: TODAY }
    );
    const invoice = plan.invoices[0];
    expect(invoice.propertyGroupId).toBe(IDS.group);
    expect(invoice.body).not.toHaveProperty("companyBankAccountId");
    expect(invoice.body.propertyGroups).toEqual([{ id: IDS.group }]);
  });

  it("keeps the sheet's bank account when both are given", () => {
    const plan = planInvoices(sheet([line({ propertyGroupId: IDS.group })]), { today: TODAY });
    expect(plan.invoices[0].propertyGroupId).toBeUndefined();
    expect(plan.invoices[0].body.companyBankAccountId).toBe(IDS.bank);
    expect(plan.invoices[0].body.propertyGroups).toEqual([{ id: IDS.group }]);
  });
});
