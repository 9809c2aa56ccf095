import { MAX_TEXT_LENGTH, planInvoices } from "../../../src/invoices";
import { TODAY, line, sheet } from "./fixtures";

describe("text cells", () => {
  it("refuses text longer than the limit and says so", () => {
    const plan = planInvoices(sheet([line({ description: "x".repeat(MAX_TEXT_LENGTH + 1) })]), {
      today: TODAY,
    });
    expect(plan.rowProblems.get(2)).toEqual([
      "description in D2 is 1,001 characters long; the limit is 1,000",
    ]);
  });

  it("accepts text of exactly the limit", () => {
    const plan = planInvoices(sheet([line({ description: "x".repeat(MAX_TEXT_LENGTH) })]), {
      today: TODAY,
    });
    expect(plan.invoices[0].body.lines[0].description).toHaveLength(MAX_TEXT_LENGTH);
  });

  it("passes HTML and script text through unchanged, as plain text", () => {
    const hostile = `<img src=x onerror=alert(1)> & "quotes" <script>alert('x')</script>`;
    const plan = planInvoices(sheet([line({ description: hostile, invoiceRef: "<b>A</b>" })]), {
      today: TODAY,
    });
    expect(plan.invoices[0].body.lines[0].description).toBe(hostile);
    expect(plan.invoices[0].label).toBe('invoice "<b>A</b>"');
  });

  it("passes numbers and booleans of unknown columns through with their type", () => {
    const plan = planInvoices(sheet([line({ weight: 3, urgent: true, code: "007" })]), {
      today: TODAY,
    });
    expect(plan.invoices[0].body.lines[0]).toMatchObject({ weight: 3, urgent: true, code: "007" });
  });
});
