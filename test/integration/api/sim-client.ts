/** Starts the simulator in-process on port 0 and makes a client for it. */
import { createSimulator } from "../../../simulator/index";
import type { Simulator, SimulatorOptions } from "../../../simulator/index";
import { createBillingClient } from "../../../src/api/index";
import type { BillingClient, ClientOptions, ConnectionSettings } from "../../../src/api/index";

export type Dialect = "live" | "interface";
export const DIALECTS: Dialect[] = ["live", "interface"];

/** A simulator with short delays and small pages, so paging happens on every list. */
export async function startSimulator(
  dialect: Dialect,
  options: Partial<SimulatorOptions> = {}
): Promise<Simulator> {
  return createSimulator({
    port: 0,
    dialect,
    pageSize: 2,
    approvalDelayMs: 100,
    numberDelayMs: 50,
    ...options,
  });
}

/** A client for `sim` with fast retries suited to tests. */
export function clientFor(
  sim: Simulator,
  options: ClientOptions = {},
  settings: Partial<ConnectionSettings> = {}
): BillingClient {
  return createBillingClient(
    { baseUrl: sim.url, headers: {}, credential: { kind: "none" }, ...settings },
    { timeoutMs: 5_000, ...options }
  );
}

/** A fetch that counts requests in flight and remembers the highest count. */
export function countingFetch(): {
  fetch: typeof fetch;
  maxInFlight: () => number;
  calls: string[];
} {
  let inFlight = 0;
  let max = 0;
  const calls: string[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    inFlight += 1;
    max = Math.max(max, inFlight);
    try {
      return await fetch(input, init);
    } finally {
      inFlight -= 1;
    }
  };
  return { fetch: wrapped, maxInFlight: () => max, calls };
}
