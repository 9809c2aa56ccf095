/**
 * `npm run start:company`'s wiring, held against the gateway's own configuration check: the
 * environment it gives the gateway is complete and valid, carries the identity contract's user
 * variables, and trusts the identity provider's certificate through NODE_EXTRA_CA_CERTS.
 */
import { readConfig } from "../../../gateway";
import { ADDIN_CLIENT_ID, API_APP_ID, issuerFor } from "../../../idp/directory";
import {
  ADDIN_DEV_HOST,
  ADDIN_ORIGIN,
  addinEnvironment,
  chainPorts,
  gatewayEnvironment,
} from "../../../scripts/lib/company-chain";

const IDP = { issuer: issuerFor(3003), caFile: "/home/dev/.office-addin-dev-certs/ca.crt" };

describe("the company chain's gateway environment", () => {
  it("passes the gateway's configuration check, in front of the simulator, for the dev server's origin", () => {
    const result = readConfig(gatewayEnvironment("http://127.0.0.1:3001", IDP, 3002));
    expect(result).toMatchObject({
      ok: true,
      config: {
        port: 3002,
        host: "127.0.0.1",
        serviceUrl: "http://127.0.0.1:3001",
        tokenUrl: "http://127.0.0.1:3001/dev-tenant/oauth2/v2.0/token",
        allowedOrigins: [ADDIN_ORIGIN],
      },
    });
  });

  it("names the local identity provider as the user token issuer, the gateway API as audience, and trusts its certificate", () => {
    const env = gatewayEnvironment("http://127.0.0.1:3001", IDP, 3002, { PATH: "/usr/bin" });
    expect(env.GATEWAY_USER_ISSUER).toBe(IDP.issuer);
    expect(env.GATEWAY_USER_AUDIENCE).toBe(API_APP_ID);
    expect(env.GATEWAY_USER_CLIENT_IDS).toBe(ADDIN_CLIENT_ID);
    expect(env.NODE_EXTRA_CA_CERTS).toBe(IDP.caFile);
    expect(env.PATH).toBe("/usr/bin");
  });

  it("does not pass on a stale NODE_EXTRA_CA_CERTS when the provider's certificate needs none", () => {
    const env = gatewayEnvironment("http://127.0.0.1:3001", { issuer: IDP.issuer }, 3002, {
      NODE_EXTRA_CA_CERTS: "/tmp/old.crt",
    });
    expect(env).not.toHaveProperty("NODE_EXTRA_CA_CERTS");
  });
});

describe("chainPorts", () => {
  it("uses 3001, 3002 and 3003 unless the variables say otherwise", () => {
    expect(chainPorts({})).toEqual({ simulator: 3001, gateway: 3002, idp: 3003 });
    expect(chainPorts({ GATEWAY_PORT: "4002", IDP_PORT: " 4003 " })).toEqual({
      simulator: 3001,
      gateway: 4002,
      idp: 4003,
    });
  });

  it("names the variable that is not a port", () => {
    expect(() => chainPorts({ IDP_PORT: "https" })).toThrow(
      "IDP_PORT must be a port number (1-65535)"
    );
    expect(() => chainPorts({ SIMULATOR_PORT: "0" })).toThrow(/SIMULATOR_PORT/);
  });
});

describe("the company chain's add-in", () => {
  const IT = { BILLING_BASE_URL: "http://localhost:3002" };

  it("is served on this machine only: the dev server bound to 127.0.0.1, not every interface", async () => {
    const env = addinEnvironment({ PATH: "/bin" }, IT);
    expect(env).toMatchObject({ ...IT, PATH: "/bin", BILLING_DEV_SERVER_HOST: ADDIN_DEV_HOST });
    expect(ADDIN_DEV_HOST).toBe("127.0.0.1");
    const before = process.env.BILLING_DEV_SERVER_HOST;
    process.env.BILLING_DEV_SERVER_HOST = env.BILLING_DEV_SERVER_HOST;
    try {
      const config = (await (
        require("../../../webpack.config.js") as (
          e: Record<string, unknown>,
          o: Record<string, unknown>
        ) => Promise<{ devServer: { host?: string } }>
      )({ WEBPACK_BUILD: true }, { mode: "development" })) as { devServer: { host?: string } };
      expect(config.devServer.host).toBe("127.0.0.1");
    } finally {
      if (before === undefined) delete process.env.BILLING_DEV_SERVER_HOST;
      else process.env.BILLING_DEV_SERVER_HOST = before;
    }
  });
});
