import { likelyDuplicates } from "../../../src/invoices";
import type { PlannedInvoice } from "../../../src/invoices";

type Invoice = Pick<PlannedInvoice, "body" | "label" | "rowNumbers" | "invoiceId">;

const invoice = (label: string, rows: number[], customerId: string, lines: object[]): Invoice => ({
  label,
  rowNumbers: rows,
  body: { customerId, lines: lines as PlannedInvoice["body"]["lines"] },
});

const line = (amount: string | number, description = "Meter rent") => ({
  taxCodeId: "t-21",
  description,
  quantity: 1,
  unitPrice: amount,
});

describe("likely duplicates at Check", () => {
  it("finds two invoices with the same customer, lines and amounts (amounts by exact value, lines in any order)", () => {
    const groups = likelyDuplicates([
      invoice('invoice "A"', [2, 3], "c-1", [line("7.25"), line(10, "Seal")]),
      invoice('invoice "B"', [4], "c-2", [line("7.25")]),
      invoice('invoice "C"', [5, 6], "C-1", [line(10, "Seal"), line("7.250")]),
    ]);
    expect(groups).toEqual([{ labels: ['invoice "A"', 'invoice "C"'], rowNumbers: [2, 3, 5, 6] }]);
  });

  it("does not call invoices duplicates when a customer, a line or an amount differs", () => {
    expect(
      likelyDuplicates([
        invoice("row 2", [2], "c-1", [line("7.25")]),
        invoice("row 3", [3], "c-1", [line("7.26")]),
        invoice("row 4", [4], "c-2", [line("7.25")]),
        invoice("row 5", [5], "c-1", [line("7.25", "Seal")]),
      ])
    ).toEqual([]);
  });

  it("leaves out invoices the service already holds (they are continued, not created)", () => {
    const held = { ...invoice("row 3", [3], "c-1", [line(5)]), invoiceId: "id-1" };
    expect(likelyDuplicates([invoice("row 2", [2], "c-1", [line(5)]), held])).toEqual([]);
  });
});
