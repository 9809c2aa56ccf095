import { planInvoices } from "../../../src/invoices";
import { IDS, TODAY } from "./fixtures";

describe("planInvoices: messages name the worksheet cell", () => {
  const rows = [{ rowNumber: 7, values: [IDS.customerA, IDS.bank, "#N/A"] as (string | null)[] }];

  it("counts from the first column when the columns are contiguous", () => {
    const plan = planInvoices(
      { headers: ["customerId", "companyBankAccountId", "taxCodeId"], rows, firstColumnIndex: 1 },
      { today: TODAY }
    );
    expect(plan.rowProblems.get(7)!.join(" ")).toContain("D7");
  });

  it("uses the column of each header when note columns were left out between them", () => {
    const plan = planInvoices(
      {
        headers: ["customerId", "companyBankAccountId", "taxCodeId"],
        rows,
        firstColumnIndex: 0,
        columnIndexes: [0, 1, 3],
      },
      { today: TODAY }
    );
    expect(plan.rowProblems.get(7)!.join(" ")).toContain("D7");
    expect(plan.rowProblems.get(7)!.join(" ")).not.toContain("C7");
  });
});
