import { FakeErrorCode } from "./helpers/fake-custom-functions";
import { AuthError, GATEWAY_REFUSAL_TEXT } from "../../../src/api/errors";
import { toExcelError } from "../../../src/functions/to-excel-error";

describe("toExcelError: the company gateway's sign-in and roles in a cell", () => {
  it("asks for a sign-in on the pane when there is no signed-in user (#N/A)", () => {
    const error = toExcelError(
      new AuthError(
        {},
        { problem: "sign-in-required", advice: "Sign in on the Billing pane (Connection)." }
      )
    );
    expect(error).toMatchObject({
      code: FakeErrorCode.notAvailable,
      message: "Sign in on the Billing pane (Connection).",
    });
  });

  it("names the missing role in the gateway's plain words", () => {
    const error = toExcelError(
      new AuthError(
        { status: 403 },
        { problem: "role-missing", advice: GATEWAY_REFUSAL_TEXT.noRead }
      )
    );
    expect(error).toMatchObject({
      code: FakeErrorCode.notAvailable,
      message: "Your account has no access to billing data; ask IT for Billing.Read.",
    });
  });

  it("keeps the token-and-key advice for the service's own 401", () => {
    expect(
      toExcelError(new AuthError({ status: 401 }), { baseUrl: "https://b.example" }).message
    ).toMatch(/^Sign-in failed at b\.example: set a valid token/);
  });
});
