/**
 * The client's concurrency limit, with an order: requests deeper in the cost chain (contract →
 * product → billing item → tariffs) go first. A recalculation of 1,000 cells asks for hundreds of
 * contracts at once; in a plain FIFO queue the first cell's product would wait behind all of them,
 * and so would every cell's answer. Deeper first finishes the chains that have started before new
 * ones start, so the first cells settle after about one chain's latency while the total stays the
 * same (every slot stays busy either way). Everything else (invoices, lookups) is one level: FIFO.
 */
import PQueue from "p-queue";

/** Runs `task` when a slot is free; higher `priority` first, equal ones in call order. */
export type RequestLimiter = <T>(priority: number, task: () => Promise<T>) => Promise<T>;

/** How deep each endpoint of the cost chain lies; any other endpoint is 0. */
const CHAIN_DEPTH: Readonly<Record<string, number>> = {
  // Keys in lower case: the documents' letter case (`BillingTariffs`) is matched case-insensitively.
  "GET /api/md/contracts/{id}": 0,
  "GET /api/cfg/products/{id}": 1,
  "GET /api/cfg/billingitems/{id}": 2,
  "GET /api/cfg/billingtariffs": 3,
};

/** Priority of a documented endpoint ("GET /api/cfg/products/{id}"): its depth in the cost chain. */
export function chainDepth(endpoint: string): number {
  return CHAIN_DEPTH[endpoint.toLowerCase().replace(/^get /, "GET ")] ?? 0;
}

/** A limiter of `concurrency` requests in flight. */
export function createRequestLimiter(concurrency: number): RequestLimiter {
  const queue = new PQueue({ concurrency: Math.max(1, concurrency) });
  return async <T>(priority: number, task: () => Promise<T>) => await queue.add(task, { priority });
}
