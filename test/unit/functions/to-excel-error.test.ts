import { FakeErrorCode, FakeCustomFunctionsError } from "./helpers/fake-custom-functions";
import {
  AuthError,
  NotFoundError,
  RateLimitError,
  SettingsError,
  UnavailableError,
  ValidationError,
} from "../../../src/api/errors";
import { CostError } from "../../../src/costs";
import { ArgumentError, MatchError } from "../../../src/functions/function-errors";
import { toExcelError } from "../../../src/functions/to-excel-error";
import { TimeoutError } from "../../../src/functions/with-timeout";

const context = { baseUrl: "https://billing.example.com" };

describe("toExcelError: one Excel error per kind of failure, each with a message", () => {
  it("gives #VALUE! with the message for a bad argument", () => {
    const error = toExcelError(new ArgumentError("contractId is empty."));
    expect(error).toBeInstanceOf(FakeCustomFunctionsError);
    expect(error.code).toBe(FakeErrorCode.invalidValue);
    expect(error.message).toBe("contractId is empty.");
  });

  it("gives #N/A with the message for cost and lookup outcomes", () => {
    expect(toExcelError(new CostError("no-tariff", "No tariff."))).toMatchObject({
      code: FakeErrorCode.notAvailable,
      message: "No tariff.",
    });
    expect(toExcelError(new MatchError("2 records match."))).toMatchObject({
      code: FakeErrorCode.notAvailable,
      message: "2 records match.",
    });
  });

  it("tells what to do when the service cannot be reached, naming the host", () => {
    const error = toExcelError(
      new UnavailableError("Service unavailable (503)", { status: 503 }),
      context
    );
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toBe(
      "Cannot reach the billing service at billing.example.com: check the connection settings and the network, then Refresh."
    );
  });

  it("tells to sign in again on a refused credential, without any secret", () => {
    const error = toExcelError(new AuthError({ status: 401 }), context);
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(
      /^Sign-in failed at billing\.example\.com: set a valid token and API key in the task pane/
    );
  });

  it("tells to wait on rate limiting, and to fix settings that cannot be used", () => {
    expect(toExcelError(new RateLimitError("Too many requests"), context).message).toMatch(
      /busy .* wait a minute/
    );
    const settings = toExcelError(
      new SettingsError([{ field: "baseUrl", message: "is required" }])
    );
    expect(settings.message).toMatch(/baseUrl: is required\. Fix them in the task pane/);
  });

  it("says the service did not answer in time", () => {
    const error = toExcelError(new TimeoutError("The billing service did not answer within 60 s."));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(/within 60 s\. Check the connection settings/);
  });

  it("maps a 404 to #N/A and a rejected request to #VALUE!", () => {
    expect(toExcelError(new NotFoundError("Not found", { status: 404 })).code).toBe(
      FakeErrorCode.notAvailable
    );
    expect(toExcelError(new ValidationError("Rejected", { status: 400 })).code).toBe(
      FakeErrorCode.invalidValue
    );
  });

  it("keeps an unexpected failure an error with its message, cut to a readable length", () => {
    const error = toExcelError(new Error("x".repeat(1000)));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(String(error.message).startsWith("Unexpected error: xxx")).toBe(true);
    expect(String(error.message).length).toBeLessThanOrEqual(250);
  });
});
