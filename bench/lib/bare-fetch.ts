/**
 * What this machine makes of one request (bench:invoices, bench:costs): requests sent with a bare
 * `fetch` (no client library, no cache, no governor), `concurrency` at a time as the client's
 * connections, after `warmUp` of them (the process's first connections, the JIT; Node's undici
 * compiles itself on first use, which Excel's native fetch does not). `perRequestMs` is the time one
 * request held its slot: the latency plus the simulator's own work, the loopback and both
 * processes' share of the machine's cores; `wallMs` the time of all `count`; `cpuPerRequestMs` this
 * process's CPU (user + system) per request, the collection of its own garbage included and what
 * came before it left out (full-gc.ts). Not a floor (that
 * counts the latency only): it says how much of a benchmark's distance to its floor is the
 * machine's, not our code's.
 */
import pLimit from "p-limit";
import { fullGc } from "./full-gc";

/** Sends request `i` (a fresh fetch) and returns its answer. */
export type BareRequest = (i: number) => Promise<Response>;

export async function measureBareRequests(
  request: BareRequest,
  counts: {
    count: number;
    warmUp: number;
    concurrency: number;
    /** Told at the window's edges (inside its collections), to read more of the process there. */
    onWindow?: (edge: "start" | "end") => void;
  }
): Promise<{ wallMs: number; perRequestMs: number; cpuPerRequestMs: number }> {
  const limit = pLimit(counts.concurrency);
  const held: number[] = [];
  let n = 0;
  const send = () =>
    limit(async () => {
      const i = n++;
      const at = performance.now();
      const response = await request(i);
      await response.text();
      if (!response.ok) throw new Error(`bare fetch: request ${i} answered ${response.status}`);
      held.push(performance.now() - at);
    });
  await Promise.all(Array.from({ length: counts.warmUp }, send));
  held.length = 0;
  // Each window pays for its own garbage, as ours does (full-gc.ts).
  fullGc();
  counts.onWindow?.("start");
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: counts.count }, send));
  const wallMs = performance.now() - started;
  fullGc();
  const { user, system } = process.cpuUsage(cpu);
  counts.onWindow?.("end");
  return {
    wallMs,
    perRequestMs: held.reduce((sum, ms) => sum + ms, 0) / held.length,
    cpuPerRequestMs: (user + system) / 1000 / counts.count,
  };
}
