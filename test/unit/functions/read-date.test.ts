import { ArgumentError } from "../../../src/functions/function-errors";
import { readDate } from "../../../src/functions/read-date";

const NOW = new Date("2026-03-15T10:00:00Z");
const now = () => NOW;

describe("readDate: an Excel date serial, ISO text, or nothing for now", () => {
  it("reads nothing, null and empty text as now", () => {
    expect(readDate(undefined, now)).toBe(NOW);
    expect(readDate(null, now)).toBe(NOW);
    expect(readDate("  ", now)).toBe(NOW);
  });

  it("reads Excel serials in the 1900 date system as UTC days", () => {
    expect(readDate(45292, now).toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(readDate(45413.5, now).toISOString()).toBe("2024-05-01T12:00:00.000Z");
    expect(readDate(61, now).toISOString()).toBe("1900-03-01T00:00:00.000Z");
    expect(readDate(59, now).toISOString()).toBe("1900-02-28T00:00:00.000Z");
    expect(readDate(1, now).toISOString()).toBe("1900-01-01T00:00:00.000Z");
    expect(readDate(2958465, now).toISOString()).toBe("9999-12-31T00:00:00.000Z");
  });

  it("refuses serials outside Excel's calendar, and Excel's fictitious 29 February 1900", () => {
    for (const bad of [0, -1, 2958466, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => readDate(bad, now)).toThrow(ArgumentError);
    }
    expect(() => readDate(60, now)).toThrow(/29 February 1900/);
  });

  it("reads ISO dates as UTC midnight and date-times with or without offset", () => {
    expect(readDate("2024-05-01", now).toISOString()).toBe("2024-05-01T00:00:00.000Z");
    expect(readDate(" 2024-05-01T12:30:00Z ", now).toISOString()).toBe("2024-05-01T12:30:00.000Z");
    expect(readDate("2024-05-01T12:30:00+02:00", now).toISOString()).toBe(
      "2024-05-01T10:30:00.000Z"
    );
    expect(readDate("2024-05-01T12:30", now).toISOString()).toBe("2024-05-01T12:30:00.000Z");
  });

  it("refuses text that is not an ISO date, with a message that shows it", () => {
    expect(() => readDate("01-05-2024", now)).toThrow('date "01-05-2024" is not a date');
    expect(() => readDate("tomorrow", now)).toThrow(ArgumentError);
    expect(() => readDate("2024-02-30", now)).toThrow(/not a day of the calendar/);
    expect(() => readDate("2024-05-01T25:00:00Z", now)).toThrow(ArgumentError);
  });

  it("refuses a boolean", () => {
    expect(() => readDate(true, now)).toThrow(
      "date must be a date (a date cell or text such as 2024-05-01), not the value TRUE."
    );
  });
});
