/**
 * IT's connection shipped with the add-in (issue 25 item 8): laid over whatever is stored, saved or
 * reset, so a first run is ready to sign in and a stored value cannot replace IT's; the build's
 * environment is read by scripts/it-connection.js, which refuses a half-set sign-in and any secret.
 */
import { createSettingsStore, defaultStoredSettings } from "../../../src/excel/settings-model";
import type { KeyValueStorage, StoredSettings } from "../../../src/excel/settings-model";
import { useItConnection, withItConnection } from "../../../src/excel/it-settings";

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
