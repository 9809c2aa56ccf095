import { invoiceAmountExclVat } from "../../../src/invoices";

const TAX = "3f2a1b4c-0000-4000-8000-000000000001";

describe("invoiceAmountExclVat", () => {
  it("sums quantity × unit price exactly, to the cent", () => {
    expect(
      invoiceAmountExclVat([
        { taxCodeId: TAX, quantity: 1, unitPrice: 45.5 },
        { taxCodeId: TAX, quantity: 2, unitPrice: 30 },
      ])
    ).toBe("105.50");
  });

  it("has no float noise where binary floating point would (0.1 + 0.2)", () => {
    expect(
      invoiceAmountExclVat([
        { taxCodeId: TAX, quantity: 1, unitPrice: 0.1 },
        { taxCodeId: TAX, quantity: 1, unitPrice: 0.2 },
      ])
    ).toBe("0.30");
  });

  it("takes amountExclVAT of a line over quantity × unit price", () => {
    expect(
      invoiceAmountExclVat([{ taxCodeId: TAX, amountExclVAT: 12.34, quantity: 3, unitPrice: 1 }])
    ).toBe("12.34");
  });

  it("rounds a fractional cent of quantity × price half up", () => {
    expect(invoiceAmountExclVat([{ taxCodeId: TAX, quantity: 0.5, unitPrice: 0.05 }])).toBe("0.03");
  });

  it("gives no amount when any line is priced by the service or only has amountInclVAT", () => {
    expect(
      invoiceAmountExclVat([
        { taxCodeId: TAX, quantity: 1, unitPrice: 10 },
        { taxCodeId: TAX, billingItemId: TAX, quantity: 4 },
      ])
    ).toBeUndefined();
    expect(invoiceAmountExclVat([{ taxCodeId: TAX, amountInclVAT: 121 }])).toBeUndefined();
    expect(invoiceAmountExclVat([])).toBeUndefined();
  });
});
