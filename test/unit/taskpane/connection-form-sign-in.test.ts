/**
 * The gateway credential in the Connection form: its three sign-in settings go to and
 * from the stored settings, a save asks for them (settings saved before sign-in existed included),
 * each error sits next to its field; and each credential says in one line what it needs.
 */
import {
  CREDENTIAL_HINTS,
  formFromSettings,
  settingsFromForm,
} from "../../../src/taskpane/connection-form";
import { defaultStoredSettings, parseStoredSettings } from "../../../src/excel/settings-model";
import type { StoredSettings } from "../../../src/excel/settings-model";

const SIGN_IN = {
  directory: "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17",
  clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
  scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
};

const signedIn: StoredSettings = {
  ...defaultStoredSettings(),
  connection: {
    baseUrl: "https://gateway.contoso.example",
    headers: {},
    credential: { kind: "gateway", signIn: SIGN_IN },
  },
};

describe("the gateway credential's sign-in settings in the form", () => {
  it("fills the three fields from the stored settings and saves them back unchanged", () => {
    const form = formFromSettings(signedIn);
    expect(form).toMatchObject({
      credentialKind: "gateway",
      signInDirectory: SIGN_IN.directory,
      signInClientId: SIGN_IN.clientId,
      signInScope: SIGN_IN.scope,
    });
    const result = settingsFromForm(form, signedIn);
    expect(result).toMatchObject({ ok: true, settings: { connection: signedIn.connection } });
  });

  it("opens settings saved before sign-in existed with empty fields, and a save asks for them", () => {
    const legacy = JSON.stringify({
      connection: {
        baseUrl: "https://gateway.contoso.example",
        headers: {},
        credential: { kind: "gateway" },
      },
      pollIntervalMs: 2500,
      approvalTimeoutMs: 120000,
    });
    const parsed = parseStoredSettings(legacy);
    expect(parsed.warning).toBeUndefined();
    expect(parsed.settings.connection.baseUrl).toBe("https://gateway.contoso.example");
    const form = formFromSettings(parsed.settings);
    expect(form).toMatchObject({
      credentialKind: "gateway",
      signInDirectory: "",
      signInClientId: "",
      signInScope: "",
    });
    const result = settingsFromForm(form, parsed.settings);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      "signInClientId",
      "signInDirectory",
      "signInScope",
    ]);
    expect(result.errors.signInDirectory).toEqual([
      "Directory is required (the directory (tenant) id, e.g. 7d3c1a52-…).",
    ]);
  });

  it("puts each problem next to its own field, naming no value", () => {
    const form = {
      ...formFromSettings(signedIn),
      signInDirectory: "http://localhost:8443/t/v2.0",
      signInClientId: "my add-in",
      signInScope: "access_as_user",
    };
    const result = settingsFromForm(form, signedIn);
    expect(result).toEqual({
      ok: false,
      errors: {
        signInDirectory: ["Directory must start with https:// (sign-in is never over plain http)."],
        signInClientId: ["Application id must be the add-in's application (client) id, a GUID."],
        signInScope: ["Gateway scope must look like api://<gateway app id>/access_as_user."],
      },
    });
  });

  it("says in one line what each credential needs", () => {
    expect(CREDENTIAL_HINTS.gateway).toBe(
      "Base URL is your company gateway's address; no headers needed. Sign in with your work account."
    );
    expect(CREDENTIAL_HINTS.bearer).toMatch(/^Base URL is the billing service's address; paste/);
    expect(CREDENTIAL_HINTS.none).toMatch(/local simulator/);
  });
});
