import { errorText, SIGN_IN_FAILED } from "../../../src/taskpane/error-text";
import {
  AuthError,
  NotFoundError,
  RateLimitError,
  SettingsError,
  UnavailableError,
  ValidationError,
} from "../../../src/api/errors";

const TOKEN = "tok-7f3a9c-secret";
const KEY = "apimkey-112233";

describe("error texts in the pane", () => {
  it("says sign-in failed on 401 and 403, naming neither token nor key", () => {
    expect(errorText(new AuthError({ status: 401 }), { secrets: [TOKEN, KEY] })).toBe(
      SIGN_IN_FAILED
    );
    expect(errorText(new AuthError({ status: 403 }))).toBe(
      "Sign-in failed: check the token and API key in Connection."
    );
  });

  it("says unreachable when there was no answer, and failed with the status on a 5xx", () => {
    expect(errorText(new UnavailableError("connection failed"))).toMatch(
      /cannot be reached.*Connection/
    );
    expect(errorText(new UnavailableError("down", { status: 503 }))).toMatch(/failed \(HTTP 503\)/);
  });

  it("says busy on rate limiting", () => {
    expect(errorText(new RateLimitError("429"))).toMatch(/busy/);
  });

  it("blanks out secrets that a lower layer echoed", () => {
    const echoed = new ValidationError(`The service rejected the request (400)`, {
      status: 400,
      entries: [{ key: "BAD", message: `token ${TOKEN} and key ${KEY} are odd` }],
    });
    const text = errorText(echoed, { secrets: [TOKEN, KEY] });
    expect(text).toContain("The billing service refused it");
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(KEY);
    expect(errorText(new Error(`boom ${TOKEN}`), { secrets: [TOKEN] })).toBe(
      "Something went wrong: boom ••••"
    );
  });

  it("passes sheet problems through in their own words", () => {
    const e = Object.assign(
      new Error("Select the rows of invoice lines, with their header row on top."),
      { name: "SheetError" }
    );
    expect(errorText(e)).toBe("Select the rows of invoice lines, with their header row on top.");
  });

  it("shows settings problems and not-found as text, clipped to one short line", () => {
    expect(errorText(new SettingsError([{ field: "baseUrl", message: "is required" }]))).toMatch(
      /baseUrl: is required\. Fix it in Connection\.$/
    );
    expect(errorText(new NotFoundError("Not found (404)"))).toBe("Not found: Not found (404)");
    const long = errorText(new Error(`<html>${"x".repeat(5000)}\n</html>`));
    expect(long.length).toBeLessThanOrEqual(400);
    expect(long).not.toContain("\n");
  });

  it("copes with things thrown that are not errors", () => {
    expect(errorText(undefined)).toBe("Something went wrong.");
    expect(errorText("plain text")).toBe("Something went wrong: plain text");
  });
});
