/**
 * A network or sign-in failure is an Excel error whose message says what to do, and every call
 * settles.
 */
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createSimulator, DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";

describe("failures the controller can act on", () => {
  let sim: Simulator | undefined;

  afterEach(async () => {
    configureConnection();
    await sim?.close();
    sim = undefined;
  });

  it("says the service cannot be reached, naming the host, when nothing listens", async () => {
    const stopped = await createSimulator({ port: 0 });
    const url = stopped.url;
    await stopped.close();
    configureConnection({
      loadSettings: async () => ({ baseUrl: url, headers: {}, credential: { kind: "none" } }),
      client: { retry: { limit: 0 } },
    });
    const error = await excelErrorOf(F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toBe(
      `Cannot reach the billing service at ${new URL(url).host}: check the connection settings and the network, then Refresh.`
    );
  });

  it("says to sign in again when the service refuses the credentials, without the token", async () => {
    const server = await createSimulator({ port: 0, auth: { bearerToken: "right-token" } });
    sim = server;
    configureConnection({
      loadSettings: async () => ({
        baseUrl: server.url,
        headers: {},
        credential: { kind: "bearer", token: "wrong-token" },
      }),
    });
    const error = await excelErrorOf(
      F.tariffFunction(DEMO.products.water, DEMO.billingItems.waterM3)
    );
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(
      /^Sign-in failed at .*: set a valid token and API key in the task pane/
    );
    expect(error.message).not.toContain("wrong-token");
  });

  it("says the service failed when it keeps answering 503", async () => {
    const server = await createSimulator({ port: 0, faults: { get503Every: 1 } });
    sim = server;
    configureConnection({
      loadSettings: async () => ({
        baseUrl: server.url,
        headers: {},
        credential: { kind: "none" },
      }),
      client: { retry: { limit: 1, maxTotalWaitMs: 300 } },
    });
    const error = await excelErrorOf(
      F.contractVariableCostsFunction(DEMO.contracts.waterOwnTariff)
    );
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(/^Cannot reach the billing service at /);
  });
});
