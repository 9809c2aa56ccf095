jest.mock(
  "../../../src/api",
  () => ({
    createBillingClient: () => {
      throw new Error("no real client in unit tests");
    },
  }),
  { virtual: true }
);
jest.mock("../../../src/excel/recalculate", () => ({
  recalculate: jest.fn(async () => undefined),
}));

import type { ConnectionSettings } from "../../../src/api/types";
import { recalculate } from "../../../src/excel/recalculate";
import { configureConnection, getClient } from "../../../src/functions/connection";
import { refresh } from "../../../src/functions/refresh";
import { fakeClient, type FakeClient } from "./helpers/fake-client";

const SETTINGS: ConnectionSettings = {
  baseUrl: "http://localhost:3001",
  headers: {},
  credential: { kind: "none" },
};

describe("refresh: forget cached data, then recalculate", () => {
  const built: FakeClient[] = [];

  beforeEach(() => {
    built.length = 0;
    configureConnection({
      loadSettings: async () => SETTINGS,
      createClient: () => {
        const c = fakeClient({});
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

  it("keeps one client while the settings stay the same, and a new one when they change", async () => {
    let settings = SETTINGS;
    configureConnection({
      loadSettings: async () => settings,
      createClient: () => {
        const c = fakeClient({});
        built.push(c);
        return c;
      },
    });
    const first = await getClient();
    expect(await getClient()).toBe(first);
    settings = { ...SETTINGS, baseUrl: "https://billing.example.com" };
    expect(await getClient()).not.toBe(first);
    expect(built[0]).toBe(first);
    expect(built[0].cleared).toBe(1);
  });
});
