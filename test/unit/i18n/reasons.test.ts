/**
 * The reasons made below the pane and the functions (issue 29 item 6): a code and values made where
 * the error is made, said in the language of whoever shows it. Every reason exists in English and
 * Dutch with the same placeholders; English is the error's message, word for word as before; Dutch
 * loads as a chunk of its own and is said once it has loaded.
 */
import { enReasons } from "../../../src/i18n/reasons-en";
import { nlReasons } from "../../../src/i18n/reasons-nl";
import {
  hasReasonWords,
  loadReasonWords,
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
