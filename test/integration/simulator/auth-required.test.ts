import type { Simulator } from "../../../simulator";
import { get, startSimulator } from "./helpers";

const TOKEN = "tok-SECRET-123";
const KEY = "key-SECRET-456";
const TENANT = "11111111-1111-4111-8111-111111111111";
const ORG = "22222222-2222-4222-8222-222222222222";
const good = {
  authorization: `Bearer ${TOKEN}`,
  "apim-sub": KEY,
  "zf-tuuid": TENANT,
  "zf-ouuid": ORG,
};

describe("auth-required mode", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({
      auth: { bearerToken: TOKEN, apiKey: KEY, tenantId: TENANT, organisationId: ORG },
    });
  });
  afterAll(() => sim.close());

  it("answers a call with every credential", async () => {
    const a = await get(sim, "/api/cfg/TaxCodes", good);
    expect(a.status).toBe(200);
    expect(a.body.data.totalRecords).toBe(3);
  });

  it("accepts the key as the subscription-key query parameter", async () => {
    const { "apim-sub": _k, ...rest } = good;
    const a = await get(sim, `/api/cfg/TaxCodes?subscription-key=${KEY}`, rest);
    expect(a.status).toBe(200);
  });

  it.each([
    ["missing token", { authorization: undefined }, "Authorization"],
    ["wrong token", { authorization: "Bearer wrong-TOKEN-guess" }, "Authorization"],
    ["not a bearer token", { authorization: `Basic ${TOKEN}` }, "Authorization"],
    ["missing key", { "apim-sub": undefined }, "apim-sub"],
    ["wrong key", { "apim-sub": "wrong-KEY-guess" }, "apim-sub"],
    ["missing tenant", { "zf-tuuid": undefined }, "zf-tuuid"],
    ["wrong organisation", { "zf-ouuid": "33333333-3333-4333-8333-333333333333" }, "zf-ouuid"],
  ])("answers 401 for %s, naming the header and echoing no value", async (_n, change, header) => {
    const headers: Record<string, string> = { ...good };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete headers[k];
      else headers[k] = v;
    }
    const a = await get(sim, "/api/cfg/TaxCodes", headers);
    expect(a.status).toBe(401);
    expect(a.body.success).toBe(false);
    expect(a.body.errors[0].message).toContain(header);
    for (const secret of [TOKEN, KEY, "wrong-TOKEN-guess", "wrong-KEY-guess", "SECRET", "guess"]) {
      expect(a.text).not.toContain(secret);
      expect(JSON.stringify([...a.headers])).not.toContain(secret);
    }
  });

  it("leaves paths outside /api open", async () => {
    const a = await get(sim, "/health");
    expect(a.status).toBe(404);
    expect(a.body.errors[0].key).toBe("NOT_FOUND");
  });

  it("can be switched off at run time", async () => {
    sim.setOptions({ auth: null });
    try {
      expect((await get(sim, "/api/cfg/TaxCodes")).status).toBe(200);
    } finally {
      sim.setOptions({
        auth: { bearerToken: TOKEN, apiKey: KEY, tenantId: TENANT, organisationId: ORG },
      });
    }
    expect((await get(sim, "/api/cfg/TaxCodes")).status).toBe(401);
  });
});
