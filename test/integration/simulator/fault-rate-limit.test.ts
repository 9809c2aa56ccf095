import type { Simulator } from "../../../simulator";
import { get, post, startSimulator } from "./helpers";

describe("429 rate limit fault", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.setFaults({ rateLimit: null }));
  afterAll(() => sim.close());

  it("answers requests beyond the limit with 429 and Retry-After", async () => {
    sim.setFaults({
      rateLimit: { maxRequests: 2, windowMs: 60_000, retryAfterSeconds: 7, header: "retry-after" },
    });
    expect((await get(sim, "/api/cfg/TaxCodes")).status).toBe(200);
    expect((await post(sim, "/api/md/Customers/filter", {})).status).toBe(200);
    const a = await get(sim, "/api/cfg/TaxCodes");
    expect(a.status).toBe(429);
    expect(a.headers.get("retry-after")).toBe("7");
    expect(a.headers.get("x-retry-after-seconds")).toBeNull();
    expect(a.body.errors[0].key).toBe("TOO_MANY_REQUESTS");
  });

  it("can use the live gateway's x-retry-after-seconds header instead", async () => {
    sim.setFaults({
      rateLimit: {
        maxRequests: 0,
        windowMs: 60_000,
        retryAfterSeconds: 3,
        header: "x-retry-after-seconds",
      },
    });
    const a = await get(sim, "/api/cfg/TaxCodes");
    expect(a.status).toBe(429);
    expect(a.headers.get("x-retry-after-seconds")).toBe("3");
    expect(a.headers.get("retry-after")).toBeNull();
  });

  it("admits requests again in a new window", async () => {
    sim.setFaults({
      rateLimit: { maxRequests: 1, windowMs: 60_000, retryAfterSeconds: 1, header: "retry-after" },
    });
    await get(sim, "/api/cfg/TaxCodes");
    expect((await get(sim, "/api/cfg/TaxCodes")).status).toBe(429);
    // Setting the fault again starts a fresh window.
    sim.setFaults({
      rateLimit: { maxRequests: 1, windowMs: 60_000, retryAfterSeconds: 1, header: "retry-after" },
    });
    expect((await get(sim, "/api/cfg/TaxCodes")).status).toBe(200);
  });
});
