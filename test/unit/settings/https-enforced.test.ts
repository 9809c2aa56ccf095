/**
 * Non-localhost base URLs must be https (docs/developers/rules.md#settings-and-security), wherever
 * settings enter: the store refuses to save them, a stored copy is not used, and the client is not
 * built.
 */
import { createBillingClient } from "../../../src/api/index";
import {
  createSettingsStore,
  defaultStoredSettings,
  SETTINGS_STORAGE_KEY,
} from "../../../src/excel/settings-model";
import { fakeStorage } from "./fake-storage";

const remoteHttp = {
  baseUrl: "http://billing.example.com",
  headers: { "apim-sub": "k-123456" },
  credential: { kind: "bearer" as const, token: "t-123456" },
};

describe("plain http to a remote host", () => {
  it("is not saved", async () => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage, { listeners: new Set() });
    const result = await store.save({ ...defaultStoredSettings(), connection: remoteHttp });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: "baseUrl", message: "must use https:// (plain http:// only for localhost)" },
      ],
    });
    expect(await storage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
  });

  it("is not used when found in storage: the defaults are, with a warning", async () => {
    const storage = fakeStorage();
    await storage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ ...defaultStoredSettings(), connection: remoteHttp })
    );
    const loaded = await createSettingsStore(storage, { listeners: new Set() }).load();
    expect(loaded.settings).toEqual(defaultStoredSettings());
    expect(loaded.warning).toBe(
      "The saved connection settings are not valid (baseUrl); the defaults (local simulator) are used. Save them again in Connection."
    );
  });

  it("builds no client", () => {
    expect(() => createBillingClient(remoteHttp)).toThrow(
      "The connection settings cannot be used — baseUrl: must use https:// (plain http:// only for localhost)"
    );
  });
});
