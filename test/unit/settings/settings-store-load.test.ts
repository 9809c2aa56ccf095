import {
  createSettingsStore,
  defaultStoredSettings,
  SETTINGS_STORAGE_KEY,
  type SettingsListener,
} from "../../../src/excel/settings-model";
import { DEFAULT_SETTINGS } from "../../../src/api/settings";
import { fakeStorage } from "./fake-storage";

const store = (initial: Record<string, string> = {}) => {
  const storage = fakeStorage(initial);
  return {
    storage,
    store: createSettingsStore(storage, { listeners: new Set<SettingsListener>() }),
  };
};

describe("loading stored settings", () => {
  it("gives the local simulator defaults on a first run, without a warning", async () => {
    const { store: s } = store();
    const loaded = await s.load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings.connection.baseUrl).toBe(DEFAULT_SETTINGS.baseUrl);
    expect(loaded.settings.connection.credential).toEqual({ kind: "none" });
    expect(loaded.settings.pollIntervalMs).toBe(2500);
    expect(loaded.settings.approvalTimeoutMs).toBe(120_000);
  });

  it("gives the defaults and a warning for unreadable JSON", async () => {
    const { store: s } = store({ [SETTINGS_STORAGE_KEY]: "{not json" });
    const loaded = await s.load();
    expect(loaded.settings).toEqual(defaultStoredSettings());
    expect(loaded.warning).toMatch(/could not be read/);
  });

  it("gives the defaults and a warning naming the bad field, not its value, for invalid settings", async () => {
    const bad = {
      connection: {
        baseUrl: "http://billing.example.com",
        headers: {},
        credential: { kind: "bearer", token: "tok-SECRET-123" },
      },
      pollIntervalMs: 2500,
      approvalTimeoutMs: 60_000,
    };
    const { store: s } = store({ [SETTINGS_STORAGE_KEY]: JSON.stringify(bad) });
    const loaded = await s.load();
    expect(loaded.settings).toEqual(defaultStoredSettings());
    expect(loaded.warning).toContain("baseUrl");
    expect(loaded.warning).not.toContain("tok-SECRET-123");
    expect(loaded.warning).not.toContain("billing.example.com");
  });

  it.each([["null"], ["[]"], ["42"], ['"text"']])("survives stored %s", async (text) => {
    const { store: s } = store({ [SETTINGS_STORAGE_KEY]: text });
    const loaded = await s.load();
    expect(loaded.settings).toEqual(defaultStoredSettings());
    expect(loaded.warning).toBeDefined();
  });

  it("gives the defaults when the storage itself fails", async () => {
    const { storage, store: s } = store();
    storage.failReads = true;
    const loaded = await s.load();
    expect(loaded.settings).toEqual(defaultStoredSettings());
    expect(loaded.warning).toMatch(/storage could not be read/);
  });

  it("reads back what was saved, normalised", async () => {
    const { store: s } = store();
    const saved = await s.save({
      connection: {
        baseUrl: "https://billing.example.com/",
        headers: { "zf-tuuid": "t-1", "apim-sub": "key-XYZ-789" },
        credential: { kind: "bearer", token: "Bearer abc.def.ghi" },
      },
      pollIntervalMs: 2000,
      approvalTimeoutMs: 300_000,
    });
    expect(saved.ok).toBe(true);
    const loaded = await s.load();
    expect(loaded.warning).toBeUndefined();
    expect(loaded.settings.connection.baseUrl).toBe("https://billing.example.com");
    expect(loaded.settings.connection.credential).toEqual({ kind: "bearer", token: "abc.def.ghi" });
    expect(loaded.settings.connection.headers["apim-sub"]).toBe("key-XYZ-789");
    expect(loaded.settings.pollIntervalMs).toBe(2000);
  });
});
