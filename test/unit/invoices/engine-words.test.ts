/**
 * The engine's words in the language passed in: the error sentences keep the
 * service's own words, the sign-in sentence stays the api's advice in English, numbers follow the
 * language, and a plural message chooses by its count.
 */
import { AUTH_ADVICE } from "../../../src/api";
import { AuthError, ValidationError } from "../../../src/api/errors";
import { sayIn } from "../../../src/i18n";
import { describeError } from "../../../src/invoices";
import { money, whole } from "../../../src/invoices/words";

const refused = () =>
  new ValidationError("refused", {
    status: 400,
    entries: [{ key: "CUSTOMER_NOT_FOUND", message: "customerId does not refer to a customer." }],
  });

describe("the engine's words", () => {
  it("wraps the service's own words in a Dutch sentence, never translating them", () => {
    expect(describeError(refused(), "act.createInvoice", sayIn("nl"))).toBe(
      "De facturatiedienst weigerde het maken van de factuur: customerId does not refer to a customer."
    );
    expect(describeError(new Error("socket hang up"), "act.lookIdsUp", sayIn("nl"))).toBe(
      "Het opzoeken van de ids is niet gelukt: onverwacht probleem (socket hang up)."
    );
  });

  it("says the refused credentials in the language given; English is the api's advice", () => {
    const error = new AuthError({ status: 401 });
    expect(describeError(error, "act.createInvoice")).toBe(
      `The billing service refused the credentials: ${AUTH_ADVICE}, then run again.`
    );
    expect(describeError(error, "act.createInvoice", sayIn("nl"))).toMatch(
      /^De facturatiedienst weigerde de aanmeldgegevens: meld u opnieuw aan/
    );
  });

  it("writes numbers as the language does and chooses one or other by count", () => {
    const nl = sayIn("nl");
    expect(whole(4000, nl)).toBe("4.000");
    expect(whole(4000, sayIn("en"))).toBe("4,000");
    expect(money("1234.56", nl)).toBe("1234,56");
    expect(money("1234.56", sayIn("en"))).toBe("1234.56");
    expect(nl("run.detail.failed", { count: 1 })).toBe(
      "1 factuur mislukt: de reden staat op haar rijen."
    );
    expect(nl("run.detail.failed", { count: 3 })).toBe(
      "3 facturen mislukt: de reden staat op hun rijen."
    );
    expect(sayIn().language).toBe("en");
  });
});
