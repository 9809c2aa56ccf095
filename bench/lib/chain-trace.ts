/**
 * Bench-only trace of a recalculation's cost chains: when each cell asked for a
 * contract, product, billing item or tariff list, when its request went on the wire and when the
 * answer came, so that the report can say where the first cell's time went (the set-up before the
 * first request leaves, each level's wait for a slot, the wire). Not production logging: the bench
 * wraps the client it hands to the functions and the fetch it hands to the client; the code under
 * test does not know.
 */
import { performance } from "node:perf_hooks";
import type { BillingClient, CallOptions } from "../../src/api";

/** The levels of the cost chain, in the order one cell walks them. */
export const LEVELS = ["contract", "product", "billing item", "tariffs"] as const;
type Level = (typeof LEVELS)[number];

/** One call of a cell: its level, the resource's URL (path and query) and when it was asked. */
interface Ask {
  level: Level;
  url: string;
  asked: number;
  answered?: number;
}

/** The wire of one URL: when its first request left and its last answer came (pages too). */
interface Wire {
  start: number;
  end?: number;
}

const enc = encodeURIComponent;
const URL_OF: Record<Level, (...ids: string[]) => string> = {
  contract: (id) => `/api/md/Contracts/${enc(id)}`,
  product: (id) => `/api/cfg/Products/${enc(id)}`,
  "billing item": (id) => `/api/cfg/BillingItems/${enc(id)}`,
  tariffs: (productId, itemId) =>
    `/api/cfg/BillingTariffs?${new URLSearchParams({ productId, billingItemId: itemId }).toString()}`,
};
const METHOD: Record<string, Level> = {
  getContract: "contract",
  getProduct: "product",
  getBillingItem: "billing item",
  getBillingTariffs: "tariffs",
};

/** Records what a recalculation's cells ask for and what goes on the wire; see the module comment. */
export class ChainTrace {
  private origin = performance.now();
  private cpuAtStart = process.cpuUsage();
  /** Each cell's calls, by the signal its cell runs under (one per cell, src/functions/settle.ts). */
  private readonly cells = new Map<AbortSignal, Ask[]>();
  private readonly wires = new Map<string, Wire>();
  /** When the first request left, and the CPU this process had spent since the start by then. */
  firstRequest: { at: number; cpuMs: number } | undefined;
  /** When the synchronous set-up of every cell was over (the bench's calls.map returned). */
  setUpMs: number | undefined;

  /** Sets the run's start: times are relative to it, CPU is counted from it. */
  start(): void {
    this.origin = performance.now();
    this.cpuAtStart = process.cpuUsage();
  }

  /** Marks the end of the synchronous set-up of the cells. */
  setUpDone(): void {
    this.setUpMs = this.now();
  }

  private now(): number {
    return performance.now() - this.origin;
  }

  /** A fetch that stamps each request's URL when it leaves and when its answer arrives. */
  fetch(base: typeof fetch = globalThis.fetch): typeof fetch {
    return (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const key = `${url.pathname}${url.search}`;
      const at = this.now();
      if (this.firstRequest === undefined) {
        const cpu = process.cpuUsage(this.cpuAtStart);
        this.firstRequest = { at, cpuMs: (cpu.user + cpu.system) / 1000 };
      }
      const wire = this.wires.get(key) ?? { start: at };
      this.wires.set(key, wire);
      const response = await base(input, init);
      wire.end = this.now();
      return response;
    }) as typeof fetch;
  }

  /** The client with its four cost calls stamped per cell. */
  wrap(client: BillingClient): BillingClient {
    const wrapped: Record<string, unknown> = { ...client };
    for (const [name, level] of Object.entries(METHOD)) {
      const fn = (client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[
        name
      ];
      wrapped[name] = async (...args: unknown[]) => {
        const ids = args.filter((a): a is string => typeof a === "string");
        const options = args.find((a) => typeof a === "object" && a !== null) as
          CallOptions | undefined;
        const ask: Ask = { level, url: URL_OF[level](...ids), asked: this.now() };
        const signal = options?.signal;
        if (signal) {
          const asks = this.cells.get(signal) ?? [];
          asks.push(ask);
          this.cells.set(signal, asks);
        }
        try {
          return await fn(...args);
        } finally {
          ask.answered = this.now();
        }
      };
    }
    return wrapped as unknown as BillingClient;
  }

  /**
   * The chain of the earliest cell whose first call was for `contractId` (the first cell to settle
   * names its contract): per level, when the cell asked, how long its requests waited before
   * leaving, and when the last answer came. A resource another cell had already asked for (or a
   * cache hit) counts from this cell's ask; "left" is when its request left for whoever asked.
   */
  chainOf(contractId: string): string[] {
    const url = URL_OF.contract(contractId);
    const asks = [...this.cells.values()].find((a) => a[0]?.url === url);
    if (!asks) return [`(no traced cell asked for contract ${contractId})`];
    const ms = (n: number) => n.toFixed(0).padStart(5);
    return LEVELS.flatMap((level) => {
      const mine = asks.filter((a) => a.level === level);
      if (mine.length === 0) return [];
      const asked = Math.min(...mine.map((a) => a.asked));
      const wires = mine.map((a) => this.wires.get(a.url)).filter((w): w is Wire => !!w);
      const waits = mine.map((a) => (this.wires.get(a.url)?.start ?? a.asked) - a.asked);
      const left = wires.length ? Math.max(...wires.map((w) => w.start)) : asked;
      const answered = Math.max(...mine.map((a) => a.answered ?? Number.NaN));
      return [
        `${level.padEnd(12)} ${String(mine.length).padStart(2)} call(s): asked at ${ms(asked)} ms, ` +
          `wait before the wire up to ${ms(Math.max(0, ...waits))} ms, last left at ${ms(left)} ms, ` +
          `all answered at ${ms(answered)} ms`,
      ];
    });
  }
}
