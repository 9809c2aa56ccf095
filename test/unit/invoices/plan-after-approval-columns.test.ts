/**
 * The create planner and the after-approval columns: `sent`, `creditNoteNum` and
 * `creditNoteId` are the add-in's result columns, never line fields sent with a create; a
 * `credited` row is final, as an approved one (a create run reads and writes neither).
 */
import { isFinalRow, planInvoices } from "../../../src/invoices";
import { IDS, TODAY, line, sheet } from "./fixtures";

describe("planInvoices with the after-approval columns", () => {
  it("does not send sent, creditNoteNum or creditNoteId as line fields", () => {
    const plan = planInvoices(
      sheet([line({ sent: "failed: x", creditNoteNum: "CN-1", creditNoteId: "abc" })]),
      { today: TODAY }
    );
    expect(plan.invalidInvoices).toEqual([]);
    expect(plan.invoices).toHaveLength(1);
    const body = JSON.stringify(plan.invoices[0].body);
    expect(body).not.toMatch(/sent|creditNote|CN-1/);
  });

  it("a credited row with its id and number is final; a credited row without a number is not", () => {
    const plan = planInvoices(
      sheet([
        line({ invoiceRef: "A", invoiceId: IDS.invoice, status: "credited", invoiceNum: "INV-1" }),
        line({
          invoiceRef: "B",
          invoiceId: "77777777-7777-4777-8777-000000000002",
          status: "credited",
        }),
      ]),
      { today: TODAY }
    );
    expect(plan.invoices.map((i) => isFinalRow(i))).toEqual([true, false]);
  });
});
