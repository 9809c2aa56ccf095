/** The pre-flight of a run and Test connection without a usable sign-in. */
import { classifyProbe, outcomeFromError } from "../../../src/taskpane/connection-test";
import { preflightRefusal } from "../../../src/taskpane/invoice-run-words";
import { AuthError } from "../../../src/api/errors";

const ctx = {
  baseUrl: "https://gateway.contoso.example",
  origin: "https://addin.contoso.example",
  headerNames: [],
};

describe("a run's pre-flight without a sign-in", () => {
  it("reports the sign-in's own words, not 'refused credentials'", () => {
    const report = classifyProbe(
      outcomeFromError(
        new AuthError(
          {},
          { problem: "sign-in-required", advice: "Sign in on the Billing pane (Connection)." }
        )
      ),
      ctx
    );
    expect(report).toEqual({
      verdict: "auth",
      ok: false,
      title: "Sign in on the Billing pane (Connection).",
      details: [],
    });
  });

  it("does not start the run, and says what to do", () => {
    expect(preflightRefusal("Sign in on the Billing pane (Connection).", "auth")).toBe(
      "Nothing was sent: Sign in on the Billing pane (Connection). Then press Create and approve again."
    );
  });
});
