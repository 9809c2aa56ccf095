jest.mock(
  "../../../src/api",
  () => ({
    ...jest.requireActual<object>("../../../src/api"),
    createBillingClient: () => {
      throw new Error("no real client in unit tests");
    },
  }),
  { virtual: true }
);
jest.mock("../../../src/excel/active-workbook", () => ({
  recalculate: jest.fn(async () => undefined),
}));

import type { ConnectionSettings } from "../../../src/api/types";
import { recalculate } from "../../../src/excel/active-workbook";
import { configureConnection, getClient, refresh } from "../../../src/functions/connection";
import { loadSettings, resetSettings, saveSettings } from "../../../src/excel/settings-store";
import { stubClient, type StubClient } from "../../support/fake-client";

const SETTINGS: ConnectionSettings = {
  baseUrl: "http://localhost:3001",
  headers: {},
  credential: { kind: "none" },
};

describe("refresh: forget cached data, then recalculate", () => {
  const built: StubClient[] = [];

  beforeEach(() => {
    built.length = 0;
    configureConnection({
      loadSettings: async () => SETTINGS,
      createClient: () => {
        const c = stubClient({});
        built.push(c);
        return c;
      },
    });
  });

  afterAll(() => configureConnection());

  it("clears the shared client's cache and asks Excel for a full recalculation", async () => {
    await getClient();
    await refresh();
    expect(built[0].cleared).toBe(1);
    expect(recalculate).toHaveBeenCalledTimes(1);
  });

  it("reloads the settings and builds a fresh client on the next call", async () => {
    const before = await getClient();
    await refresh();
    const after = await getClient();
    expect(after).not.toBe(before);
    expect(built).toHaveLength(2);
  });

  it("keeps one client while the settings stay the same, and a new one when the pane saves another service", async () => {
    const seen: string[] = [];
    configureConnection({
      // The real loader: the settings the task pane saves (memory storage outside Office).
      createClient: (settings) => {
        const c = stubClient({});
        built.push(c);
        seen.push(settings.baseUrl);
        return c;
      },
    });
    const stored = await loadSettings();
    const first = await getClient();
    expect(await getClient()).toBe(first);
    const saved = await saveSettings({
      ...stored,
      connection: { ...stored.connection, baseUrl: "https://billing.example.com" },
    });
    expect(saved.ok).toBe(true);
    const second = await getClient();
    expect(second).not.toBe(first);
    expect(built[0].cleared).toBe(1);
    expect(seen).toEqual([stored.connection.baseUrl, "https://billing.example.com"]);
    await resetSettings();
  });
});
