/**
 * INVOICES' bounds as the service gets them: a day is a day of the company's time zone (its
 * midnight, with the offset of that date), `to` the start of the next day; an instant is itself.
 */
import { readInvoiceSearch, toInvoiceQuery } from "../../../src/functions/invoice-list";

const CUSTOMER = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

function queryOf(from: unknown, to: unknown, timeZone: string) {
  return toInvoiceQuery({ ...readInvoiceSearch(CUSTOMER, from, to, ""), timeZone });
}

describe("INVOICES' date bounds in the company's zone", () => {
  it("sends March in Amsterdam as its two midnights, winter and summer offset", () => {
    expect(queryOf("2026-03-01", "2026-03-31", "Europe/Amsterdam")).toEqual({
      customerId: CUSTOMER,
      from: "2026-03-01T00:00:00+01:00",
      to: "2026-04-01T00:00:00+02:00",
    });
  });

  it("reads a date cell (an Excel serial) as the same day", () => {
    // 46082 = 1 March 2026, 46112 = 31 March 2026.
    expect(queryOf(46082, 46112, "Europe/Amsterdam")).toMatchObject({
      from: "2026-03-01T00:00:00+01:00",
      to: "2026-04-01T00:00:00+02:00",
    });
  });

  it("gives other instants for the same days in another zone", () => {
    expect(queryOf("2026-03-01", "2026-03-31", "America/New_York")).toMatchObject({
      from: "2026-03-01T00:00:00-05:00",
      to: "2026-04-01T00:00:00-04:00",
    });
  });

  it("keeps an instant given as a date-time, `to` made exclusive", () => {
    expect(
      queryOf("2026-03-01T06:00:00Z", "2026-03-01T18:00:00+01:00", "Europe/Amsterdam")
    ).toEqual({
      customerId: CUSTOMER,
      from: "2026-03-01T06:00:00.000Z",
      to: "2026-03-01T17:00:00.001Z",
    });
  });
});
