import {
  AuthError,
  BillingError,
  NotFoundError,
  RateLimitError,
  ResponseFormatError,
  SettingsError,
  UnavailableError,
  UnknownOutcomeError,
  ValidationError,
  isAuthError,
  isBillingError,
  isNotFoundError,
  isRateLimitError,
  isResponseFormatError,
  isSettingsError,
  isUnavailableError,
  isUnknownOutcomeError,
  isValidationError,
  summariseEntries,
} from "../../../src/api/errors";

const details = { status: 400, endpoint: "POST /api/bill/Invoices", path: "/api/bill/Invoices" };

describe("the error hierarchy", () => {
  const cases = [
    [new ValidationError("x", details), "ValidationError", isValidationError],
    [new NotFoundError("x", details), "NotFoundError", isNotFoundError],
    [new AuthError(details), "AuthError", isAuthError],
    [new RateLimitError("x", details), "RateLimitError", isRateLimitError],
    [new UnavailableError("x", details), "UnavailableError", isUnavailableError],
    [new UnknownOutcomeError("x", details), "UnknownOutcomeError", isUnknownOutcomeError],
    [
      new SettingsError([{ field: "baseUrl", message: "is required" }]),
      "SettingsError",
      isSettingsError,
    ],
    [new ResponseFormatError("x", details), "ResponseFormatError", isResponseFormatError],
  ] as const;

  it.each(cases)(
    "%p has its name, is a BillingError and an Error, and its guard knows it",
    (error, name, guard) => {
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(BillingError);
      expect(error).toBeInstanceOf(Error);
      expect(isBillingError(error)).toBe(true);
      expect(guard(error)).toBe(true);
    }
  );

  it("guards reject the other classes and non-errors", () => {
    const validation = new ValidationError("x");
    expect(isNotFoundError(validation)).toBe(false);
    expect(isAuthError(validation)).toBe(false);
    expect(isBillingError(new Error("x"))).toBe(false);
    expect(isBillingError({ name: "ValidationError" })).toBe(false);
    expect(isValidationError(null)).toBe(false);
  });

  it("guards recognise an error of the same name from another copy of the module", () => {
    const foreign = new Error("from another bundle");
    foreign.name = "UnknownOutcomeError";
    expect(isUnknownOutcomeError(foreign)).toBe(true);
    expect(isBillingError(foreign)).toBe(true);
  });

  it("keeps status, endpoint, path, entries and cause", () => {
    const cause = new Error("low level");
    const error = new ValidationError("Rejected", {
      ...details,
      entries: [{ key: "K", message: "m" }],
      cause,
    });
    expect([error.status, error.endpoint, error.path, error.cause]).toEqual([
      400,
      details.endpoint,
      details.path,
      cause,
    ]);
    expect(error.entries).toEqual([{ key: "K", message: "m" }]);
    expect(error.message).toBe("Rejected — K: m (POST /api/bill/Invoices)");
  });

  it("names the endpoint when there is no path", () => {
    expect(new NotFoundError("Not found", { endpoint: "GET /api/x/{id}" }).message).toBe(
      "Not found (GET /api/x/{id})"
    );
  });

  it("lists the settings problems", () => {
    const error = new SettingsError([
      { field: "baseUrl", message: "must use https://" },
      { field: "credential.token", message: "is required" },
    ]);
    expect(error.message).toBe(
      "The connection settings cannot be used — baseUrl: must use https://; credential.token: is required"
    );
    expect(error.problems).toHaveLength(2);
  });

  it("summarises at most three entries and counts the rest", () => {
    const entries = [1, 2, 3, 4, 5].map((n) => ({ key: `K${n}`, message: `m${n}` }));
    expect(summariseEntries(entries)).toBe("K1: m1; K2: m2; K3: m3 (+2 more)");
    expect(summariseEntries([{ message: "only text" }, { key: "ONLY_KEY" }])).toBe(
      "only text; ONLY_KEY"
    );
  });
});
