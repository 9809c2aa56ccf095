/**
 * What the gateway refuses: other origins (and requests without one), paths outside /api/md,
 * /api/cfg and /api/bill however they are spelt (before any token is looked at), methods the
 * add-in does not use. Nothing refused reaches the service.
 */
import { DEMO } from "../../../simulator";
import { ORIGIN, auditCalls, expectNoSecret, rawRequest, startChain } from "./helpers";
import type { Chain } from "./helpers";

describe("the gateway's gatekeeping", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => {
    expectNoSecret(chain.lines.join("\n"));
    await chain.close();
  });
  beforeEach(() => chain.sim.log.clear());

  it("answers GET /healthz without an origin", async () => {
    const res = await fetch(`${chain.gw.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      token: expect.stringMatching(/^(none|cached)$/),
    });
  });

  it.each([
    ["another origin", { origin: "https://evil.example.test" }],
    ["an origin that only starts like the add-in's", { origin: `${ORIGIN}.evil.test` }],
    ["no origin at all", {} as Record<string, string>],
  ])("refuses %s with 403 and no CORS header", async (_name, headers) => {
    const res = await rawRequest(chain.gw.url, "GET", "/api/cfg/TaxCodes", headers);
    expect(res.status).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(JSON.parse(res.body).errors[0].key).toBe("GATEWAY_ORIGIN_NOT_ALLOWED");
    expect(chain.sim.log.entries()).toHaveLength(0);
  });

  it("refuses a preflight from another origin and answers the add-in's with the allowed headers", async () => {
    const preflight = (origin: string) =>
      rawRequest(chain.gw.url, "OPTIONS", "/api/bill/Invoices", {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,continuationtoken",
      });
    expect((await preflight("https://evil.example.test")).status).toBe(403);
    const ok = await preflight(ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(ok.headers["access-control-allow-methods"]).toBe("GET, POST, DELETE");
    expect(String(ok.headers["access-control-allow-headers"])).toContain("continuationtoken");
  });

  it.each([
    "/healthz/../admin",
    "/admin",
    "/api/other/x",
    "/api/mdx/contracts",
    "/api/md/../../admin",
    "/api/md/../../../etc/passwd",
    "/api/md/%2e%2e/%2e%2e/admin",
    "/api/md/%2E%2E/%2e%2E/admin",
    "/api/md/.%2e/.%2e/admin",
    "/api/md/..%2f..%2fadmin",
    "/api/md%2f..%2f..%2fadmin",
    "/api/cfg/..%5c..%5cadmin",
    "/api/cfg/..\\..\\admin",
    "//api/md/..//..//admin",
    "/api/bill/%252e%252e/x/../../../admin",
  ])("refuses %s with 403 (CORS headers on), and the service sees nothing", async (target) => {
    const res = await rawRequest(chain.gw.url, "GET", target);
    expect(res.status).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(JSON.parse(res.body).errors[0].key).toBe("GATEWAY_PATH_NOT_ALLOWED");
    expect(chain.sim.log.entries()).toHaveLength(0);
  });

  it("refuses malformed percent-encoding with 400 before anything is forwarded", async () => {
    const res = await rawRequest(chain.gw.url, "GET", "/api/md/%zz/..");
    expect(res.status).toBe(400);
    expect(chain.sim.log.entries()).toHaveLength(0);
  });

  it("forwards a path whose dot segments stay inside the prefixes, as the normalised path", async () => {
    const res = await rawRequest(chain.gw.url, "GET", "/api/md/../cfg//./TaxCodes", chain.headers);
    expect(res.status).toBe(200);
    const paths = chain.sim.log.entries().map((e) => e.path);
    expect(paths.filter((p) => !p.includes("oauth2"))).toEqual(["/api/cfg/TaxCodes"]);
    const last = auditCalls(chain.lines).at(-1)!;
    expect(last).toMatchObject({ method: "GET", path: "/api/cfg/TaxCodes", status: 200 });
    expect(typeof last.durationMs).toBe("number");
  });

  it.each(["DELETE", "PUT", "PATCH"])(
    "refuses %s of a contract, which the add-in never does, with 403",
    async (method) => {
      const res = await rawRequest(
        chain.gw.url,
        method,
        `/api/md/contracts/${DEMO.contracts.heatingGeneric}`,
        chain.headers
      );
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).errors[0].key).toBe("GATEWAY_OPERATION_NOT_ALLOWED");
      expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
      expect(chain.sim.log.entries()).toHaveLength(0);
    }
  );
});
