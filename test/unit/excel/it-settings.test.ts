/**
 * IT's connection shipped with the add-in: laid over whatever is stored, saved or
 * reset, so a first run is ready to sign in and a stored value cannot replace IT's; the build's
 * environment is read by scripts/it-connection.js, which refuses a half-set sign-in and any secret.
 */
import { createSettingsStore, defaultStoredSettings } from "../../../src/excel/settings-model";
import type { KeyValueStorage, StoredSettings } from "../../../src/excel/settings-model";
import {
  checkItConnection,
  dialogDirectoryAllowed,
  itConnection,
  useItConnection,
  withItConnection,
} from "../../../src/excel/it-settings";
import { createBillingClient } from "../../../src/api";
import { formFromSettings, settingsFromForm } from "../../../src/taskpane/connection-form";

const { itConnection: fromEnvironment } = require("../../../scripts/it-connection.js") as {
  itConnection(env: Record<string, string>): unknown;
};

const IT = {
  baseUrl: "https://billing-gateway.contoso.example",
  signIn: {
    directory: "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17",
    clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
    scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
  },
};

function memory(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: async (k) => map.get(k) ?? null,
    setItem: async (k, v) => void map.set(k, v),
    removeItem: async (k) => void map.delete(k),
  };
}

afterEach(() => useItConnection());

describe("IT's connection settings", () => {
  it("make a first run ready to sign in, and win over stored and saved values", async () => {
    useItConnection(IT);
    const storage = memory();
    const store = createSettingsStore(storage, { listeners: new Set(), overlay: withItConnection });
    const first = (await store.load()).settings;
    expect(first.connection).toEqual({
      baseUrl: IT.baseUrl,
      headers: {},
      credential: { kind: "gateway", signIn: IT.signIn },
    });
    const other: StoredSettings = {
      ...defaultStoredSettings(),
      connection: {
        baseUrl: "https://collector.example",
        headers: {},
        credential: { kind: "none" },
      },
      pollIntervalMs: 3000,
    };
    const saved = await store.save(other);
    expect(saved.ok && saved.settings.connection.baseUrl).toBe(IT.baseUrl);
    expect(saved.ok && saved.settings.pollIntervalMs).toBe(3000); // timing stays the user's
    expect(JSON.parse(storage.map.values().next().value!).connection.baseUrl).toBe(IT.baseUrl);
    expect((await store.reset()).connection.baseUrl).toBe(IT.baseUrl);
  });

  it("change nothing when the build carries none", () => {
    useItConnection(null);
    const settings = defaultStoredSettings();
    expect(withItConnection(settings)).toBe(settings);
  });

  it("are read from the build's environment, refusing a half-set sign-in and any secret", () => {
    expect(fromEnvironment({})).toBeNull();
    expect(
      fromEnvironment({
        BILLING_BASE_URL: IT.baseUrl,
        BILLING_AUTHORITY: IT.signIn.directory,
        BILLING_CLIENT_ID: IT.signIn.clientId,
        BILLING_SCOPE: IT.signIn.scope,
      })
    ).toEqual(IT);
    expect(fromEnvironment({ BILLING_BASE_URL: IT.baseUrl })).toEqual({ baseUrl: IT.baseUrl });
    expect(() => fromEnvironment({ BILLING_BASE_URL: IT.baseUrl, BILLING_SCOPE: "x" })).toThrow(
      "The gateway's sign-in needs BILLING_AUTHORITY, BILLING_CLIENT_ID too."
    );
    expect(() =>
      fromEnvironment({ BILLING_BASE_URL: IT.baseUrl, BILLING_CLIENT_SECRET: "s3cret" })
    ).toThrow(/^BILLING_CLIENT_SECRET: the add-in never holds a secret/);
  });

  it("carry the company's time zone, which wins over a stored one and is refused when unknown", () => {
    expect(
      fromEnvironment({ BILLING_BASE_URL: IT.baseUrl, BILLING_TIME_ZONE: "Europe/Amsterdam" })
    ).toEqual({ baseUrl: IT.baseUrl, timeZone: "Europe/Amsterdam" });
    expect(() =>
      fromEnvironment({ BILLING_BASE_URL: IT.baseUrl, BILLING_TIME_ZONE: "Amsterdam" })
    ).toThrow('BILLING_TIME_ZONE "Amsterdam" is not a time zone; give an IANA name');
    expect(() => fromEnvironment({ BILLING_TIME_ZONE: "Europe/Amsterdam" })).toThrow(
      "BILLING_TIME_ZONE set without BILLING_BASE_URL."
    );
    const stored: StoredSettings = {
      ...defaultStoredSettings(),
      connection: { ...defaultStoredSettings().connection, timeZone: "America/New_York" },
    };
    useItConnection({ ...IT, timeZone: "Europe/Amsterdam" });
    expect(withItConnection(stored).connection.timeZone).toBe("Europe/Amsterdam");
    useItConnection(IT);
    expect(withItConnection(stored).connection.timeZone).toBe("America/New_York");
  });
});

/** IT's values as the build's environment names them. */
function envOf(c: { baseUrl: string; signIn?: Record<string, string> }): Record<string, string> {
  return {
    BILLING_BASE_URL: c.baseUrl,
    ...(c.signIn
      ? {
          BILLING_AUTHORITY: c.signIn.directory,
          BILLING_CLIENT_ID: c.signIn.clientId,
          BILLING_SCOPE: c.signIn.scope,
        }
      : {}),
  };
}

describe("IT's values, checked at build and at load by the same rules", () => {
  const bad: [string, { baseUrl: string; signIn?: Record<string, string> }][] = [
    ["a base URL with a password", { baseUrl: "https://user:pa55word@gw.contoso.example" }],
    [
      "a base URL with a key in its query",
      { baseUrl: "https://gw.contoso.example/?subscription-key=k3y" },
    ],
    ["a base URL with a bare query", { baseUrl: "https://gw.contoso.example?" }],
    ["a base URL with a fragment", { baseUrl: "https://gw.contoso.example/#x" }],
    ["plain http to a remote host", { baseUrl: "http://gw.contoso.example" }],
    ["a javascript: URL", { baseUrl: "javascript:alert(1)" }],
    ["a base URL with a path", { baseUrl: "https://gw.contoso.example/api" }],
    ["a client id that is not a GUID", { ...IT, signIn: { ...IT.signIn, clientId: "my-add-in" } }],
    [
      "another provider as directory",
      { ...IT, signIn: { ...IT.signIn, directory: "https://evil.example/tenant" } },
    ],
    [
      "Entra's URL with a query",
      {
        ...IT,
        signIn: { ...IT.signIn, directory: "https://login.microsoftonline.com/contoso.com?x=1" },
      },
    ],
    [
      "an http Entra authority",
      {
        ...IT,
        signIn: { ...IT.signIn, directory: "http://login.microsoftonline.com/contoso.com" },
      },
    ],
    ["a scope that is not the gateway's", { ...IT, signIn: { ...IT.signIn, scope: "openid" } }],
  ];
  it.each(bad)(
    "%s: the build refuses it without quoting it, the add-in sends nothing",
    (_label, c) => {
      let message = "";
      try {
        fromEnvironment(envOf(c));
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^IT's connection settings: /);
      for (const secret of ["pa55word", "k3y", "evil.example", "my-add-in"]) {
        expect(message).not.toContain(secret);
      }
      expect(checkItConnection(c).ok).toBe(false);
      useItConnection(c as never);
      const loaded = itConnection()!;
      expect(loaded.baseUrl).toBe("");
      expect(loaded.problems!.length).toBeGreaterThan(0);
      const settings = withItConnection(defaultStoredSettings());
      expect(settings.connection).toEqual({
        baseUrl: "",
        headers: {},
        credential: { kind: "none" },
      });
      // Nothing can be sent with them: no client can be made.
      expect(() => createBillingClient(settings.connection)).toThrow();
    }
  );

  const good: [string, { baseUrl: string; signIn?: Record<string, string> }][] = [
    ["the gateway with Entra's directory id", IT],
    [
      "a directory's domain",
      { ...IT, signIn: { ...IT.signIn, directory: "contoso.onmicrosoft.com" } },
    ],
    [
      "Entra's authority URL",
      {
        ...IT,
        signIn: {
          ...IT.signIn,
          directory: `https://login.microsoftonline.com/${IT.signIn.directory}/v2.0`,
        },
      },
    ],
    [
      "the local chain",
      {
        baseUrl: "http://localhost:3002",
        signIn: { ...IT.signIn, directory: `https://localhost:3003/${IT.signIn.directory}/v2.0` },
      },
    ],
    ["a base URL alone", { baseUrl: "https://billing.contoso.example" }],
  ];
  it.each(good)("%s: built and loaded as they are", (_label, c) => {
    expect(fromEnvironment(envOf(c))).toEqual(c);
    expect(checkItConnection(c)).toEqual({ ok: true, connection: c });
  });

  it("leaves alone fields it does not own (a setting shipped beside them)", () => {
    const c = { ...IT, timeZone: "Europe/Amsterdam" };
    expect(checkItConnection(c)).toEqual({ ok: true, connection: c });
  });

  it("shows the Connection tab's form as invalid while IT's values are bad: Save and Test send nothing", () => {
    useItConnection({ baseUrl: "https://user:pw@gw.contoso.example" });
    const form = formFromSettings(defaultStoredSettings());
    form.baseUrl = "https://gw.contoso.example";
    const result = settingsFromForm(form, defaultStoredSettings(), "test");
    expect(result.ok).toBe(false);
  });
});

describe("Test connection and Sign in obey IT's lock", () => {
  it("use IT's address and sign-in, whatever the page's fields were changed to", () => {
    useItConnection(IT);
    const stored = withItConnection(defaultStoredSettings());
    const form = formFromSettings(stored);
    form.baseUrl = "https://collector.example";
    form.signInDirectory = "https://evil.example/tenant";
    for (const purpose of ["test", "save"] as const) {
      const result = settingsFromForm(form, stored, purpose);
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.settings.connection.baseUrl).toBe(IT.baseUrl);
        expect(result.settings.connection.credential).toEqual({
          kind: "gateway",
          signIn: IT.signIn,
        });
      }
    }
  });
});

describe("the sign-in dialog's directory", () => {
  it("is IT's only, when IT set one", () => {
    useItConnection(IT);
    expect(dialogDirectoryAllowed(IT.signIn.directory)).toBe(true);
    expect(dialogDirectoryAllowed(IT.signIn.directory.toUpperCase())).toBe(true);
    expect(dialogDirectoryAllowed("contoso.onmicrosoft.com")).toBe(false);
    expect(dialogDirectoryAllowed("https://evil.example/tenant")).toBe(false);
  });

  it("is none while IT's values are bad, and of Entra's shape without IT's", () => {
    useItConnection({ baseUrl: "javascript:alert(1)" });
    expect(dialogDirectoryAllowed(IT.signIn.directory)).toBe(false);
    useItConnection(null);
    expect(dialogDirectoryAllowed(IT.signIn.directory)).toBe(true);
    expect(dialogDirectoryAllowed("https://login.microsoftonline.com/contoso.com")).toBe(true);
    expect(dialogDirectoryAllowed("https://evil.example/tenant")).toBe(false);
    expect(dialogDirectoryAllowed("https://login.microsoftonline.com.evil.example/x")).toBe(false);
  });
});
