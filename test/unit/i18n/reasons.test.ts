/**
 * The reasons made below the pane and the functions: a code and values made where
 * the error is made, said in the language of whoever shows it. Every reason exists in English and
 * Dutch with the same placeholders; English is the error's message, word for word as before; Dutch
 * loads as a chunk of its own and is said once it has loaded.
 */
import { enReasons } from "../../../src/i18n/reasons-en";
import { nlReasons } from "../../../src/i18n/reasons-nl";
import {
  hasReasonWords,
  loadReasonWords,
  numberText,
  reason,
  reasonOf,
  reasonText,
  reasonWords,
} from "../../../src/i18n";
import { CostError, sumMoney } from "../../../src/costs";
import { AuthError, SettingsError, userAuthAdvice, validateSettings } from "../../../src/api";
import { gatewayAuthReason, readerRefusal } from "../../../src/api/errors";
import { describeError, excelSerialToUtc, serialReason } from "../../../src/invoices";
import { sayIn } from "../../../src/i18n";

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]).sort();
}

describe("the reasons catalogue", () => {
  it("has every English reason in Dutch and no Dutch reason English lacks", () => {
    expect(Object.keys(nlReasons).sort()).toEqual(Object.keys(enReasons).sort());
  });

  it.each(Object.keys(enReasons))("%s takes the same placeholders in both", (key) => {
    const english = enReasons[key as keyof typeof enReasons];
    const dutch = nlReasons[key as keyof typeof nlReasons];
    expect(placeholders(dutch)).toEqual(placeholders(english));
    expect(dutch.trim()).not.toBe("");
  });

  it("translates every reason but the pure punctuation ones", () => {
    const same = Object.keys(enReasons).filter(
      (key) => enReasons[key as keyof typeof enReasons] === nlReasons[key as keyof typeof nlReasons]
    );
    expect(same.sort()).toEqual([
      "api.at",
      "api.withAdvice",
      "api.withEntries",
      "date.argument",
      "set.problem",
      "set.problems",
    ]);
  });
});

describe("saying a reason", () => {
  const noTariff = reason("cost.noTariff", {
    subject: reason("cost.subject", { item: "b1", product: "p1" }),
    date: "2026-06-15",
    whose: reason("cost.whose.neither", { contract: "c1" }),
  });

  it("says English by default, nested reasons included, as the error message always read", () => {
    expect(reasonText(noTariff)).toBe(
      "No tariff of billing item b1 of product p1 is valid on 2026-06-15 (neither for contract c1 nor generic)."
    );
    const error = new CostError("no-tariff", noTariff);
    expect(error.message).toBe(reasonText(noTariff));
    expect(reasonOf(error)).toBe(noTariff);
  });

  it("says Dutch once the Dutch words have loaded (a chunk of their own)", async () => {
    await loadReasonWords("nl");
    expect(hasReasonWords("nl")).toBe(true);
    expect(reasonText(noTariff, "nl")).toBe(
      "Geen tarief voor factuuronderdeel b1 van product p1 is geldig op 2026-06-15 (niet voor contract c1 en niet algemeen)."
    );
    expect(reasonWords(new CostError("no-tariff", noTariff), "nl")).toBe(
      reasonText(noTariff, "nl")
    );
    // English stays English, and the message made with no language is the English one.
    expect(reasonText(noTariff, "en")).toBe(new CostError("no-tariff", noTariff).message);
  });

  it("gives no words for an error without a reason (the caller keeps its message)", () => {
    expect(reasonWords(new Error("plain"), "nl")).toBeUndefined();
    expect(reasonWords(new CostError("invalid-data", "as it was"), "nl")).toBeUndefined();
    expect(reasonOf({ reason: { code: "not.a.code" } })).toBeUndefined();
  });

  it("puts values in as they are (a value holding braces stays those characters)", async () => {
    await loadReasonWords("nl");
    const error = (() => {
      try {
        sumMoney(["{amount}"]);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect((error as Error).message).toBe('"{amount}" is not an amount of money.');
    expect(reasonWords(error, "nl")).toBe('"{amount}" is geen geldbedrag.');
  });
});

describe("numbers in a reason", () => {
  // Every reason whose value can be a number (grep the makers: `reason("…", { …: <number> })`):
  // api.within {seconds} (the client's time-out, 0.1 s steps), api.more / cost.moreProblems /
  // cost.moreItems {count}, api.rejected / api.createFailed / api.refusedEnvelope {status}.
  const noAnswer = (seconds: number) =>
    reason("api.noAnswer", { within: reason("api.within", { seconds }) });

  it("writes a time-out's seconds as the words' language does: 1.5 in English, 1,5 in Dutch", async () => {
    await loadReasonWords("nl");
    expect(reasonText(noAnswer(1.5))).toBe("The service did not answer within 1.5 s");
    expect(reasonText(noAnswer(1.5), "nl")).toBe("De dienst antwoordde niet binnen 1,5 s");
    expect(reasonText(noAnswer(30), "nl")).toBe("De dienst antwoordde niet binnen 30 s");
    expect(reasonText(noAnswer(0.3), "nl")).toBe("De dienst antwoordde niet binnen 0,3 s");
  });

  it("keeps every digit (nothing is rounded) and groups large numbers as the engine's counts do", async () => {
    await loadReasonWords("nl");
    expect(reasonText(reason("api.within", { seconds: 1.2345 }), "nl")).toBe("binnen 1,2345 s");
    expect(reasonText(reason("api.within", { seconds: 1.2345 }), "en")).toBe("within 1.2345 s");
    const many = reason("cost.moreItems", { count: 12500 });
    expect(reasonText(many, "nl")).toBe(" (en nog 12.500 factuuronderde(e)l(en))");
    expect(reasonText(many, "en")).toBe(" (and 12,500 more billing item(s))");
    expect(reasonText(many, "nl")).toContain(numberText(12500, "nl"));
    expect(reasonText(reason("cost.moreProblems", { count: 3 }), "nl")).toContain(" 3 ");
    expect(reasonText(reason("api.more", { entries: "x", count: 1000 }), "nl")).toBe(
      "x (+1.000 meer)"
    );
  });

  it("never reformats text: ids, references, invoice numbers, codes and amounts stay as they are", async () => {
    await loadReasonWords("nl");
    // A numeric-looking id (the service's ids are strings, some all digits or with a point).
    for (const id of ["1234567", "1.5", "2026.0001", "12,50", "0012"]) {
      expect(reasonText(reason("cost.contractNotFound", { contract: id }), "nl")).toBe(
        `Contract ${id} is niet gevonden.`
      );
      expect(reasonText(reason("line.productNotFound", { product: id }), "en")).toBe(
        `product ${id} was not found`
      );
    }
    // An HTTP status is a three-digit code: no locale changes it.
    expect(reasonText(reason("api.rejected", { status: 422 }), "nl")).toContain("(422)");
    // The one amount a reason carries is the service's text that is not money: shown as sent.
    expect(reasonText(reason("cost.notMoney", { amount: "1234.50" }), "nl")).toBe(
      '"1234.50" is geen geldbedrag.'
    );
    // A serial out of range is written as Excel's General format writes it (no grouping).
    expect(reasonText(serialReason(3000000)!, "en")).toBe(
      "3000000 is not a date: a date serial runs from 1 (1 January 1900) to 2958465 (31 December 9999)"
    );
  });

  it("writes numbers in English while the Dutch words have not loaded (the words are English then)", () => {
    jest.isolateModules(() => {
      // A fresh copy of the catalogue module, whose Dutch chunk has not been loaded.
      const fresh = require("../../../src/i18n") as typeof import("../../../src/i18n");
      expect(fresh.hasReasonWords("nl")).toBe(false);
      expect(fresh.reasonText(fresh.reason("api.within", { seconds: 1.5 }), "nl")).toBe(
        "within 1.5 s"
      );
    });
  });
});

describe("the reasons of the layers below", () => {
  beforeAll(() => loadReasonWords("nl"));

  it("the settings checks: English message unchanged, Dutch words per field", () => {
    const checked = validateSettings({ baseUrl: "http://billing.example.com", headers: {} });
    if (checked.ok) throw new Error("expected problems");
    const error = new SettingsError(checked.problems);
    expect(error.message).toBe(
      "The connection settings cannot be used — baseUrl: must use https:// (plain http:// only for localhost)"
    );
    expect(reasonWords(error, "nl")).toBe(
      "De verbindingsinstellingen zijn niet bruikbaar — baseUrl: moet https:// gebruiken (gewoon http:// alleen voor localhost)"
    );
  });

  it("several settings problems are joined as before, in both languages", () => {
    const checked = validateSettings({ baseUrl: "", credential: { kind: "bearer", token: " " } });
    if (checked.ok) throw new Error("expected problems");
    const error = new SettingsError(checked.problems);
    expect(error.message).toBe(
      "The connection settings cannot be used — baseUrl: is required (for example https://billing.example.com); credential.token: is required for a bearer credential"
    );
    expect(reasonWords(error, "nl")).toBe(
      "De verbindingsinstellingen zijn niet bruikbaar — baseUrl: is verplicht (bijvoorbeeld https://billing.example.com); credential.token: is verplicht voor een bearer-referentie"
    );
  });

  it("the gateway's sign-in and role advice: the same English, Dutch where asked", () => {
    const signIn = new AuthError(
      { status: 401 },
      gatewayAuthReason(401, [{ key: "GATEWAY_SIGN_IN_REQUIRED", message: "expired" }])
    );
    expect(userAuthAdvice(signIn)).toBe(
      "The company gateway did not accept your sign-in (it may have expired). Sign in on the Billing pane (Connection)."
    );
    expect(userAuthAdvice(signIn, "nl")).toBe(
      "De bedrijfsgateway accepteerde uw aanmelding niet (die is misschien verlopen). Meld u aan in het Billing-taakvenster (Verbinding)."
    );
    const reader = new AuthError(
      { status: 403 },
      gatewayAuthReason(
        403,
        [{ key: "GATEWAY_ROLE_MISSING", message: "ask IT for Billing.Invoice" }],
        "POST /api/bill/Invoices/{id}/send"
      )
    );
    expect(userAuthAdvice(reader)).toBe(readerRefusal("POST /api/bill/Invoices/{id}/send"));
    expect(userAuthAdvice(reader)).toBe(
      "Your account may read but not send invoices; ask IT for Billing.Invoice."
    );
    expect(userAuthAdvice(reader, "nl")).toBe(
      "Uw account mag lezen, maar geen facturen versturen; vraag IT om Billing.Invoice."
    );
  });

  it("Excel's date reasons: the same English, Dutch words for a serial out of range", () => {
    expect(excelSerialToUtc(0)).toEqual({
      ok: false,
      reason:
        "0 is not a date: a date serial runs from 1 (1 January 1900) to 2958465 (31 December 9999)",
    });
    expect(reasonText(serialReason(0)!, "nl")).toBe(
      "0 is geen datum: een datumreeksnummer loopt van 1 (1 januari 1900) tot 2958465 (31 december 9999)"
    );
    expect(serialReason(45000)).toBeUndefined();
  });

  it("a row's sign-in advice (the engine's describeError) in the run's language", () => {
    const refused = new AuthError(
      { status: 401 },
      gatewayAuthReason(401, [{ key: "GATEWAY_SIGN_IN_REQUIRED", message: "expired" }])
    );
    expect(describeError(refused, "act.createInvoice", sayIn("nl"))).toBe(
      "De bedrijfsgateway accepteerde uw aanmelding niet (die is misschien verlopen). Meld u aan in het Billing-taakvenster (Verbinding)."
    );
    expect(describeError(refused, "act.createInvoice")).toBe(
      "The company gateway did not accept your sign-in (it may have expired). Sign in on the Billing pane (Connection)."
    );
  });
});
