/**
 * With the simulator requiring a bearer token, an API key and the tenant and
 * organisation headers, the custom functions and an invoice run succeed once the saved settings hold
 * the right values, and fail with a clear message (never the secret) when any of them is wrong.
 * Settings go through the same store the task pane saves to.
 */
import { inspect } from "node:util";
import { excelErrorOf, FakeErrorCode } from "../../unit/functions/helpers/fake-custom-functions";
import { createSimulator, DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { createBillingClient } from "../../../src/api";
import { loadSettings, resetSettings, saveSettings } from "../../../src/excel/settings-store";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { MemorySheet, demoRow, runSheet } from "../invoices/helpers";

const TOKEN = "eyJ-test-token-7f3a9c";
const API_KEY = "apim-key-5b1e22d0";
const TENANT = "0b5c3f0e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";
const ORGANISATION = "9e8f7a6b-5c4d-4e3f-8a1b-2c3d4e5f6a7b";

type Wrong = "token" | "apim-sub" | "zf-tuuid" | "zf-ouuid" | "none";

function connection(url: string, wrong: Wrong) {
  return {
    baseUrl: url,
    headers: {
      "zf-tuuid": wrong === "zf-tuuid" ? "00000000-0000-4000-8000-000000000000" : TENANT,
      "zf-ouuid": wrong === "zf-ouuid" ? "00000000-0000-4000-8000-000000000000" : ORGANISATION,
      "apim-sub": wrong === "apim-sub" ? "wrong-key" : API_KEY,
    },
    credential: { kind: "bearer" as const, token: wrong === "token" ? "wrong-token" : TOKEN },
  };
}

async function saveConnection(url: string, wrong: Wrong): Promise<void> {
  const stored = await loadSettings();
  const result = await saveSettings({ ...stored, connection: connection(url, wrong) });
  expect(result.ok).toBe(true);
}

function expectNoSecret(text: string): void {
  for (const secret of [TOKEN, API_KEY, "wrong-token", "wrong-key"])
    expect(text).not.toContain(secret);
}

describe("a service that requires a token, an API key and tenant headers", () => {
  let sim: Simulator;

  beforeAll(async () => {
    sim = await createSimulator({
      port: 0,
      approvalDelayMs: 150,
      numberDelayMs: 100,
      auth: { bearerToken: TOKEN, apiKey: API_KEY, tenantId: TENANT, organisationId: ORGANISATION },
    });
    // The functions read the settings the task pane saves (the real loader).
    configureConnection();
  });

  afterAll(async () => {
    await resetSettings();
    configureConnection();
    await sim.close();
  });

  it("computes a fixed-cost total once the saved settings hold the right token, key and headers", async () => {
    await saveConnection(sim.url, "none");
    await expect(
      F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric, "2026-06-15")
    ).resolves.toBe(636.86);
  });

  it("runs invoices to approved numbers with the same saved settings", async () => {
    await saveConnection(sim.url, "none");
    const client = createBillingClient((await loadSettings()).connection);
    const sheet = new MemorySheet([demoRow({ invoiceRef: "A" }), demoRow({ invoiceRef: "B" })]);
    const summary = await runSheet(client, sheet);
    expect(summary.counts).toMatchObject({ approved: 2, failed: 0 });
    expect(String(sheet.cell(2, "invoiceNum"))).toMatch(/^INV-/);
  });

  it.each<Wrong>(["token", "apim-sub", "zf-tuuid", "zf-ouuid"])(
    "with a wrong %s, a function says to check the sign-in, without any secret",
    async (wrong) => {
      await saveConnection(sim.url, wrong);
      const error = await excelErrorOf(F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric));
      expect(error.code).toBe(FakeErrorCode.notAvailable);
      expect(error.message).toMatch(/sign|token|key/i);
      expectNoSecret(`${error.message} ${inspect(error)}`);
    }
  );

  it.each<Wrong>(["token", "apim-sub"])(
    "with a wrong %s, an invoice run stops with a sign-in message on its rows and creates nothing",
    async (wrong) => {
      await saveConnection(sim.url, wrong);
      const before = sim.store.invoices.size;
      const client = createBillingClient((await loadSettings()).connection);
      const sheet = new MemorySheet([demoRow({ invoiceRef: "A" })]);
      const summary = await runSheet(client, sheet);
      expect(summary.counts.approved).toBe(0);
      const message = String(sheet.cell(2, "message"));
      expect(message).toMatch(/sign|token|key/i);
      expectNoSecret(`${message} ${summary.summary} ${JSON.stringify(summary)}`);
      expect(sim.store.invoices.size).toBe(before);
    }
  );
});
