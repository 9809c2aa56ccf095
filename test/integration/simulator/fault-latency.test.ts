import type { Simulator } from "../../../simulator";
import { get, startSimulator } from "./helpers";

describe("latency fault", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ latencyMs: 40 });
  });
  afterAll(() => sim.close());

  // A lower bound only: the answer cannot come before the configured delay.
  it("holds every answer back by at least the option plus the fault latency", async () => {
    sim.setFaults({ latencyMs: 60 });
    const start = performance.now();
    const a = await get(sim, "/api/cfg/TaxCodes");
    const elapsed = performance.now() - start;
    expect(a.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(95);
  });

  it("closes cleanly while a delayed request is still waiting", async () => {
    const slow = await startSimulator({ latencyMs: 300 });
    const pending = fetch(`${slow.url}/api/cfg/TaxCodes`).then(
      (r) => r.status,
      () => "failed"
    );
    await new Promise((r) => setTimeout(r, 30));
    await slow.close();
    expect(await pending).toBe("failed");
  });
});
