import { cellToIsoDateTime, excelSerialToUtc, utcToExcelSerial } from "../../../src/invoices";
import { readDate } from "../../../src/functions/read-date";
import { toExcelDate } from "../../../src/functions/cost-tables";
import { formatValue, parseInput } from "../../../preview/fake-excel/cell-values";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const LEAP_DAY = "60 is 29 February 1900, which did not exist";

describe("Excel's 1900 date system, written once (src/invoices/excel-serial.ts)", () => {
  it.each([
    [1, "1900-01-01"],
    [59, "1900-02-28"],
    [61, "1900-03-01"],
    [45292, "2024-01-01"],
    [2958465, "9999-12-31"],
  ])("reads serial %p as %s and back", (serial, iso) => {
    expect(excelSerialToUtc(serial)).toEqual({ ok: true, ms: day(iso) });
    expect(utcToExcelSerial(day(iso))).toBe(serial);
  });

  it("refuses serial 60, the 29 February 1900 that never existed, with or without a time", () => {
    expect(excelSerialToUtc(60)).toEqual({ ok: false, reason: LEAP_DAY });
    expect(excelSerialToUtc(60.5)).toEqual({ ok: false, reason: LEAP_DAY });
  });

  it("never gives serial 60: 28 February and 1 March 1900 are one serial apart by two", () => {
    expect(utcToExcelSerial(day("1900-02-28") + 12 * 3_600_000)).toBe(59.5);
    expect(utcToExcelSerial(day("1900-03-01"))).toBe(61);
  });

  it.each([0, 0.5, -1, 2958466, Number.NaN, Number.POSITIVE_INFINITY])(
    "refuses %p, outside the calendar",
    (serial) => {
      expect(excelSerialToUtc(serial)).toEqual({
        ok: false,
        reason: `${serial} is not a date: a date serial runs from 1 (1 January 1900) to 2958465 (31 December 9999)`,
      });
    }
  );

  it("has no serial before 1900 or after 9999", () => {
    expect(utcToExcelSerial(day("1899-12-31"))).toBeUndefined();
    expect(utcToExcelSerial(Date.UTC(10000, 0, 1))).toBeUndefined();
    expect(utcToExcelSerial(Number.NaN)).toBeUndefined();
  });

  describe("every caller agrees at serials 1, 59, 60 and 61", () => {
    it("the invoice sheet's date cells", () => {
      expect(cellToIsoDateTime(1)).toEqual({ ok: true, value: "1900-01-01T00:00:00+00:00" });
      expect(cellToIsoDateTime(59)).toEqual({ ok: true, value: "1900-02-28T00:00:00+00:00" });
      expect(cellToIsoDateTime(60)).toEqual({
        ok: false,
        reason: LEAP_DAY,
        why: { code: "date.leapDay" },
      });
      expect(cellToIsoDateTime(61)).toEqual({ ok: true, value: "1900-03-01T00:00:00+00:00" });
    });

    it("the functions' date argument", () => {
      expect(readDate(1).toISOString()).toBe("1900-01-01T00:00:00.000Z");
      expect(readDate(59).toISOString()).toBe("1900-02-28T00:00:00.000Z");
      expect(() => readDate(60)).toThrow(`date ${LEAP_DAY}.`);
      expect(readDate(61).toISOString()).toBe("1900-03-01T00:00:00.000Z");
    });

    it("the dates the functions return", () => {
      expect(toExcelDate("1900-01-01T00:00:00Z")).toBe(1);
      expect(toExcelDate("1900-02-28T00:00:00Z")).toBe(59);
      expect(toExcelDate("1900-03-01T00:00:00Z")).toBe(61);
    });

    it("the preview's workbook, typing and showing dates", () => {
      expect(parseInput("1900-01-01", "General").value).toBe(1);
      expect(parseInput("1900-02-28", "General").value).toBe(59);
      expect(parseInput("1900-03-01", "General").value).toBe(61);
      expect(parseInput("1899-12-31", "General")).toEqual({ value: "1899-12-31" });
      expect(formatValue(1, "yyyy-mm-dd")).toBe("1900-01-01");
      expect(formatValue(59, "yyyy-mm-dd")).toBe("1900-02-28");
      expect(formatValue(60, "yyyy-mm-dd")).toBe("60");
      expect(formatValue(61, "yyyy-mm-dd")).toBe("1900-03-01");
    });
  });
});
