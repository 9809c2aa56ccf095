/**
 * The client's own words around the service's error text: the summary of a
 * refused, rejected or lost request, "(+2 more)", and the plain words of a known service error key
 * (`describeActionEntry`). English stays word for word as it was; Dutch is said where asked, once
 * the Dutch chunk has loaded; the service's own text is passed on as it is in both.
 */
import { loadReasonWords, reasonText, reasonWords, sayIn } from "../../../src/i18n";
import { cellToIsoDateTime } from "../../../src/invoices";
import {
  NotFoundError,
  UnknownOutcomeError,
  ValidationError,
  actionErrorWords,
  describeActionEntry,
  SettingsError,
  validateSettings,
} from "../../../src/api";
import { refusedInEnvelope, toBillingError } from "../../../src/api/to-billing-error";
import { entriesWords, sendFailureWords, sentWords } from "../../../src/invoices";
import type { Invoice } from "../../../src/api";

const NL = sayIn("nl");
const entries = [1, 2, 3, 4, 5].map((n) => ({ key: `K${n}`, message: `m${n}` }));

beforeAll(() => loadReasonWords("nl"));

describe("the wrapping of the service's error text", () => {
  it("a rejected request: the English message as before, Dutch around the service's own words", () => {
    const made = toBillingError(httpFailure(422), {
      endpoint: "POST /api/invoices",
      path: "/api/invoices",
      kind: "create",
      entries,
    });
    expect(made.message).toBe(
      "The service rejected the request (422) — K1: m1; K2: m2; K3: m3 (+2 more) (POST /api/invoices)"
    );
    expect(reasonWords(made, "nl")).toBe(
      "De dienst heeft het verzoek afgewezen (422) — K1: m1; K2: m2; K3: m3 (+2 meer) (POST /api/invoices)"
    );
    expect(reasonWords(made, "en")).toBe(made.message);
  });

  it("not found, a refusal in the envelope and an unknown outcome, in both languages", () => {
    const gone = toBillingError(httpFailure(404), {
      endpoint: "GET /api/invoices/{id}",
      path: "/api/invoices/7",
      kind: "read",
    });
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone.message).toBe("Not found (404) (GET /api/invoices/7)");
    expect(reasonWords(gone, "nl")).toBe("Niet gevonden (404) (GET /api/invoices/7)");

    const refused = refusedInEnvelope(200, [{ key: "X", message: "Eigen tekst." }], {
      endpoint: "POST /api/invoices",
      path: "/api/invoices",
      kind: "create",
    });
    expect(refused.message).toBe(
      "The service refused the request (success: false, 200) — X: Eigen tekst. (POST /api/invoices)"
    );
    expect(reasonWords(refused, "nl")).toBe(
      "De dienst heeft het verzoek geweigerd (success: false, 200) — X: Eigen tekst. (POST /api/invoices)"
    );

    const cut = toBillingError(httpFailure(503), {
      endpoint: "POST /api/invoices",
      path: "/api/invoices",
      kind: "create",
    });
    expect(cut).toBeInstanceOf(UnknownOutcomeError);
    expect(cut.message).toBe(
      "The service failed while creating the invoice (503); the outcome is unknown: the invoice may or may not have been created — check for it (by its external reference) before retrying (POST /api/invoices)"
    );
    expect(reasonWords(cut, "nl")).toBe(
      "De dienst faalde bij het maken van de factuur (503); de uitkomst is onbekend: de factuur is misschien wel, misschien niet gemaakt — zoek haar (op haar externe referentie) voordat u het opnieuw probeert (POST /api/invoices)"
    );
  });

  it("the service's own text stays those characters, placeholders and markup included", () => {
    const hostile = [{ key: "{status}", message: "<b>{entries}</b> {count}" }];
    const made = toBillingError(httpFailure(400), {
      endpoint: "POST /api/invoices",
      path: "/api/invoices",
      kind: "create",
      entries: hostile,
    });
    expect(made.message).toBe(
      "The service rejected the request (400) — {status}: <b>{entries}</b> {count} (POST /api/invoices)"
    );
    expect(reasonWords(made, "nl")).toBe(
      "De dienst heeft het verzoek afgewezen (400) — {status}: <b>{entries}</b> {count} (POST /api/invoices)"
    );
  });

  it("an error made with text keeps that text in every language (no reason)", () => {
    const plain = new ValidationError("A bulk request names at most 100 invoices", { entries });
    expect(plain.message).toBe(
      "A bulk request names at most 100 invoices — K1: m1; K2: m2; K3: m3 (+2 more)"
    );
    expect(reasonWords(plain, "nl")).toBeUndefined();
  });
});

describe("a known service error key in plain words", () => {
  it("English as before, Dutch where asked; an unknown key keeps the service's message", () => {
    expect(actionErrorWords("user_has_no_postal_address")).toBe(
      "the customer has no postal address; send it by email instead"
    );
    expect(actionErrorWords("USER_HAS_NO_POSTAL_ADDRESS", "nl")).toBe(
      "de klant heeft geen postadres; verstuur hem per e-mail"
    );
    expect(actionErrorWords("noReason")).toBeUndefined();
    expect(describeActionEntry({ key: "NEW_KEY", message: "Iets nieuws." }, "nl")).toBe(
      "Iets nieuws."
    );
    expect(describeActionEntry({})).toBe("the billing service gave no reason");
    expect(describeActionEntry({}, "nl")).toBe("de facturatiedienst gaf geen reden");
  });

  it("a row's message says it in the run's language; the `sent` cell stays English", () => {
    const key = [{ key: "USER_HAS_NO_POSTAL_ADDRESS", message: "User has no address" }];
    expect(entriesWords(key)).toBe("the customer has no postal address; send it by email instead");
    expect(entriesWords(key, NL)).toBe("de klant heeft geen postadres; verstuur hem per e-mail");
    const failed = { sent: "failed", errors: key } as unknown as Invoice;
    expect(sendFailureWords(failed, NL)).toBe(
      "de klant heeft geen postadres; verstuur hem per e-mail"
    );
    expect(sentWords(failed)).toBe(
      "failed: the customer has no postal address; send it by email instead"
    );
  });
});

/** An HTTP failure as ky throws it (what to-billing-error reads: `response.status`). */
function httpFailure(status: number): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    name: "HTTPError",
    response: { status, headers: new Headers() },
  });
}

describe("the sign-in settings' checks", () => {
  it("English as before, each field's problem in Dutch where asked", () => {
    const checked = validateSettings({
      baseUrl: "https://billing.example.com",
      headers: {},
      credential: {
        kind: "gateway",
        signIn: { directory: "http://login.example.com/t", clientId: "x", scope: "" },
      },
    });
    if (checked.ok) throw new Error("expected problems");
    const error = new SettingsError(checked.problems);
    expect(error.message).toBe(
      "The connection settings cannot be used — credential.signIn.directory: must start with https:// (sign-in is never over plain http); credential.signIn.clientId: must be the add-in's application (client) id, a GUID; credential.signIn.scope: is required (e.g. api://<gateway app id>/access_as_user)"
    );
    expect(reasonWords(error, "nl")).toBe(
      "De verbindingsinstellingen zijn niet bruikbaar — credential.signIn.directory: moet met https:// beginnen (aanmelden gaat nooit over gewoon http); credential.signIn.clientId: moet de toepassings-id (client-id) van de invoegtoepassing zijn, een GUID; credential.signIn.scope: is verplicht (bijv. api://<app-id van de gateway>/access_as_user)"
    );
  });

  it("settings without their sign-in part, and a directory that is no id, domain or URL", () => {
    const missing = validateSettings({
      baseUrl: "https://billing.example.com",
      credential: { kind: "gateway", signIn: "no" },
    });
    if (missing.ok) throw new Error("expected problems");
    expect(reasonWords(new SettingsError(missing.problems), "nl")).toMatch(
      /credential\.signIn: moet directory, clientId en scope bevatten$/
    );
    const odd = validateSettings({
      baseUrl: "https://billing.example.com",
      credential: {
        kind: "gateway",
        signIn: { directory: "not a directory", clientId: "", scope: "api://x/y z" },
      },
    });
    if (odd.ok) throw new Error("expected problems");
    expect(odd.problems.map((p) => p.message)).toEqual([
      "is neither a directory id (a GUID), a domain, nor an https:// authority URL",
      "is required (a GUID)",
      "must look like api://<gateway app id>/access_as_user",
    ]);
    expect(reasonWords(new SettingsError(odd.problems), "nl")).toBe(
      "De verbindingsinstellingen zijn niet bruikbaar — credential.signIn.directory: is geen directory-id (een GUID), geen domein en geen https://-authority-URL; credential.signIn.clientId: is verplicht (een GUID); credential.signIn.scope: moet eruitzien als api://<app-id van de gateway>/access_as_user"
    );
  });
});

describe("a date cell's reason (Check itself shows its translated hint, check.dateHint)", () => {
  it.each([
    ["2026-02-30", "no such day", "die dag bestaat niet"],
    ["2026-03-01T25:00", "no such time", "die tijd bestaat niet"],
    ["2026-03-01T10:00+15:00", "no such UTC offset", "die UTC-afwijking bestaat niet"],
    ["01-03-2026", "not an ISO date", "geen ISO-datum"],
    [true, "a TRUE/FALSE value is not a date", "een WAAR/ONWAAR-waarde is geen datum"],
    [
      60,
      "60 is 29 February 1900, which did not exist",
      "60 is 29 februari 1900, een dag die niet bestond",
    ],
  ])("%p: English as before, Dutch where asked", (cell, english, dutch) => {
    const read = cellToIsoDateTime(cell);
    if (read.ok) throw new Error("expected a refusal");
    expect(read.reason).toBe(english);
    expect(reasonText(read.why, "nl")).toBe(dutch);
  });
});
