/**
 * Done when: with the add-in on "through the company gateway" and the simulator
 * requiring a token, an API key and the tenant headers, the custom functions and an invoice run
 * succeed — the add-in's settings and requests hold no secret — and a wrong client secret in the
 * gateway's configuration gives a clear message in the cell and on the row. The real client, the
 * real functions and the real engine, with the Origin a browser would send.
 */
import { inspect } from "node:util";
import { excelErrorOf, FakeErrorCode } from "../../unit/functions/helpers/fake-custom-functions";
import { DEMO } from "../../../simulator";
import { createGateway } from "../../../gateway";
import type { Gateway } from "../../../gateway";
import { createBillingClient } from "../../../src/api";
import { loadSettings, resetSettings, saveSettings } from "../../../src/excel/settings-store";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { MemorySheet, demoRow, runSheet } from "../invoices/helpers";
import {
  ORIGIN,
  WRONG_SECRET,
  expectNoSecret,
  fetchFrom,
  gatewayConfig,
  startChain,
  tokenRequests,
} from "./helpers";
import type { Chain } from "./helpers";

/** What the browser sends: every request of the add-in, recorded. */
const sent: { url: string; headers: [string, string][] }[] = [];
/**
 * The signed-in user's token: the add-in's client asks its token provider
 * (`ClientOptions.userToken`, src/auth in the add-in) before every request and sends it itself;
 * here the provider hands out an invoicer's token from the test directory.
 */
let userAuthorization = "";
const userToken = async () => userAuthorization.replace(/^Bearer /, "");
const browserFetch: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  sent.push({ url: request.url, headers: [...request.headers] });
  return fetchFrom(ORIGIN)(request);
};

/** The gateway credential with its sign-in settings (not secret), as the Connection tab saves it. */
const GATEWAY_CREDENTIAL = {
  kind: "gateway" as const,
  signIn: {
    directory: "7d3c1a52-4b9e-4f0a-9c61-2e8b5d0f3a17",
    clientId: "b2a7e9c4-3d1f-4e68-8a5b-0c9f7e2d6a13",
    scope: "api://4f6d2b8e-91c3-4a57-b0e2-6c8a1d9f5e34/access_as_user",
  },
};

async function useGateway(url: string): Promise<void> {
  const stored = await loadSettings();
  const result = await saveSettings({
    ...stored,
    connection: { baseUrl: url, headers: {}, credential: GATEWAY_CREDENTIAL },
  });
  expect(result.ok).toBe(true);
  configureConnection({ client: { fetch: browserFetch, retry: { limit: 1 }, userToken } });
}

describe("the add-in through the company gateway", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
    userAuthorization = chain.headers.authorization;
  });
  afterAll(async () => {
    await resetSettings();
    configureConnection();
    expectNoSecret(chain.lines.join("\n"));
    await chain.close();
  });

  it("computes costs and looks up ids in cells, with one token for all of it", async () => {
    await useGateway(chain.gw.url);
    await expect(
      F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric, "2026-06-15")
    ).resolves.toBe(636.86);
    const table = await F.contractVariableCostsFunction(
      DEMO.contracts.heatingGeneric,
      "2026-06-15"
    );
    expect(table.length).toBeGreaterThan(0);
    await expect(F.taxCodeIdFunction("VAT 21%")).resolves.toBe(DEMO.taxCodes.vat21);
    expect(tokenRequests(chain.sim)).toBe(1);
  });

  it("runs invoices to approved numbers, written back to the rows", async () => {
    await useGateway(chain.gw.url);
    const before = chain.sim.store.invoices.size;
    const client = createBillingClient((await loadSettings()).connection, {
      fetch: browserFetch,
      userToken,
    });
    const sheet = new MemorySheet([demoRow({ invoiceRef: "A" }), demoRow({ invoiceRef: "B" })]);
    const summary = await runSheet(client, sheet);
    expect(summary.counts).toMatchObject({ approved: 2, failed: 0 });
    expect(chain.sim.store.invoices.size).toBe(before + 2);
    for (const row of [2, 3]) {
      const id = String(sheet.cell(row, "invoiceId"));
      const stored = chain.sim.store.invoice(id)!;
      expect(stored.status).toBe("approved");
      expect(String(sheet.cell(row, "invoiceNum"))).toBe(stored.invoiceNum);
      expect(stored.invoiceNum).toMatch(/^INV-/);
    }
  });

  it("holds no secret in the add-in's settings or requests", async () => {
    const settings = JSON.stringify(await loadSettings());
    expectNoSecret(settings);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(new URL(request.url).origin).toBe(chain.gw.url);
      const names = request.headers.map(([n]) => n);
      // Only the user's own token, never a credential of the service.
      expect(Object.fromEntries(request.headers).authorization).toBe(userAuthorization);
      expect(names).not.toContain("apim-sub");
      expectNoSecret(JSON.stringify(request));
    }
  });

  describe("when the gateway's client secret is wrong", () => {
    let wrong: Gateway;

    beforeAll(async () => {
      wrong = await createGateway({
        config: gatewayConfig(chain.sim.url, chain.sim.url, {
          clientSecret: WRONG_SECRET,
          userIssuer: chain.issuer.issuer,
        }),
        log: (l) => chain.lines.push(l),
      });
    });
    afterAll(async () => await wrong.close());

    const SAID =
      "The company gateway could not sign in to the billing service: Microsoft Entra ID refused the gateway's sign-in (invalid_client, AADSTS7000215): the client secret was refused; IT must check GATEWAY_CLIENT_SECRET.";

    it("says so in the cell, naming what IT must fix", async () => {
      await useGateway(wrong.url);
      const error = await excelErrorOf(F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric));
      expect(error.code).toBe(FakeErrorCode.notAvailable);
      expect(error.message).toBe(`${SAID} Refresh once IT has fixed it.`);
      expectNoSecret(`${error.message} ${inspect(error)}`);
    });

    it("says so on the row, with what to do, and creates nothing", async () => {
      await useGateway(wrong.url);
      const before = chain.sim.store.invoices.size;
      const client = createBillingClient((await loadSettings()).connection, {
        fetch: browserFetch,
        userToken,
      });
      const sheet = new MemorySheet([demoRow({ invoiceRef: "C" })]);
      const summary = await runSheet(client, sheet);
      expect(summary.counts.approved).toBe(0);
      // The gateway forwarded nothing: the row is "not sent", with no read-back that must fail too.
      expect(sheet.cell(2, "status")).toBe("not sent");
      expect(sheet.cell(2, "message")).toBe(
        `Not sent: Could not create the invoice: ${SAID} Run again to send it.`
      );
      expect(sheet.cell(2, "invoiceId")).toBeNull();
      expect(chain.sim.store.invoices.size).toBe(before);
      expectNoSecret(`${JSON.stringify(summary)} ${JSON.stringify(sheet.snapshot())}`);
    });
  });
});
