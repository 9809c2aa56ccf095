import type { Simulator } from "../../../simulator/index";
import { clientFor, startSimulator } from "./sim-client";

describe("a 429 from the simulator keeps the service's error entries", () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator("live");
  });
  afterEach(async () => {
    await sim.close();
  });

  it.each(["retry-after", "x-retry-after-seconds"] as const)(
    "when the wait is named in %s",
    async (header) => {
      sim.setFaults({
        rateLimit: { maxRequests: 0, windowMs: 60_000, retryAfterSeconds: 60, header },
      });
      const client = clientFor(sim, { retry: { maxTotalWaitMs: 1_000 } });
      const error = await client.getTaxCodes().catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: "RateLimitError",
        retryAfterMs: 60_000,
        entries: [
          { key: "TOO_MANY_REQUESTS", message: "Rate limit is exceeded. Try again later." },
        ],
      });
      expect((error as Error).message).toBe(
        "Too many requests (429): the service asks to slow down; try again in 60 s — TOO_MANY_REQUESTS: Rate limit is exceeded. Try again later. (GET /api/cfg/TaxCodes)"
      );
    }
  );
});
