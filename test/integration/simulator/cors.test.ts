import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { call, get, startSimulator } from "./helpers";

const ORIGIN = "https://localhost:3000";

function preflight(sim: Simulator, path: string, origin = ORIGIN) {
  return call(sim, path, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers":
        "content-type,authorization,zf-tuuid,zf-ouuid,apim-sub,continuationtoken",
    },
  });
}

describe("CORS for the add-in's origin", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({
      corsOrigin: ORIGIN,
      auth: { bearerToken: "t", apiKey: "k" },
      faults: { get503Every: 1, latencyMs: 0 },
    });
  });
  afterAll(() => sim.close());

  it("answers a preflight with the allowed origin, methods and headers", async () => {
    const a = await preflight(sim, "/api/bill/Invoices");
    expect(a.status).toBe(204);
    expect(a.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const methods = a.headers.get("access-control-allow-methods")!.split(",");
    expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "OPTIONS"]));
    const headers = a.headers.get("access-control-allow-headers")!.toLowerCase().split(",");
    expect(headers).toEqual(
      expect.arrayContaining([
        "content-type",
        "authorization",
        "zf-tuuid",
        "zf-ouuid",
        "apim-sub",
        "continuationtoken",
      ])
    );
  });

  it("answers preflights without credentials, past the faults, and logs them", async () => {
    sim.log.clear();
    const a = await preflight(sim, `/api/md/contracts/${DEMO.contracts.electricity}`);
    expect(a.status).toBe(204);
    expect(sim.log.entries()).toEqual([
      expect.objectContaining({
        method: "OPTIONS",
        path: `/api/md/contracts/${DEMO.contracts.electricity}`,
        status: 204,
      }),
    ]);
  });

  it("exposes the retry, location and paging headers on real answers", async () => {
    const a = await get(sim, "/api/cfg/TaxCodes", { origin: ORIGIN });
    expect(a.status).toBe(401);
    expect(a.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const exposed = a.headers.get("access-control-expose-headers")!.toLowerCase().split(",");
    expect(exposed).toEqual(
      expect.arrayContaining([
        "retry-after",
        "x-retry-after-seconds",
        "location",
        "continuationtoken",
      ])
    );
  });

  it("does not allow another origin", async () => {
    const a = await preflight(sim, "/api/bill/Invoices", "https://evil.example");
    expect(a.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("allows any origin by default", async () => {
    const open = await startSimulator();
    try {
      const a = await preflight(open, "/api/cfg/TaxCodes", "https://anything.example");
      expect(a.headers.get("access-control-allow-origin")).toBe("*");
    } finally {
      await open.close();
    }
  });
});
