/**
 * The client's concurrency limit, with an order: the cost chain (contract → product → billing item →
 * tariffs) of the caller that came first goes first, and within one caller deeper requests first.
 * A recalculation of 1,000 cells asks for hundreds of contracts at once; in a plain FIFO queue the
 * first cell's product would wait behind all of them, and so would every cell's answer. Deeper first
 * alone finishes started chains before new ones start, but the first six contracts come back
 * together and their chains then share the slots six ways, so the first cell still waited for five
 * others at every level. Ranked by caller (a cell's AbortSignal, the first time
 * the order sees it), the first cell's requests go ahead of the second's, and so on: the first cells
 * settle after about one chain, the total stays the same (every slot stays busy either way).
 * Everything else (invoices, lookups) goes in the order it was asked for.
 */
import PQueue from "p-queue";

/** Runs `task` when a slot is free; higher `priority` first, equal ones in call order. */
export interface RequestLimiter {
  <T>(priority: number, task: () => Promise<T>): Promise<T>;
  /** Tasks waiting for a slot now. */
  waiting(): number;
}

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
  return CHAIN_DEPTH[key(endpoint)] ?? 0;
}

/** The levels of the cost chain, for one caller's requests. */
const LEVELS = 4;

/**
 * The priority of a request in a {@link RequestLimiter}: by caller, then by depth (see the module
 * comment). `caller` is whatever identifies who asked (the cell's AbortSignal); a cost-chain request
 * ranks with the first request that caller made. A request of no caller ranks with the newest caller
 * (so that, with no callers at all, the order is by depth, then FIFO, as before); a request outside
 * the cost chain ranks as a new caller (the order it came in), so that a long-lived caller such as
 * an invoice run cannot hold back the cells recalculated after it started.
 */
export type RequestOrder = (endpoint: string, caller?: object) => number;

/** A new {@link RequestOrder}: one per limiter, its ranks counted from 0. */
export function createRequestOrder(): RequestOrder {
  const ranks = new WeakMap<object, number>();
  let newest = 0;
  return (endpoint, caller) => {
    const depth = CHAIN_DEPTH[key(endpoint)];
    let rank = newest;
    if (depth === undefined) rank = ++newest;
    else if (caller !== undefined) {
      rank = ranks.get(caller) ?? ++newest;
      ranks.set(caller, rank);
    }
    // p-queue serves the highest priority first: an older rank is higher, a deeper level too.
    return (depth ?? 0) - rank * LEVELS;
  };
}

/**
 * Keys already made: a client names a handful of endpoint templates (`GET /api/bill/Invoices/{id}`),
 * each thousands of times a run. Capped, should a caller ever pass a path with an id in it.
 */
const KEYS = new Map<string, string>();
const MAX_KEYS = 256;

function key(endpoint: string): string {
  let made = KEYS.get(endpoint);
  if (made === undefined) {
    made = endpoint.toLowerCase().replace(/^get /, "GET ");
    if (KEYS.size < MAX_KEYS) KEYS.set(endpoint, made);
  }
  return made;
}

/** A limiter of `concurrency` requests in flight. */
export function createRequestLimiter(concurrency: number): RequestLimiter {
  const queue = new PQueue({ concurrency: Math.max(1, concurrency) });
  // p-queue's own promise, handed on (no async wrapper: one request's turn fewer microtasks).
  const limit = <T>(priority: number, task: () => Promise<T>): Promise<T> =>
    queue.add(task, { priority });
  return Object.assign(limit, { waiting: () => queue.size });
}
