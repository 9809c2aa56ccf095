import { CostError, sumMoney, toCents } from "../../../src/costs";

describe("money: exact sums, rounded to the cent only at the end", () => {
  it("sums decimals exactly where floats drift", () => {
    expect(sumMoney(["0.1", "0.2"]).toString()).toBe("0.3");
    expect(0.1 + 0.2).not.toBe(0.3);
    const many = Array.from({ length: 1000 }, () => "0.01");
    expect(toCents(sumMoney(many))).toBe("10.00");
  });

  it("rounds half up to two decimals", () => {
    expect(toCents("1.005")).toBe("1.01");
    expect(toCents("1.0049")).toBe("1.00");
    expect(toCents("-1.005")).toBe("-1.01");
    expect(toCents("12")).toBe("12.00");
  });

  it("rounds the sum, not each part", () => {
    // three parts of 0.0045: rounded first would give 0.00; the exact sum 0.0135 gives 0.01
    expect(toCents(sumMoney(["0.0045", "0.0045", "0.0045"]))).toBe("0.01");
  });

  it("never shows a negative zero", () => {
    expect(toCents("-0.001")).toBe("0.00");
  });

  it("refuses text that is not an amount", () => {
    expect(() => sumMoney(["1.00", "12,50"])).toThrow(CostError);
    expect(() => sumMoney(["NaN"])).toThrow(/not an amount/);
  });
});
