import { planInvoices } from "../../../src/invoices";
import { TODAY, line, sheet } from "./fixtures";

describe("cells holding Excel errors", () => {
  it.each(["#N/A", "#VALUE!", "#REF!", "#DIV/0!", "#NAME?", "#SPILL!", "#CALC!"])(
    "refuses a cell holding %s, naming the cell",
    (error) => {
      const plan = planInvoices(sheet([line({ customerId: error })]), { today: TODAY });
      expect(plan.rowProblems.get(2)).toEqual([
        `cell A2 (customerId) holds ${error}; fix the value or the formula`,
      ]);
      expect(plan.invoices).toEqual([]);
    }
  );

  it("refuses Excel errors in pass-through columns too", () => {
    const plan = planInvoices(sheet([line({ note: "#N/A" })]), { today: TODAY });
    expect(plan.rowProblems.get(2)).toEqual([
      "cell G2 (note) holds #N/A; fix the value or the formula",
    ]);
  });

  it("places cells after the sheet's first column", () => {
    const snapshot = { ...sheet([line({ taxCodeId: "#REF!" })]), firstColumnIndex: 27 };
    const plan = planInvoices(snapshot, { today: TODAY });
    expect(plan.rowProblems.get(2)).toEqual([
      "cell AD2 (taxCodeId) holds #REF!; fix the value or the formula",
    ]);
  });

  it("ignores an Excel error in the message column, which only the add-in writes", () => {
    const plan = planInvoices(sheet([line({ message: "#N/A" })]), { today: TODAY });
    expect(plan.rowProblems.size).toBe(0);
  });
});
