import { CostError, isActiveAt, parseServiceDate } from "../../../src/costs";

const at = (iso: string) => new Date(iso);

describe("isActiveAt: a period counts when start ≤ date < end", () => {
  const period = { startDateTime: "2024-01-01T00:00:00Z", endDateTime: "2025-01-01T00:00:00Z" };

  it("counts on the start instant (start is inclusive)", () => {
    expect(isActiveAt(period, at("2024-01-01T00:00:00Z"))).toBe(true);
  });

  it("does not count on the end instant (end is exclusive)", () => {
    expect(isActiveAt(period, at("2025-01-01T00:00:00Z"))).toBe(false);
    expect(isActiveAt(period, at("2024-12-31T23:59:59Z"))).toBe(true);
  });

  it("does not count before the start", () => {
    expect(isActiveAt(period, at("2023-12-31T23:59:59Z"))).toBe(false);
  });

  it("is open-ended when the end is null or absent", () => {
    expect(
      isActiveAt({ startDateTime: "2024-01-01", endDateTime: null }, at("2099-01-01T00:00:00Z"))
    ).toBe(true);
    expect(isActiveAt({ startDateTime: "2024-01-01" }, at("2099-01-01T00:00:00Z"))).toBe(true);
  });

  it("counts always when there is no period at all", () => {
    expect(isActiveAt({}, at("1901-01-01T00:00:00Z"))).toBe(true);
  });

  it("reads a date-time without offset, and a bare date, as UTC", () => {
    expect(parseServiceDate("2024-03-01T00:00:00")).toBe(Date.UTC(2024, 2, 1));
    expect(parseServiceDate("2024-03-01")).toBe(Date.UTC(2024, 2, 1));
    expect(parseServiceDate("2024-03-01T01:00:00+01:00")).toBe(Date.UTC(2024, 2, 1));
  });

  it("refuses a bound that is not a date instead of guessing", () => {
    expect(() => isActiveAt({ startDateTime: "soon" }, at("2024-01-01T00:00:00Z"))).toThrow(
      CostError
    );
    expect(() => parseServiceDate("01/03/2024")).toThrow(/where a date was expected/);
  });
});
