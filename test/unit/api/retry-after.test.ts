import { backoffDelay, parseRetryAfter } from "../../../src/api/retry-after";

const NOW = Date.parse("2026-06-15T12:00:00Z");

describe("parseRetryAfter", () => {
  it("reads seconds from Retry-After", () => {
    expect(parseRetryAfter(new Headers({ "Retry-After": "3" }), NOW)).toBe(3000);
    expect(parseRetryAfter(new Headers({ "retry-after": "0.5" }), NOW)).toBe(500);
    expect(parseRetryAfter(new Headers({ "retry-after": "0" }), NOW)).toBe(0);
  });

  it("reads an HTTP date from Retry-After as the time until then", () => {
    expect(
      parseRetryAfter(new Headers({ "Retry-After": "Mon, 15 Jun 2026 12:00:07 GMT" }), NOW)
    ).toBe(7000);
  });

  it("treats a date in the past as no wait", () => {
    expect(
      parseRetryAfter(new Headers({ "Retry-After": "Mon, 15 Jun 2026 11:00:00 GMT" }), NOW)
    ).toBe(0);
  });

  it("reads the live gateway's x-retry-after-seconds", () => {
    expect(parseRetryAfter(new Headers({ "x-retry-after-seconds": "2" }), NOW)).toBe(2000);
  });

  it("prefers Retry-After over x-retry-after-seconds", () => {
    expect(
      parseRetryAfter(new Headers({ "retry-after": "1", "x-retry-after-seconds": "9" }), NOW)
    ).toBe(1000);
  });

  it("falls back to x-retry-after-seconds when Retry-After is unreadable", () => {
    expect(
      parseRetryAfter(new Headers({ "retry-after": "soon", "x-retry-after-seconds": "4" }), NOW)
    ).toBe(4000);
  });

  it.each([["-1"], ["abc"], [""], ["1e3"]])("gives undefined for %j", (value) => {
    expect(parseRetryAfter(new Headers({ "x-retry-after-seconds": value }), NOW)).toBeUndefined();
  });

  it("gives undefined when neither header is present", () => {
    expect(parseRetryAfter(new Headers(), NOW)).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  it("doubles from 300 ms and stops at the cap", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n))).toEqual([300, 600, 1200, 2400]);
    expect(backoffDelay(20)).toBe(10_000);
    expect(backoffDelay(3, 100, 250)).toBe(250);
  });
});
