import {
  formFromSettings,
  headerValueInputType,
  headerValuePlaceholder,
  newHeaderRow,
  SAVED_SECRET_PLACEHOLDER,
  settingsFromForm,
  tokenPlaceholder,
  type ConnectionForm,
} from "../../../src/taskpane/connection-form";
import { defaultStoredSettings } from "../../../src/excel/settings-model";
import { loadReasonWords, useDisplayLanguage } from "../../../src/i18n";

import { CUSTOM, KEY, TOKEN, stored } from "./helpers/stored-settings";

function blankForm(overrides: Partial<ConnectionForm> = {}): ConnectionForm {
  return {
    baseUrl: "https://billing.example.com",
    headers: [],
    credentialKind: "none",
    token: "",
    tokenSaved: false,
    signInDirectory: "",
    signInClientId: "",
    signInScope: "",
    pollIntervalSeconds: "2.5",
    approvalTimeoutSeconds: "120",
    ...overrides,
  };
}

describe("the Connection form after save", () => {
  it("never puts a stored secret back into a field", () => {
    const form = formFromSettings(stored);
    const text = JSON.stringify(form);
    for (const secret of [TOKEN, KEY, CUSTOM]) expect(text).not.toContain(secret);
    expect(form.token).toBe("");
    expect(form.tokenSaved).toBe(true);
    expect(tokenPlaceholder(form)).toBe(SAVED_SECRET_PLACEHOLDER);
    const apim = form.headers.find((h) => h.name === "apim-sub")!;
    expect(apim.value).toBe("");
    expect(headerValuePlaceholder(apim)).toBe(SAVED_SECRET_PLACEHOLDER);
    expect(headerValueInputType(apim)).toBe("password");
    const custom = form.headers.find((h) => h.name === "x-org")!;
    expect(custom.secret).toBe(true);
    expect(custom.value).toBe("");
  });

  it("shows plain headers in clear", () => {
    const row = formFromSettings(stored).headers.find((h) => h.name === "zf-tuuid")!;
    expect(row.value).toBe("tenant-1");
    expect(headerValueInputType(row)).toBe("text");
  });

  it("keeps the stored secrets when nothing is typed over them", () => {
    const result = settingsFromForm(formFromSettings(stored), stored);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.connection.credential).toEqual({ kind: "bearer", token: TOKEN });
    expect(result.settings.connection.headers).toEqual(stored.connection.headers);
    expect(result.settings.connection.secretHeaders).toEqual(["x-org"]);
  });

  it("replaces a secret when a new value is typed", () => {
    const form = formFromSettings(stored);
    form.token = "new-token-xyz";
    form.headers.find((h) => h.name === "apim-sub")!.value = "new-key-000";
    const result = settingsFromForm(form, stored);
    expect(result.ok && result.settings.connection.credential).toEqual({
      kind: "bearer",
      token: "new-token-xyz",
    });
    expect(result.ok && result.settings.connection.headers["apim-sub"]).toBe("new-key-000");
  });

  it("masks a secret-looking header while typing unless shown", () => {
    const row = newHeaderRow({ name: "Ocp-Apim-Subscription-Key", value: "typed" });
    expect(headerValueInputType(row)).toBe("password");
    row.revealed = true;
    expect(headerValueInputType(row)).toBe("text");
    const marked = newHeaderRow({ name: "x-tenant", secret: true });
    expect(headerValueInputType(marked)).toBe("password");
  });
});

describe("validating the Connection form", () => {
  const base = defaultStoredSettings();

  it.each([
    ["billing.example.com", /Base URL/],
    ["https://billing.example.com/api", /path/],
    ["http://billing.example.com", /https/],
    ["", /required/],
  ])("puts a problem with base URL %p next to the base URL", (url, message) => {
    const result = settingsFromForm(blankForm({ baseUrl: url }), base);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.baseUrl?.join(" ")).toMatch(message);
  });

  it("accepts a trailing slash and removes it", () => {
    const result = settingsFromForm(blankForm({ baseUrl: "https://billing.example.com/" }), base);
    expect(result.ok && result.settings.connection.baseUrl).toBe("https://billing.example.com");
  });

  it("puts a bad header name next to its row", () => {
    const bad = newHeaderRow({ name: "zf tuuid", value: "x" });
    const colon = newHeaderRow({ name: "zf:ouuid", value: "y" });
    const result = settingsFromForm(blankForm({ headers: [bad, colon] }), base);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[`header:${bad.id}`]?.join(" ")).toMatch(/not a valid header name/);
    expect(result.errors[`header:${colon.id}`]?.join(" ")).toMatch(/not a valid header name/);
  });

  it("refuses a header listed twice and a header without a value, and skips blank rows", () => {
    const a = newHeaderRow({ name: "zf-tuuid", value: "1" });
    const b = newHeaderRow({ name: "ZF-TUUID", value: "2" });
    const c = newHeaderRow({ name: "zf-ouuid", value: "" });
    const blank = newHeaderRow();
    const result = settingsFromForm(blankForm({ headers: [a, b, c, blank] }), base);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[`header:${b.id}`]?.[0]).toMatch(/twice/);
    expect(result.errors[`header:${c.id}`]?.[0]).toMatch(/needs a value/);
    expect(result.errors[`header:${blank.id}`]).toBeUndefined();
    expect(result.errors[`header:${a.id}`]).toBeUndefined();
  });

  it.each([
    ["", /required/],
    ["abc\ndef", /line breaks/],
  ])("puts a bad token %p next to the token, without echoing it", (token, message) => {
    const result = settingsFromForm(blankForm({ credentialKind: "bearer", token }), base);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.token?.join(" ")).toMatch(message);
    if (token !== "") expect(JSON.stringify(result.errors)).not.toContain("abc");
  });

  it.each([
    ["1", /between 2 s and 3 s/],
    ["4", /between 2 s and 3 s/],
    ["fast", /number of seconds/],
  ])("puts a bad polling interval %p next to the field", (value, message) => {
    const result = settingsFromForm(blankForm({ pollIntervalSeconds: value }), base);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.pollInterval?.join(" ")).toMatch(message);
  });

  it("reads a decimal comma", () => {
    const result = settingsFromForm(
      blankForm({ pollIntervalSeconds: "2,5", approvalTimeoutSeconds: "90" }),
      base
    );
    expect(result.ok && result.settings.pollIntervalMs).toBe(2500);
    expect(result.ok && result.settings.approvalTimeoutMs).toBe(90_000);
  });

  it("never puts a secret value into an error text", () => {
    const form = blankForm({
      baseUrl: "nope",
      credentialKind: "bearer",
      token: "secret tok",
      headers: [newHeaderRow({ name: "apim sub", value: "key-secret-321" })],
    });
    const result = settingsFromForm(form, base);
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result);
    expect(text).not.toContain("secret tok");
    expect(text).not.toContain("key-secret-321");
  });
});

describe("the Connection form's problems in the pane's language", () => {
  const base = defaultStoredSettings();
  beforeAll(() => loadReasonWords("nl"));
  afterEach(() => useDisplayLanguage(() => "en-US"));

  it.each([
    ["nl-NL", "Basis-URL mag geen pad bevatten (alleen schema, host en poort)."],
    ["en-US", "Base URL must not contain a path (only scheme, host and port)."],
  ])("names the field and says the settings check in %s", (display, expected) => {
    useDisplayLanguage(() => display);
    const result = settingsFromForm(
      blankForm({ baseUrl: "https://billing.example.com/api" }),
      base
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.baseUrl).toEqual([expected]);
  });
});
