import {
  createSettingsStore,
  defaultStoredSettings,
  SETTINGS_STORAGE_KEY,
  sharedListeners,
  type SettingsListener,
  type StoredSettings,
} from "../../../src/excel/settings-model";
import { fakeStorage } from "./fake-storage";

function valid(overrides: Partial<StoredSettings> = {}): StoredSettings {
  return {
    connection: {
      baseUrl: "https://billing.example.com",
      headers: {},
      credential: { kind: "gateway" },
    },
    pollIntervalMs: 2500,
    approvalTimeoutMs: 60_000,
    ...overrides,
  };
}

describe("saving settings", () => {
  it.each<[string, StoredSettings]>([
    [
      "a base URL without a scheme",
      valid({
        connection: { baseUrl: "billing.example.com", headers: {}, credential: { kind: "none" } },
      }),
    ],
    [
      "http to a remote host",
      valid({
        connection: {
          baseUrl: "http://billing.example.com",
          headers: {},
          credential: { kind: "none" },
        },
      }),
    ],
    [
      "a base URL with a path",
      valid({
        connection: {
          baseUrl: "https://billing.example.com/api",
          headers: {},
          credential: { kind: "none" },
        },
      }),
    ],
    [
      "a header name with a space",
      valid({
        connection: {
          baseUrl: "https://b.example.com",
          headers: { "zf tuuid": "x" },
          credential: { kind: "none" },
        },
      }),
    ],
    [
      "an empty token",
      valid({
        connection: {
          baseUrl: "https://b.example.com",
          headers: {},
          credential: { kind: "bearer", token: " " },
        },
      }),
    ],
    [
      "a token with a newline inside",
      valid({
        connection: {
          baseUrl: "https://b.example.com",
          headers: {},
          credential: { kind: "bearer", token: "abc\ndef" },
        },
      }),
    ],
    ["a polling interval of 1 s", valid({ pollIntervalMs: 1000 })],
    ["a polling interval of 5 s", valid({ pollIntervalMs: 5000 })],
    ["an approval time-out of 0", valid({ approvalTimeoutMs: 0 })],
  ])("refuses %s and stores nothing", async (_name, settings) => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage, { listeners: new Set() });
    const result = await store.save(settings);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
    expect(storage.map.has(SETTINGS_STORAGE_KEY)).toBe(false);
  });

  it("tells listeners the new and the previous settings", async () => {
    const listeners = new Set<SettingsListener>();
    const store = createSettingsStore(fakeStorage(), { listeners });
    const seen: [string, string][] = [];
    store.onChanged((next, previous) =>
      seen.push([next.connection.baseUrl, previous.connection.baseUrl])
    );
    await store.save(valid());
    expect(seen).toEqual([
      ["https://billing.example.com", defaultStoredSettings().connection.baseUrl],
    ]);
  });

  it("does not notify for a refused save, nor after unsubscribing", async () => {
    const store = createSettingsStore(fakeStorage(), { listeners: new Set() });
    const listener = jest.fn();
    const off = store.onChanged(listener);
    await store.save(valid({ pollIntervalMs: 10 }));
    expect(listener).not.toHaveBeenCalled();
    off();
    await store.save(valid());
    expect(listener).not.toHaveBeenCalled();
  });

  it("shares listeners between two stores of the runtime (task pane and custom functions bundles)", async () => {
    const storage = fakeStorage();
    const pane = createSettingsStore(storage);
    const functions = createSettingsStore(storage);
    const listener = jest.fn();
    const off = functions.onChanged(listener);
    try {
      await pane.save(valid());
      expect(listener).toHaveBeenCalledTimes(1);
      expect(sharedListeners().has(listener)).toBe(true);
    } finally {
      off();
    }
    expect(sharedListeners().has(listener)).toBe(false);
  });

  it("keeps saving when a listener throws", async () => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage, { listeners: new Set() });
    const second = jest.fn();
    store.onChanged(() => {
      throw new Error("boom");
    });
    store.onChanged(second);
    const result = await store.save(valid());
    expect(result.ok).toBe(true);
    expect(second).toHaveBeenCalled();
  });

  it("reset forgets the stored settings and reports the defaults", async () => {
    const storage = fakeStorage();
    const store = createSettingsStore(storage, { listeners: new Set() });
    await store.save(valid());
    const after = await store.reset();
    expect(storage.map.has(SETTINGS_STORAGE_KEY)).toBe(false);
    expect(after).toEqual(defaultStoredSettings());
  });
});
