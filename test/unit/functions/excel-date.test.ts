import { toExcelDate } from "../../../src/functions/cost-tables";

describe("service date-times as Excel date serials (CONTRACTCOSTS validFrom/validTo)", () => {
  it("gives whole days for midnight UTC and the time as a fraction", () => {
    expect(toExcelDate("2020-01-01T00:00:00Z")).toBe(43831);
    expect(toExcelDate("2024-03-01T00:00:00+00:00")).toBe(45352);
    expect(toExcelDate("2024-03-01T12:00:00Z")).toBe(45352.5);
    expect(toExcelDate("2024-03-01T01:00:00+01:00")).toBe(45352);
  });

  it("leaves an open end empty and keeps text that is not a date unchanged", () => {
    expect(toExcelDate(null)).toBe("");
    expect(toExcelDate(undefined)).toBe("");
    expect(toExcelDate("")).toBe("");
    expect(toExcelDate("soon")).toBe("soon");
    expect(toExcelDate("1899-01-01T00:00:00Z")).toBe("1899-01-01T00:00:00Z");
  });
});
