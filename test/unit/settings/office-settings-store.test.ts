import { fakeStorage } from "./fake-storage";
import { SETTINGS_STORAGE_KEY } from "../../../src/excel/settings-model";

const g = globalThis as unknown as { OfficeRuntime?: unknown; Office?: unknown };

describe("the Office settings store", () => {
  const storage = fakeStorage();
  const workbookWrites: string[] = [];

  beforeAll(() => {
    g.OfficeRuntime = { storage };
    // A workbook whose document settings record any use: the store must never touch them.
    g.Office = {
      context: {
        document: {
          settings: {
            set: (name: string) => workbookWrites.push(name),
            saveAsync: () => workbookWrites.push("saveAsync"),
          },
          customXmlParts: { addAsync: () => workbookWrites.push("customXmlParts") },
        },
      },
    };
  });

  afterAll(() => {
    delete g.OfficeRuntime;
    delete g.Office;
  });

  it("keeps settings in OfficeRuntime.storage and nothing in the workbook", async () => {
    const store = await import("../../../src/excel/settings-store");
    const heard = jest.fn();
    const off = store.onSettingsChanged(heard);
    const result = await store.saveSettings({
      connection: {
        baseUrl: "https://billing.example.com",
        headers: {},
        credential: { kind: "bearer", token: "tok-abcdef" },
      },
      pollIntervalMs: 3000,
      approvalTimeoutMs: 60_000,
    });
    off();
    expect(result.ok).toBe(true);
    expect(storage.map.get(SETTINGS_STORAGE_KEY)).toContain("https://billing.example.com");
    expect((await store.loadSettings()).pollIntervalMs).toBe(3000);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(workbookWrites).toEqual([]);
  });

  it("refuses invalid settings and leaves the stored ones alone", async () => {
    const store = await import("../../../src/excel/settings-store");
    const before = storage.map.get(SETTINGS_STORAGE_KEY);
    const result = await store.saveSettings({
      connection: { baseUrl: "ftp://x", headers: {}, credential: { kind: "none" } },
      pollIntervalMs: 2500,
      approvalTimeoutMs: 60_000,
    });
    expect(result.ok).toBe(false);
    expect(storage.map.get(SETTINGS_STORAGE_KEY)).toBe(before);
  });

  it("goes back to the simulator defaults on reset", async () => {
    const store = await import("../../../src/excel/settings-store");
    const settings = await store.resetSettings();
    expect(settings.connection.baseUrl).toBe("http://localhost:3001");
    expect(storage.map.has(SETTINGS_STORAGE_KEY)).toBe(false);
  });
});
