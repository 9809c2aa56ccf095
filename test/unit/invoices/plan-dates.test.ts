import {
  cellToIsoDateTime,
  dateOnlyMeansMidnightUtc,
  planInvoices,
  todayAsInvoiceDate,
} from "../../../src/invoices";
import { TODAY, line, sheet } from "./fixtures";

describe("dates: Excel serials and ISO text become ISO date-times with offset", () => {
  it.each([
    [46082, "2026-03-01T00:00:00+00:00"],
    [46082.5, "2026-03-01T12:00:00+00:00"],
    [1, "1900-01-01T00:00:00+00:00"],
    [61, "1900-03-01T00:00:00+00:00"],
    ["2026-03-01", "2026-03-01T00:00:00+00:00"],
    ["2026-03-01T10:30", "2026-03-01T10:30:00+00:00"],
    ["2026-03-01T10:30:15Z", "2026-03-01T10:30:15+00:00"],
    ["2026-03-01T10:30:00+01:00", "2026-03-01T10:30:00+01:00"],
    ["2026-03-01T10:30:00-0530", "2026-03-01T10:30:00-05:30"],
  ])("reads %p as %s", (value, expected) => {
    expect(cellToIsoDateTime(value)).toEqual({ ok: true, value: expected });
  });

  it.each(["01-03-2026", "March 1", "1/3/2026", "2026-02-30", "2026-13-01", "2026-03-01T25:00"])(
    "refuses %p",
    (text) => {
      expect(cellToIsoDateTime(text).ok).toBe(false);
    }
  );

  it.each([0, -5, 60, Number.NaN, 1e9])("refuses the serial %p", (serial) => {
    expect(cellToIsoDateTime(serial).ok).toBe(false);
  });

  it("puts the date-only assumption (midnight UTC) in one named function", () => {
    expect(dateOnlyMeansMidnightUtc(2026, 3, 1)).toBe("2026-03-01T00:00:00+00:00");
  });

  it("converts line dates and tells the controller how to write an unreadable one", () => {
    const plan = planInvoices(sheet([line({ startDateTime: 46082, endDateTime: "01-03-2026" })]), {
      today: TODAY,
    });
    expect(plan.rowProblems.get(2)).toEqual([
      'endDateTime "01-03-2026" in H2 is not a date the add-in can read; write it as an ISO date such as 2026-03-01 (or 2026-03-01T00:00:00+01:00), or enter it as an Excel date',
    ]);
  });

  it("refuses a line period that ends before it starts", () => {
    const plan = planInvoices(
      sheet([line({ startDateTime: "2026-03-01", endDateTime: "2026-02-01" })]),
      { today: TODAY }
    );
    expect(plan.rowProblems.get(2)).toEqual(["endDateTime in H2 is before startDateTime in G2"]);
  });

  it("sends the sheet's invoiceDate on approve, or today's date when there is none", () => {
    const plan = planInvoices(sheet([line({ invoiceDate: 46082 }), line({ invoiceDate: null })]), {
      today: TODAY,
    });
    expect(plan.invoices.map((i) => i.invoiceDate)).toEqual([
      "2026-03-01T00:00:00+00:00",
      "2026-03-15T00:00:00+00:00",
    ]);
    expect(todayAsInvoiceDate(new Date(2026, 0, 31, 23, 59))).toBe("2026-01-31T00:00:00+00:00");
    expect(plan.invoices[0].body).not.toHaveProperty("invoiceDate");
  });
});
