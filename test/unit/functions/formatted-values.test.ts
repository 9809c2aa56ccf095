/**
 * CONTRACTCOSTS's numbers look like what they are where Excel supports formatted numbers:
 * dates as dates, tariffs with their cents and every decimal the service sent; older Excel gets the
 * plain numbers. The support is asked of `Office.context.requirements` at run time.
 */
import type { CostLine } from "../../../src/costs";
import { contractCostsTable } from "../../../src/functions/cost-tables";
import { moneyFormatFor, numberFormatSupport } from "../../../src/functions/formatted-values";
import { HOST_IDS, profileById, requirementsOf } from "../../../preview/hosts/profiles";

/** ExcelApi up to 1.<minor>; CustomFunctionsRuntime up to 1.4 unless `cfr14` is false. */
function requirementsUpTo(minor: number, cfr14 = true) {
  return {
    isSetSupported: (name: string, version = "1.1") =>
      (name === "ExcelApi" && Number(version.split(".")[1]) <= minor) ||
      (name === "CustomFunctionsRuntime" && cfr14 && Number(version.split(".")[1]) <= 4),
  };
}

const LINE: CostLine = {
  productId: "p1",
  billingItemId: "b1",
  name: "Meter rental",
  kind: "fixed",
  unit: "year",
  tariff: "79.1",
  source: "generic",
  validFrom: "2026-01-01T00:00:00Z",
  validTo: "2026-07-01T12:30:00Z",
} as CostLine;

describe("formatted numbers from CONTRACTCOSTS", () => {
  it("asks the host which requirement set it has: 1.19 Double, 1.16 FormattedNumber, else none", () => {
    expect(numberFormatSupport(requirementsUpTo(19))).toBe("double");
    expect(numberFormatSupport(requirementsUpTo(18))).toBe("formattedNumber");
    expect(numberFormatSupport(requirementsUpTo(16))).toBe("formattedNumber");
    expect(numberFormatSupport(requirementsUpTo(15))).toBe("none");
    expect(numberFormatSupport(requirementsUpTo(19, false))).toBe("none");
    expect(numberFormatSupport(undefined)).toBe("none");
    const broken = {
      isSetSupported: () => {
        throw new Error("no host");
      },
    };
    expect(numberFormatSupport(broken)).toBe("none");
  });

  it("gives plain numbers in Excel 2021 and Office LTSC 2024 (no CustomFunctionsRuntime 1.4), formats elsewhere", () => {
    const support = HOST_IDS.map((id) => numberFormatSupport(requirementsOf(profileById(id))));
    expect(Object.fromEntries(HOST_IDS.map((id, i) => [id, support[i]]))).toEqual({
      "excel-2021": "none",
      "office-ltsc-2024": "none",
      "m365-windows": "double",
      "m365-windows-2606": "double",
      "excel-web": "double",
      mac: "double",
      "mac-16-110": "double",
    });
  });

  it("reads Office.context.requirements when it is there (outside Excel it is not)", () => {
    expect(numberFormatSupport()).toBe("none");
    const g = globalThis as { Office?: unknown };
    g.Office = { context: { requirements: requirementsUpTo(19) } };
    try {
      expect(numberFormatSupport()).toBe("double");
    } finally {
      delete g.Office;
    }
  });

  it("formats money with two decimals, or every decimal the service sent", () => {
    expect(moneyFormatFor("79.1")).toBe("#,##0.00");
    expect(moneyFormatFor("412.56")).toBe("#,##0.00");
    expect(moneyFormatFor("450")).toBe("#,##0.00");
    expect(moneyFormatFor("0.0825")).toBe("#,##0.0000");
    expect(moneyFormatFor("40.125")).toBe("#,##0.000");
    expect(moneyFormatFor("1.5000")).toBe("#,##0.00");
  });

  it("returns dates and the tariff as Double values with a format from ExcelApi 1.19", () => {
    const [header, row] = contractCostsTable([LINE], "double");
    expect(header[5]).toBe("tariff");
    expect(row[5]).toEqual({ type: "Double", basicValue: 79.1, numberFormat: "#,##0.00" });
    expect(row[7]).toEqual({ type: "Double", basicValue: 46023, numberFormat: "yyyy-mm-dd" });
    // A time of day other than midnight shows too.
    expect(row[8]).toEqual({
      type: "Double",
      basicValue: 46204 + 12.5 / 24,
      numberFormat: "yyyy-mm-dd hh:mm",
    });
  });

  it("returns FormattedNumber values on ExcelApi 1.16 to 1.18", () => {
    const [, row] = contractCostsTable([{ ...LINE, tariff: "0.0825" }], "formattedNumber");
    expect(row[5]).toEqual({
      type: "FormattedNumber",
      basicValue: 0.0825,
      numberFormat: "#,##0.0000",
    });
    expect(row[7]).toMatchObject({ type: "FormattedNumber", basicValue: 46023 });
  });

  it("returns plain numbers to older Excel, and leaves empty cells and unreadable dates alone", () => {
    const [, row] = contractCostsTable([LINE], "none");
    expect(row[5]).toBe(79.1);
    expect(row[7]).toBe(46023);
    const [, empty] = contractCostsTable(
      [{ ...LINE, tariff: undefined, validFrom: "not a date", validTo: undefined }],
      "double"
    );
    expect([empty[5], empty[7], empty[8]]).toEqual(["", "not a date", ""]);
  });
});
