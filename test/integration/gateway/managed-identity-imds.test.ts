/**
 * The managed identity as on a VM or AKS: no IDENTITY_ENDPOINT, so msal-node asks the instance
 * metadata service (IMDS). Its address is fixed (169.254.169.254) unless
 * AZURE_POD_IDENTITY_AUTHORITY_HOST names another, which is how the local stand-in is reached here.
 */
import type { Gateway } from "../../../gateway";
import {
  managedIdentityGateway,
  startIdentityEndpoint,
  startRecordingService,
} from "./credential-kit";
import type { IdentityEndpoint, RecordingService } from "./credential-kit";
import { ORIGIN, SCOPE, startTestIssuer } from "./helpers";
import type { TestIssuer } from "./helpers";

describe("the gateway signing in with a VM's managed identity (IMDS)", () => {
  let endpoint: IdentityEndpoint;
  let service: RecordingService;
  let issuer: TestIssuer;
  let gw: Gateway | undefined;
  const saved = process.env.AZURE_POD_IDENTITY_AUTHORITY_HOST;

  beforeAll(async () => {
    endpoint = await startIdentityEndpoint({ name: "metadata", value: "true" });
    delete process.env.IDENTITY_ENDPOINT;
    delete process.env.IDENTITY_HEADER;
    process.env.AZURE_POD_IDENTITY_AUTHORITY_HOST = endpoint.origin;
    service = await startRecordingService();
    issuer = await startTestIssuer();
  });

  afterAll(async () => {
    await gw?.close();
    await Promise.all([endpoint?.close(), service?.close(), issuer?.close()]);
    if (saved === undefined) delete process.env.AZURE_POD_IDENTITY_AUTHORITY_HOST;
    else process.env.AZURE_POD_IDENTITY_AUTHORITY_HOST = saved;
  });

  it("asks IMDS (Metadata: true) for the service's resource and forwards the call with its token", async () => {
    gw = await managedIdentityGateway(service.url, issuer.issuer, []);
    const headers = { origin: ORIGIN, authorization: `Bearer ${await issuer.token()}` };
    expect((await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers })).status).toBe(200);
    expect(endpoint.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        // msal-node writes the overridden address with a trailing slash.
        path: expect.stringMatching(/^\/metadata\/identity\/oauth2\/token\/?$/),
        headers: expect.objectContaining({ metadata: "true" }),
        query: expect.objectContaining({
          "api-version": "2018-02-01",
          resource: SCOPE.replace(/\/\.default$/, ""),
        }),
      }),
    ]);
    expect(service.calls).toEqual([
      { path: "/api/cfg/TaxCodes", authorization: `Bearer ${endpoint.issued[0]}` },
    ]);
  });
});
