import { ValidationError } from "../../../src/api/errors";
import { describeError } from "../../../src/invoices";

describe("describeError: the service's words in one sentence", () => {
  it("never ends in '..' when the service's own text ends with a full stop", () => {
    const error = new ValidationError("refused", {
      status: 400,
      entries: [
        { key: "CUSTOMER_NOT_FOUND", message: "customerId does not refer to a customer." },
        { key: "TAX_CODE_NOT_FOUND", message: "lines[0].taxCodeId does not refer to a tax code. " },
      ],
    });
    expect(describeError(error, "act.createInvoice")).toBe(
      "The billing service refused to create the invoice: customerId does not refer to a customer; lines[0].taxCodeId does not refer to a tax code."
    );
  });
});
