import {
  calendarDateInZone,
  isTimeZone,
  machineTimeZone,
  nextDay,
  startOfDayInZone,
  startOfDayMs,
} from "../../../src/api/index";

const AMS = "Europe/Amsterdam";

describe("calendarDateInZone: the day of an instant in the company's zone", () => {
  it("puts Amsterdam's midnight of 1 March on 1 March, where UTC still says 28 February", () => {
    expect(calendarDateInZone("2026-03-01T00:00:00+01:00", AMS)).toBe("2026-03-01");
    expect(calendarDateInZone("2026-03-01T00:00:00+01:00", "UTC")).toBe("2026-02-28");
  });

  it("keeps the last second of a summer day on that day (UTC+2)", () => {
    expect(calendarDateInZone("2026-07-31T21:59:59Z", AMS)).toBe("2026-07-31");
    expect(calendarDateInZone("2026-07-31T22:00:00Z", AMS)).toBe("2026-08-01");
  });

  it("reads the days around both clock changes of 2026 in Amsterdam", () => {
    // 29 March: 02:00 CET becomes 03:00 CEST (01:00Z); 25 October: 03:00 CEST becomes 02:00 CET.
    expect(calendarDateInZone("2026-03-28T23:00:00Z", AMS)).toBe("2026-03-29");
    expect(calendarDateInZone("2026-03-29T21:59:59Z", AMS)).toBe("2026-03-29");
    expect(calendarDateInZone("2026-03-29T22:00:00Z", AMS)).toBe("2026-03-30");
    expect(calendarDateInZone("2026-10-24T22:00:00Z", AMS)).toBe("2026-10-25");
    expect(calendarDateInZone("2026-10-25T22:59:59Z", AMS)).toBe("2026-10-25");
    expect(calendarDateInZone("2026-10-25T23:00:00Z", AMS)).toBe("2026-10-26");
  });

  it("refuses a text that is not a date-time and a zone that does not exist, saying what to give", () => {
    expect(() => calendarDateInZone("1 March", AMS)).toThrow(/not a date-time.*ISO 8601/);
    expect(() => calendarDateInZone("2026-03-01T00:00:00Z", "Europe/Amsterdm")).toThrow(
      /Europe\/Amsterdm.*not a time zone.*IANA/
    );
  });
});

describe("startOfDayInZone: local midnight as an ISO date-time with offset", () => {
  it("is +01:00 in an Amsterdam winter and +02:00 in its summer", () => {
    expect(startOfDayInZone("2026-01-15", AMS)).toBe("2026-01-15T00:00:00+01:00");
    expect(startOfDayInZone("2026-03-01", AMS)).toBe("2026-03-01T00:00:00+01:00");
    expect(startOfDayInZone("2026-07-01", AMS)).toBe("2026-07-01T00:00:00+02:00");
  });

  it("takes the offset of midnight itself on the days the clocks change (at 02:00/03:00)", () => {
    expect(startOfDayInZone("2026-03-29", AMS)).toBe("2026-03-29T00:00:00+01:00");
    expect(startOfDayInZone("2026-03-30", AMS)).toBe("2026-03-30T00:00:00+02:00");
    expect(startOfDayInZone("2026-10-25", AMS)).toBe("2026-10-25T00:00:00+02:00");
    expect(startOfDayInZone("2026-10-26", AMS)).toBe("2026-10-26T00:00:00+01:00");
    // The change days are 23 and 25 hours long.
    const hours = (a: string, b: string) => (startOfDayMs(b, AMS) - startOfDayMs(a, AMS)) / 3.6e6;
    expect(hours("2026-03-29", "2026-03-30")).toBe(23);
    expect(hours("2026-10-25", "2026-10-26")).toBe(25);
    expect(hours("2026-03-01", "2026-03-02")).toBe(24);
  });

  it("starts a day whose midnight a clock change skips at the end of the gap", () => {
    // Chile moves from 00:00 -04:00 to 01:00 -03:00 on the first Sunday of September.
    const start = startOfDayInZone("2026-09-06", "America/Santiago");
    expect(start).toBe("2026-09-06T01:00:00-03:00");
    const ms = Date.parse(start);
    expect(calendarDateInZone(new Date(ms - 1000).toISOString(), "America/Santiago")).toBe(
      "2026-09-05"
    );
  });

  it("handles zones with half-hour offsets and UTC", () => {
    expect(startOfDayInZone("2026-01-01", "Asia/Kolkata")).toBe("2026-01-01T00:00:00+05:30");
    expect(startOfDayInZone("2026-01-01", "America/St_Johns")).toBe("2026-01-01T00:00:00-03:30");
    expect(startOfDayInZone("2026-01-01", "UTC")).toBe("2026-01-01T00:00:00+00:00");
  });

  it("is the inverse of calendarDateInZone for every day of 2026 in Amsterdam", () => {
    for (let ymd = "2026-01-01"; ymd < "2027-01-01"; ymd = nextDay(ymd)) {
      const start = startOfDayMs(ymd, AMS);
      expect(calendarDateInZone(new Date(start).toISOString(), AMS)).toBe(ymd);
      expect(calendarDateInZone(new Date(start - 1000).toISOString(), AMS)).not.toBe(ymd);
    }
  });

  it("refuses a day that is not one, and an unknown zone", () => {
    expect(() => startOfDayInZone("2026-02-30", AMS)).toThrow(/not a day.*YYYY-MM-DD/);
    expect(() => startOfDayInZone("2026-3-1", AMS)).toThrow(/not a day/);
    expect(() => startOfDayInZone("2026-03-01", "Mars/Olympus")).toThrow(/not a time zone/);
  });
});

describe("the zone names", () => {
  it("knows IANA names and UTC, not others", () => {
    expect(isTimeZone(AMS)).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Amsterdam")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(1)).toBe(false);
  });

  it("defaults to the machine's zone", () => {
    expect(machineTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe("calendarDateInZone's readings of the service's texts", () => {
  it("reads a date-time without an offset as UTC and a day alone as that day", () => {
    expect(calendarDateInZone("2026-02-28T23:30:00", AMS)).toBe("2026-03-01");
    expect(calendarDateInZone("2026-02-28T23:30:00.1234567Z", AMS)).toBe("2026-03-01");
    expect(calendarDateInZone("2026-03-01", "America/New_York")).toBe("2026-03-01");
    expect(() => calendarDateInZone("2026-02-30", AMS)).toThrow(/not a day/);
  });
});
