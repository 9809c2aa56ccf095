import { inspect } from "node:util";
import { DEMO } from "../../../simulator/index";
import type { Simulator } from "../../../simulator/index";
import { isAuthError } from "../../../src/api/index";
import { DIALECTS, clientFor, startSimulator } from "./sim-client";

const GOOD_TOKEN = "good.token.value";
const WRONG_TOKEN = "wrong.SECRET.token";
const API_KEY = "apim-key-SECRET-987";

describe.each(DIALECTS)("authentication (%s dialect)", (dialect) => {
  let sim: Simulator;

  beforeAll(async () => {
    sim = await startSimulator(dialect, {
      auth: { bearerToken: GOOD_TOKEN, apiKey: API_KEY, tenantId: "t-1" },
    });
  });
  afterAll(async () => {
    await sim.close();
  });

  it("sends the bearer token and the extra headers from the settings", async () => {
    const client = clientFor(
      sim,
      {},
      {
        headers: { "apim-sub": API_KEY, "zf-tuuid": "t-1" },
        credential: { kind: "bearer", token: GOOD_TOKEN },
      }
    );
    const contract = await client.getContract(DEMO.contracts.heatingGeneric);
    expect(contract.id).toBe(DEMO.contracts.heatingGeneric);
  });

  it("reports a wrong token as an AuthError that says what to do and contains no secret", async () => {
    const client = clientFor(
      sim,
      {},
      {
        headers: { "apim-sub": API_KEY, "zf-tuuid": "t-1" },
        credential: { kind: "bearer", token: WRONG_TOKEN },
      }
    );
    const before = sim.log.count();
    const error = await client.getContract(DEMO.contracts.heatingGeneric).catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect((error as { status?: number }).status).toBe(401);
    expect((error as Error).message).toMatch(/sign in again.*token and the API key/);
    const views = [
      String(error),
      JSON.stringify(error),
      JSON.stringify((error as Error).cause),
      inspect(error, { depth: 10, showHidden: true }),
      String((error as Error).stack),
    ];
    for (const view of views) {
      expect(view).not.toContain(WRONG_TOKEN);
      expect(view).not.toContain(API_KEY);
    }
    // A 401 is not retried.
    expect(sim.log.count() - before).toBe(1);
  });

  it("reports a missing API key as an AuthError too", async () => {
    const client = clientFor(
      sim,
      {},
      { headers: { "zf-tuuid": "t-1" }, credential: { kind: "bearer", token: GOOD_TOKEN } }
    );
    const error = await client
      .createInvoice({ customerId: "x", companyBankAccountId: "y", lines: [] })
      .catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect([401, 403]).toContain((error as { status?: number }).status);
  });
});
