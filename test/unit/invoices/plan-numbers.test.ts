import { NEGATIVE_AMOUNT_MESSAGE, planInvoices } from "../../../src/invoices";
import { TODAY, line, sheet } from "./fixtures";

const problemsOf = (extra: Record<string, string | number | boolean | null>) =>
  planInvoices(sheet([line(extra)]), { today: TODAY }).rowProblems.get(2) ?? [];
const lineOf = (extra: Record<string, string | number | boolean | null>) =>
  planInvoices(sheet([line(extra)]), { today: TODAY }).invoices[0]?.body.lines[0];

describe("numbers, money and negative amounts", () => {
  it("reads numbers and numeric text with a dot as decimal separator", () => {
    expect(
      lineOf({ quantity: " 1.5 ", unitPrice: "0.0825", amountExclVAT: "12.30" })
    ).toMatchObject({ quantity: 1.5, unitPrice: 0.0825, amountExclVAT: 12.3 });
  });

  it("refuses a decimal comma and thousands separators with a message saying how to write the number", () => {
    expect(problemsOf({ quantity: "1,5" })).toEqual([
      'quantity "1,5" in E2 contains a comma; write numbers with a dot for decimals and without thousands separators (for example 1234.5)',
    ]);
    expect(problemsOf({ unitPrice: "1,000.50" })[0]).toMatch(
      /^unitPrice "1,000.50" in F2 contains a comma/
    );
  });

  it("refuses text that is not a number", () => {
    expect(problemsOf({ quantity: "two" })).toEqual(['quantity "two" in E2 is not a number']);
    expect(problemsOf({ unitPrice: true })).toEqual([
      "unitPrice true in F2 is TRUE/FALSE, not a number",
    ]);
  });

  it("keeps amounts to the cent: removes float noise, refuses real fractions of a cent", () => {
    expect(lineOf({ amountInclVAT: 12.340000000000002 })!.amountInclVAT).toBe(12.34);
    expect(problemsOf({ amount: 12.345 })[0]).toMatch(
      /^amount 12\.345 in G2 has more than 2 decimals/
    );
  });

  it("refuses negative quantities, prices and amounts on ordinary lines", () => {
    expect(problemsOf({ quantity: -2 })).toEqual([
      `quantity -2 in E2 is negative: ${NEGATIVE_AMOUNT_MESSAGE}`,
    ]);
    expect(problemsOf({ amountExclVAT: "-10" })[0]).toContain(NEGATIVE_AMOUNT_MESSAGE);
    expect(problemsOf({ quantity: -1, lineType: "charge" })).toHaveLength(1);
  });

  it("allows negative amounts on deduction lines (previouslyadvanced, vatpennydifference)", () => {
    expect(problemsOf({ quantity: -1, lineType: "PreviouslyAdvanced" })).toEqual([]);
    expect(lineOf({ amountInclVAT: -0.01, lineType: "vatpennydifference" })).toMatchObject({
      amountInclVAT: -0.01,
      lineType: "vatpennydifference",
    });
  });

  it("refuses a lineType the service does not have", () => {
    expect(problemsOf({ lineType: "refund" })).toEqual([
      'lineType "refund" in G2 is not one of advance, previouslyadvanced, charge, vatpennydifference',
    ]);
  });
});
