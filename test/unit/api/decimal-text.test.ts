import { isDecimalText, moneyText } from "../../../src/api";
import { toDecimalText } from "../../../src/api/decimal-text";
import { priceTariff, sumMoney, toCents } from "../../../src/costs";

describe("decimal text: one pattern for the client and the cost rules", () => {
  it.each(["12", "-3.5", "0.0425", "5.", ".5", "1e-7", "2.5E+3", " 7 "])("accepts %p", (text) => {
    expect(isDecimalText(text)).toBe(true);
  });

  it.each(["+5", "12,50", "", " ", ".", "-", "5..", "NaN", "Infinity", "0x10", "1e", "--1"])(
    "refuses %p",
    (text) => {
      expect(isDecimalText(text)).toBe(false);
    }
  );

  it("refuses what is not text", () => {
    expect(isDecimalText(5)).toBe(false);
    expect(isDecimalText(undefined)).toBe(false);
  });

  it("the client keeps what the cost rules can sum, and drops a leading plus", () => {
    expect(toDecimalText("5.", "unitTariff")).toBe("5.");
    expect(toDecimalText(" +0.25 ", "unitTariff")).toBe("0.25");
    expect(toDecimalText(0.1, "unitTariff")).toBe("0.1");
    expect(() => toDecimalText("+-5", "unitTariff")).toThrow(
      "The service's answer is malformed: unitTariff is not a decimal number"
    );
    expect(toCents(sumMoney(["5.", ".5", toDecimalText("+1", "x") ?? ""]))).toBe("6.50");
  });

  it("a tariff the client accepted is one the cost rules price", () => {
    const tariff = {
      id: "t",
      calculationType: "unitprice",
      unitTariff: toDecimalText("5.", "unitTariff"),
    } as Parameters<typeof priceTariff>[0];
    expect(priceTariff(tariff)).toEqual({ ok: true, unitTariff: "5." });
  });
});

describe("moneyText: an amount with its cents and every decimal it has", () => {
  it.each([
    ["604.3", "604.30"],
    ["604", "604.00"],
    ["-1234.5", "-1234.50"],
    ["0.0825", "0.0825"],
    ["1031.25", "1031.25"],
    ["1e-7", "0.0000001"],
    ["12500", "12500.00"],
  ])("%s → %s", (input, shown) => {
    expect(moneyText(input)).toBe(shown);
  });
});
