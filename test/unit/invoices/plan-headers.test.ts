import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY } from "./fixtures";

describe("planInvoices: headers", () => {
  const snapshot = {
    headers: [
      "  CUSTOMERID ",
      "companybankaccountid",
      "TaxCodeId",
      "Description",
      "amount",
      "My Note",
      "status",
      "message",
      "",
    ],
    rows: [
      {
        rowNumber: 2,
        values: [IDS.customerA, IDS.bank, IDS.tax, "Heat", 12.5, "x", "invalid", "old", "ignored"],
      },
    ],
  };

  it("matches headers case-insensitively after trimming and sends the canonical field names", () => {
    const plan = planInvoices(snapshot, { today: TODAY });
    expect(plan.planProblems).toEqual([]);
    expect(plan.invoices[0].body.customerId).toBe(IDS.customerA);
    expect(plan.invoices[0].body.companyBankAccountId).toBe(IDS.bank);
    expect(plan.invoices[0].body.lines[0]).toEqual({
      taxCodeId: IDS.tax,
      description: "Heat",
      amount: 12.5,
      "My Note": "x",
    });
  });

  it("lists pass-through columns that the live service does not know as unknown columns", () => {
    const plan = planInvoices(snapshot, { today: TODAY });
    expect(plan.unknownColumns).toEqual(["amount", "My Note"]);
  });

  it("never sends result columns (status, message) or unnamed columns as line fields", () => {
    const line = planInvoices(snapshot, { today: TODAY }).invoices[0].body.lines[0];
    expect(Object.keys(line)).not.toEqual(expect.arrayContaining(["status"]));
    expect(line).not.toHaveProperty("message");
    expect(Object.values(line)).not.toContain("ignored");
  });

  it("reports a column that appears twice as a problem of the whole selection", () => {
    const plan = planInvoices(
      {
        headers: ["customerId", "CustomerId", "taxCodeId", "companyBankAccountId"],
        rows: [{ rowNumber: 2, values: [IDS.customerA, IDS.customerB, IDS.tax, IDS.bank] }],
      },
      { today: TODAY }
    );
    expect(plan.invoices).toEqual([]);
    expect(plan.planProblems[0]).toMatch(
      /The column customerId appears twice \(columns A and B\); keep one/
    );
  });
});
