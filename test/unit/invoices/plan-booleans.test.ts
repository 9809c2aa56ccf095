import { planInvoices } from "../../../src/invoices";
import { TODAY, line, sheet } from "./fixtures";

describe("disableVATCalculation as a boolean", () => {
  it.each([
    [true, true],
    [false, false],
    ["TRUE", true],
    ["false", false],
    [1, true],
    [0, false],
    ["1", true],
    ["yes", true],
    ["No", false],
  ])("reads %p as %p", (cell, expected) => {
    const plan = planInvoices(sheet([line({ disableVATCalculation: cell })]), { today: TODAY });
    expect(plan.invoices[0].body.lines[0].disableVATCalculation).toBe(expected);
  });

  it("refuses anything else, naming the cell", () => {
    const plan = planInvoices(sheet([line({ disableVATCalculation: "maybe" })]), { today: TODAY });
    expect(plan.rowProblems.get(2)).toEqual([
      'disableVATCalculation "maybe" in G2 is not TRUE or FALSE',
    ]);
  });

  it("does not send an empty cell", () => {
    const plan = planInvoices(sheet([line({ disableVATCalculation: "" })]), { today: TODAY });
    expect(plan.invoices[0].body.lines[0]).not.toHaveProperty("disableVATCalculation");
  });
});
