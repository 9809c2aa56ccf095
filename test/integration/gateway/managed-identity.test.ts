/**
 * The gateway's own sign-in by managed identity (GATEWAY_SERVICE_CREDENTIAL=managed-identity) as on
 * App Service or Container Apps: msal-node's ManagedIdentityApplication reads IDENTITY_ENDPOINT and
 * IDENTITY_HEADER and asks that endpoint — here a local stand-in — for a token to the service's
 * resource (GATEWAY_SCOPE without /.default); the gateway forwards the call with it. A refusal of
 * the endpoint is answered in the gateway's format, nothing forwarded, the machine's secret header
 * neither in the answer nor in the log.
 */
import { SCOPE, ORIGIN, expectNoSecret, logEntries, startTestIssuer } from "./helpers";
import type { TestIssuer } from "./helpers";
import {
  expectSignInFailure,
  managedIdentityGateway,
  startIdentityEndpoint,
  startRecordingService,
} from "./credential-kit";
import type { IdentityEndpoint, RecordingService } from "./credential-kit";
import type { Gateway } from "../../../gateway";

const IDENTITY_HEADER = "app-service-identity-header-6f1c9e";
const USER_ASSIGNED = "0d9a4c2e-7b31-4e58-9f06-3a2b1c4d5e6f";

describe("the gateway signing in with App Service's managed identity", () => {
  let endpoint: IdentityEndpoint;
  let service: RecordingService;
  let issuer: TestIssuer;
  const gateways: Gateway[] = [];
  const saved = { endpoint: process.env.IDENTITY_ENDPOINT, header: process.env.IDENTITY_HEADER };

  beforeAll(async () => {
    endpoint = await startIdentityEndpoint({ name: "x-identity-header", value: IDENTITY_HEADER });
    // What App Service sets in the process's environment.
    process.env.IDENTITY_ENDPOINT = `${endpoint.origin}/msi/token`;
    process.env.IDENTITY_HEADER = IDENTITY_HEADER;
    service = await startRecordingService();
    issuer = await startTestIssuer();
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gw) => gw.close()));
    await Promise.all([endpoint?.close(), service?.close(), issuer?.close()]);
    for (const [name, value] of [
      ["IDENTITY_ENDPOINT", saved.endpoint],
      ["IDENTITY_HEADER", saved.header],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  async function gateway(lines: string[], clientId?: string): Promise<Gateway> {
    const gw = await managedIdentityGateway(service.url, issuer.issuer, lines, clientId);
    gateways.push(gw);
    return gw;
  }

  const headers = async () => ({ origin: ORIGIN, authorization: `Bearer ${await issuer.token()}` });

  it("asks the identity endpoint for the service's resource and forwards the call with its token", async () => {
    endpoint.answer = "token";
    const lines: string[] = [];
    const gw = await gateway(lines);
    const res = await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers: await headers() });
    expect(res.status).toBe(200);
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0]).toMatchObject({
      method: "GET",
      path: "/msi/token",
      query: { "api-version": "2019-08-01", resource: SCOPE.replace(/\/\.default$/, "") },
      headers: { "x-identity-header": IDENTITY_HEADER },
    });
    // System-assigned: no identity named.
    expect(endpoint.requests[0].query).not.toHaveProperty("client_id");
    expect(service.calls.at(-1)).toEqual({
      path: "/api/cfg/TaxCodes",
      authorization: `Bearer ${endpoint.issued[0]}`,
    });
    // Cached: a second call asks the endpoint nothing.
    expect((await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers: await headers() })).status).toBe(
      200
    );
    expect(endpoint.requests).toHaveLength(1);
    expect(lines.join("\n")).not.toContain(IDENTITY_HEADER);
    expect(lines.join("\n")).not.toContain(endpoint.issued[0]);
  });

  it("names a user-assigned identity by its client id (GATEWAY_MANAGED_IDENTITY_CLIENT_ID)", async () => {
    endpoint.answer = "token";
    const before = endpoint.requests.length;
    const gw = await gateway([], USER_ASSIGNED);
    expect((await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers: await headers() })).status).toBe(
      200
    );
    expect(endpoint.requests.slice(before)).toEqual([
      expect.objectContaining({ query: expect.objectContaining({ client_id: USER_ASSIGNED }) }),
    ]);
  });

  it("answers a refusal of the endpoint in its own format: 502, nothing forwarded, the header never repeated", async () => {
    // An endpoint that quotes what it got (the worst case): the gateway must not repeat it.
    endpoint.answer = {
      status: 400,
      body: {
        statusCode: 400,
        message: `No managed identity is assigned for header ${IDENTITY_HEADER}.`,
        correlationId: "5c0e0f8a-1b2c-4d3e-8f9a-0b1c2d3e4f5a",
      },
    };
    const calls = service.calls.length;
    const lines: string[] = [];
    const gw = await gateway(lines);
    const text = await expectSignInFailure(
      gw,
      await headers(),
      "The managed identity endpoint refused the gateway's sign-in (HTTP 400): No managed identity is assigned for header [redacted].; IT must check that the gateway runs on Azure with a managed identity turned on (GATEWAY_MANAGED_IDENTITY_CLIENT_ID for a user-assigned one) and GATEWAY_SCOPE"
    );
    expect(service.calls.length).toBe(calls);
    expect(logEntries(lines).filter((l) => l.status === 502)).toEqual([
      expect.objectContaining({ reason: "GATEWAY_TOKEN_FAILED" }),
    ]);
    const written = `${text}\n${lines.join("\n")}`;
    expect(written).not.toContain(IDENTITY_HEADER);
    expectNoSecret(written);
  });
});
