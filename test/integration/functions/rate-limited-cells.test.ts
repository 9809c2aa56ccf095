/**
 * 1,000 cost cells against a service whose rate limit bites and answers 429 with
 * `x-retry-after-seconds: 1`: every cell ends as a number, because a 429 pauses every
 * request to the service, instead of each cell's retries running into it on their own. Also: two
 * clients of one service (the pane's and the functions') share one governor, so a 429 one meets
 * holds the other too.
 *
 * The limit counts requests (`by: "count"`: after N requests the service refuses everything for
 * the wait it names), so it bites at a known request on a machine of any speed; a limit per second
 * never bit on a busy machine (`npm test` under load). The time-window limit is
 * measured by `npm run bench:ratelimit`.
 */
import "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { createBillingClient, isNotFoundError } from "../../../src/api";
import { createSimulator, generateDataset } from "../../../simulator";
import type { Simulator } from "../../../simulator";

const DATES = ["2026-06-15", "2026-03-15", "2026-01-15", "2025-09-15"];
const CELLS = 1000;

describe("cost cells under the service's rate limit (429 after every 200 requests)", () => {
  let sim: Simulator;
  const dataset = generateDataset({ contracts: 300 });

  beforeAll(async () => {
    sim = await createSimulator({ port: 0, dataset, pageSize: 100 });
    sim.setFaults({
      rateLimit: {
        by: "count",
        maxRequests: 200,
        windowMs: 1000,
        retryAfterSeconds: 1,
        header: "x-retry-after-seconds",
      },
    });
    configureConnection({
      loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
    });
  });
  afterAll(async () => {
    configureConnection();
    await sim.close();
  });

  it("ends all 1,000 cells as numbers, with 429s at most 5% of the requests", async () => {
    const cells: Promise<number>[] = [];
    for (let i = 0; i < CELLS; i += 1) {
      const contract = dataset.contracts[i % dataset.contracts.length];
      const date = DATES[Math.floor(i / dataset.contracts.length)];
      cells.push(F.contractFixedCostsFunction(contract.id, date));
    }
    const results = await Promise.allSettled(cells);

    const failed = results.filter((r) => r.status === "rejected");
    expect(failed.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    for (const r of results)
      expect(typeof (r as PromiseFulfilledResult<number>).value).toBe("number");
    const statuses = sim.log.entries().map((e) => e.status);
    const throttled = statuses.filter((s) => s === 429).length;
    expect(statuses.length).toBeGreaterThan(200); // so the limit did bite …
    expect(throttled).toBeGreaterThan(0);
    // … and each time only the requests already on their way met it (the governor held the rest).
    expect(throttled / statuses.length).toBeLessThanOrEqual(0.05);
  }, 120_000);

  it("holds the pane's requests when the functions' client met a 429: one governor per service", async () => {
    sim.log.clear();
    sim.setFaults({
      rateLimit: {
        by: "count",
        maxRequests: 40,
        windowMs: 1000,
        retryAfterSeconds: 1,
        header: "retry-after",
      },
    });
    const settings = { baseUrl: `${sim.url}/`, headers: {}, credential: { kind: "none" as const } };
    const pane = createBillingClient(settings);
    const functions = createBillingClient({ ...settings, baseUrl: sim.url });
    // 30 reads each, at once: ids the service does not know (each answers 404, none is merged).
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    const reads = [
      ...Array.from({ length: 30 }, (_, n) => pane.getInvoice(id(n))),
      ...Array.from({ length: 30 }, (_, n) => functions.getInvoice(id(100 + n))),
    ];
    const outcomes = await Promise.allSettled(reads);
    for (const o of outcomes) {
      expect(o.status).toBe("rejected");
      expect(isNotFoundError((o as PromiseRejectedResult).reason)).toBe(true);
    }
    const throttled = sim.log.entries().filter((e) => e.status === 429).length;
    // One crowd meets the limit (both clients' requests in flight, 6 each), then both wait
    // together: the 20 reads left after the first 40 all pass after the wait.
    expect(throttled).toBeGreaterThan(0);
    expect(throttled).toBeLessThanOrEqual(12);
    expect(pane.rateLimit!()).toEqual(functions.rateLimit!());
    expect(pane.rateLimit!()!.throttled).toBeGreaterThan(0);
  }, 60_000);
});
