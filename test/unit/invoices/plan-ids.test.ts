import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices: id shapes", () => {
  it.each([
    ["customerId", "Jansen"],
    ["companyBankAccountId", "NL91ABNA0417164300"],
    ["contractId", "C-1001"],
    ["taxCodeId", 21],
    ["billingItemId", "not-a-uuid"],
    ["serviceLocationId", "12345678-1234-1234-1234-12345678"],
    ["invoiceId", "42"],
  ])("refuses %s %p that is not a service id", (column, value) => {
    const plan = planInvoices(sheet([line({ [column]: value })]), { today: TODAY });
    const problems = plan.rowProblems.get(2) ?? [];
    expect(
      problems.some((p) => p.startsWith(`${column} `) && p.includes("is not a billing service id"))
    ).toBe(true);
    expect(plan.invoices).toEqual([]);
  });

  it("accepts ids in upper case and with surrounding spaces", () => {
    const plan = planInvoices(
      sheet([
        line({ customerId: `  ${IDS.customerA.toUpperCase()} `, billingItemId: ` ${IDS.item}` }),
      ]),
      { today: TODAY }
    );
    expect(plan.rowProblems.size).toBe(0);
    expect(plan.invoices[0].body.customerId).toBe(IDS.customerA);
    expect(plan.invoices[0].body.lines[0].billingItemId).toBe(IDS.item);
  });
});
