/**
 * Dates are the controller's dates: with the company's time zone, a day in the sheet is that day's
 * midnight there (a Dutch 1 March is 2026-03-01T00:00:00+01:00, not midnight UTC), a time without
 * an offset its wall-clock time, and today is the day the company's clock shows.
 */
import { cellToIsoDateTime, planInvoices, todayAsInvoiceDate } from "../../../src/invoices";
import { localExcelSerial } from "../../../src/excel/run-log-rows";
import { line, sheet } from "./fixtures";

const AMS = "Europe/Amsterdam";
/** Excel serial of a day (1900 date system): days since 1899-12-30. */
const serial = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / 86_400_000 + 25_569;

describe("dates in the company's time zone", () => {
  it.each([
    ["2026-03-01", "2026-03-01T00:00:00+01:00"],
    ["2026-07-01", "2026-07-01T00:00:00+02:00"],
    ["2026-03-01T10:00", "2026-03-01T10:00:00+01:00"],
    ["2026-03-29T03:30", "2026-03-29T03:30:00+02:00"],
    ["2026-03-01T10:00:00+05:00", "2026-03-01T10:00:00+05:00"],
  ])("reads %s as %s in Amsterdam", (text, iso) => {
    expect(cellToIsoDateTime(text, undefined, AMS)).toEqual({ ok: true, value: iso });
  });

  it("reads an Excel date as that day's midnight in Amsterdam, summer and winter", () => {
    expect(cellToIsoDateTime(serial("2026-03-01"), undefined, AMS)).toEqual({
      ok: true,
      value: "2026-03-01T00:00:00+01:00",
    });
    expect(cellToIsoDateTime(serial("2026-10-26"), undefined, AMS)).toEqual({
      ok: true,
      value: "2026-10-26T00:00:00+01:00",
    });
    expect(cellToIsoDateTime(serial("2026-10-24"), undefined, AMS)).toEqual({
      ok: true,
      value: "2026-10-24T00:00:00+02:00",
    });
  });

  it("keeps midnight UTC without a zone (the rule where none is set)", () => {
    expect(cellToIsoDateTime("2026-03-01")).toEqual({
      ok: true,
      value: "2026-03-01T00:00:00+00:00",
    });
  });

  it("takes today as the company's clock shows it: 23:30 UTC on 28 February is 1 March in Amsterdam", () => {
    const lateEvening = new Date("2026-02-28T23:30:00Z");
    expect(todayAsInvoiceDate(lateEvening, AMS)).toBe("2026-03-01T00:00:00+01:00");
    const plan = planInvoices(sheet([line()]), { today: lateEvening, timeZone: AMS });
    expect(plan.invoices[0].invoiceDate).toBe("2026-03-01T00:00:00+01:00");
  });

  it("plans the sheet's invoice date as the company's day", () => {
    const plan = planInvoices(sheet([line({ invoiceDate: serial("2026-03-01") })]), {
      today: new Date("2026-03-05T12:00:00Z"),
      timeZone: AMS,
    });
    expect(plan.invoices[0].invoiceDate).toBe("2026-03-01T00:00:00+01:00");
  });

  it("writes the Billing log's time as the company's wall clock", () => {
    const when = new Date("2026-03-01T08:15:00Z");
    expect(localExcelSerial(when, AMS)).toBeCloseTo(serial("2026-03-01") + (9 * 60 + 15) / 1440, 9);
    expect(localExcelSerial(when, "UTC")).toBeCloseTo(
      serial("2026-03-01") + (8 * 60 + 15) / 1440,
      9
    );
  });
});
