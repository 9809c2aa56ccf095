/**
 * The simulator's local Microsoft Entra ID token endpoint (v2.0 client credentials) and the
 * simulator's auth-required mode accepting the tokens it issued until they expire.
 */
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { AUTH, CLIENT_ID, CLIENT_SECRET, ORGANISATION, SCOPE, TENANT, API_KEY } from "./helpers";

function form(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}

const GOOD = {
  grant_type: "client_credentials",
  client_id: CLIENT_ID,
  client_secret: CLIENT_SECRET,
  scope: SCOPE,
};

describe("the local token endpoint", () => {
  let sim: Simulator;
  let tokenUrl: string;

  beforeAll(async () => {
    sim = await createSimulator({ port: 0, auth: { ...AUTH, tokenLifetimeSeconds: 1 } });
    tokenUrl = `${sim.url}/contoso-tenant/oauth2/v2.0/token`;
  });
  afterAll(async () => await sim.close());

  const serviceCall = (token: string) =>
    fetch(`${sim.url}/api/cfg/TaxCodes`, {
      headers: {
        authorization: `Bearer ${token}`,
        "apim-sub": API_KEY,
        "zf-tuuid": TENANT,
        "zf-ouuid": ORGANISATION,
      },
    });

  it("issues a bearer token for the right client id, secret and scope, which the service accepts", async () => {
    const res = await fetch(tokenUrl, form(GOOD));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      token_type: "Bearer",
      expires_in: 1,
      ext_expires_in: 1,
      access_token: expect.stringMatching(/^simtok\./),
    });
    expect((await serviceCall(String(body.access_token))).status).toBe(200);
  });

  it("refuses a wrong client secret with Entra ID's invalid_client answer (401, AADSTS7000215)", async () => {
    const res = await fetch(tokenUrl, form({ ...GOOD, client_secret: "not-the-secret" }));
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      error: "invalid_client",
      error_codes: [7000215],
      timestamp: expect.any(String),
      trace_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(String(body.error_description)).toMatch(
      /^AADSTS7000215: Invalid client secret provided\./
    );
    expect(JSON.stringify(body)).not.toContain("not-the-secret");
  });

  it("refuses another grant type with unsupported_grant_type (AADSTS70003)", async () => {
    const res = await fetch(tokenUrl, form({ ...GOOD, grant_type: "password" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "unsupported_grant_type",
      error_codes: [70003],
    });
  });

  it("refuses an unknown client and a scope without /.default", async () => {
    const unknown = await fetch(tokenUrl, form({ ...GOOD, client_id: "someone-else" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: "unauthorized_client",
      error_codes: [700016],
    });
    const scope = await fetch(tokenUrl, form({ ...GOOD, scope: "api://billing-service" }));
    expect(scope.status).toBe(400);
    expect(await scope.json()).toMatchObject({ error: "invalid_scope", error_codes: [1002012] });
  });

  it("asks for grant_type when the body is not form-encoded", async () => {
    const res = await fetch(tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(GOOD),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request", error_codes: [900144] });
  });

  it("makes the service refuse a token once it has expired, and one it never issued", async () => {
    const body = (await (await fetch(tokenUrl, form(GOOD))).json()) as { access_token: string };
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await serviceCall(body.access_token);
    expect(expired.status).toBe(401);
    expect(JSON.stringify(await expired.json())).toContain(
      "The bearer token in the Authorization header has expired."
    );
    const forged = await serviceCall(`${body.access_token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
    expect(JSON.stringify(await forged.json())).toContain("is not valid");
  });
});
