/**
 * Bench-only instrumentation of the invoice engine's slot use (for the bulk floor target of bench:invoices): every
 * call the engine makes through its client is stamped (class, start, end, ids), so that the report
 * can say what delays the last creates and what runs after the last approve. Not production
 * logging: the bench wraps the client it hands to `runInvoices`, the engine does not know.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { EventLoopUtilization } from "node:perf_hooks";
import type { BillingClient } from "../../src/api";
import { renderTable } from "./table";

/** The request classes the report tells apart (by client method; reads split by probe ids). */
export type StampClass =
  "create" | "bulk approve" | "probe read" | "read" | "search" | "delete" | "approve" | "other";

/** One call: its class, when it started and ended (ms since the run started), ids it named. */
export interface Stamp {
  kind: StampClass;
  start: number;
  end: number;
  ids: number;
}

const KIND: Record<string, StampClass> = {
  createInvoice: "create",
  bulkApprove: "bulk approve",
  getInvoicesByIds: "read",
  getInvoice: "read",
  findInvoicesByExternalReference: "search",
  findInvoicesByReferencePrefix: "search",
  deleteInvoice: "delete",
  approveInvoice: "approve",
};

/**
 * The client with every call of the kinds stamped counted, and nothing else: no async layer, no
 * clock, no allocation (`bench:invoices --growth` measures the pane's code, not the bench's).
 */
export function countCalls(client: BillingClient, onCall: () => void): BillingClient {
  const counted: Record<string, unknown> = { ...client };
  for (const [name, value] of Object.entries(client)) {
    if (typeof value !== "function" || KIND[name] === undefined) continue;
    const fn = value as (...args: unknown[]) => unknown;
    counted[name] = (...args: unknown[]) => {
      onCall();
      return fn(...args);
    };
  }
  return counted as unknown as BillingClient;
}

/** Records the calls made through a client; `wrap` gives the stamped client. */
export class SlotStamps {
  readonly stamps: Stamp[] = [];
  private origin = performance.now();
  /** Ids of the first bulk request (the approval-time probes): their reads are "probe read". */
  private probeIds = new Set<string>();

  /** Every 250 ms: this process's event-loop use and the simulator process's CPU share. */
  readonly cpu: { at: number; engine: number; simulator: number }[] = [];
  private cpuTimer: ReturnType<typeof setInterval> | undefined;

  /** Samples CPU use until {@link stopCpu} (the simulator's from /proc, where there is one). */
  watchCpu(simulatorPid: number | undefined): void {
    let elu: EventLoopUtilization = performance.eventLoopUtilization();
    let ticks = simTicks(simulatorPid);
    let at = performance.now();
    this.cpuTimer = setInterval(() => {
      const now = performance.now();
      const next = performance.eventLoopUtilization();
      const nextTicks = simTicks(simulatorPid);
      // /proc ticks are 10 ms (USER_HZ 100).
      const simulator = ((nextTicks - ticks) * 10) / (now - at);
      this.cpu.push({
        at: now - this.origin,
        engine: performance.eventLoopUtilization(next, elu).utilization,
        simulator,
      });
      elu = next;
      ticks = nextTicks;
      at = now;
    }, 250);
  }

  /** Stops sampling CPU use. */
  stopCpu(): void {
    if (this.cpuTimer !== undefined) clearInterval(this.cpuTimer);
  }

  /** CPU time of the engine's process over the run (client, engine, this bench), when measured. */
  processCpuMs: number | undefined;

  /** Forgets a warm-up's stamps (and its probes). */
  reset(): void {
    this.stamps.length = 0;
    this.probeIds.clear();
  }

  /** Sets the run's start (stamps are relative to it). */
  start(): void {
    this.origin = performance.now();
  }

  /** The client with every method stamped. */
  wrap(client: BillingClient): BillingClient {
    const wrapped: Record<string, unknown> = { ...client };
    for (const [name, value] of Object.entries(client)) {
      if (typeof value !== "function" || KIND[name] === undefined) continue;
      const fn = value as (...args: unknown[]) => Promise<unknown>;
      wrapped[name] = async (...args: unknown[]) => {
        const ids = idsOf(name, args);
        if (name === "bulkApprove" && this.probeIds.size === 0)
          for (const id of ids) this.probeIds.add(id);
        let kind = KIND[name];
        if (kind === "read" && ids.length > 0 && ids.every((id) => this.probeIds.has(id)))
          kind = "probe read";
        const start = performance.now() - this.origin;
        try {
          return await fn(...args);
        } finally {
          this.stamps.push({ kind, start, end: performance.now() - this.origin, ids: ids.length });
        }
      };
    }
    return wrapped as unknown as BillingClient;
  }

  /** The report: where the create phase's slots went, and what ran after the last approve. */
  report(slots: number, wallMs: number): string {
    const s = [...this.stamps].sort((a, b) => a.start - b.start);
    const creates = s.filter((x) => x.kind === "create");
    const lastCreateEnd = Math.max(...creates.map((x) => x.end));
    const lastCreateStart = Math.max(...creates.map((x) => x.start));
    const bulks = s.filter((x) => x.kind === "bulk approve");
    const lastApprove = Math.max(0, ...bulks.map((x) => x.end));
    const busy = (from: number, to: number, pick: (x: Stamp) => boolean) =>
      s
        .filter(pick)
        .reduce((sum, x) => sum + Math.max(0, Math.min(x.end, to) - Math.max(x.start, from)), 0);
    const classes = [...new Set(s.map((x) => x.kind))];
    const rows = classes.map((kind) => {
      const of = s.filter((x) => x.kind === kind);
      const mean = of.reduce((sum, x) => sum + x.end - x.start, 0) / of.length;
      return [
        kind,
        of.length,
        `${mean.toFixed(1)} ms`,
        of.filter((x) => x.start < lastCreateStart).length,
        `${busy(0, lastCreateEnd, (x) => x.kind === kind).toFixed(0)} ms`,
        of.filter((x) => x.end > lastApprove).length,
        `${Math.max(...of.map((x) => x.end)).toFixed(0)} ms`,
      ];
    });
    const allBusy = busy(0, lastCreateEnd, () => true);
    const idle = slots * lastCreateEnd - allBusy;
    const lines = [
      `Slot stamps (bench-only): last create sent at ${lastCreateStart.toFixed(0)} ms, answered at ${lastCreateEnd.toFixed(0)} ms ` +
        `(${creates.length} creates, model ${Math.ceil(creates.length / slots) * 20} ms); last bulk approve answered at ${lastApprove.toFixed(0)} ms; run ended at ${wallMs.toFixed(0)} ms.`,
      `Until the last create's answer: ${(allBusy / 1000).toFixed(2)} slot-s busy of ${((slots * lastCreateEnd) / 1000).toFixed(2)} (${slots} slots; idle ${(idle / 1000).toFixed(2)} slot-s).`,
      renderTable(
        [
          "class",
          "calls",
          "mean time",
          "sent before last create",
          "slot time until last create answered",
          "ended after last approve",
          "last end",
        ],
        rows
      ),
      "Bulk approves (sent → answered, ids): " +
        bulks.map((x) => `${x.start.toFixed(0)}→${x.end.toFixed(0)} (${x.ids})`).join(", "),
      "Reads after the last approve (sent → answered, ids): " +
        s
          .filter((x) => x.kind.endsWith("read") && x.end > lastApprove)
          .map((x) => `${x.start.toFixed(0)}→${x.end.toFixed(0)} (${x.ids})`)
          .join(", "),
      ...(this.processCpuMs === undefined
        ? []
        : [
            `Engine process CPU over the run: ${this.processCpuMs.toFixed(0)} ms for ${this.stamps.length} calls ` +
              `(${(this.processCpuMs / this.stamps.length).toFixed(2)} ms a call, pages and retries inside).`,
          ]),
      "CPU every 250 ms (engine event loop busy / simulator process CPU, share of one core): " +
        this.cpu
          .map(
            (c) => `${(c.at / 1000).toFixed(2)} s ${c.engine.toFixed(2)}/${c.simulator.toFixed(2)}`
          )
          .join(", "),
    ];
    return lines.join("\n");
  }
}

function idsOf(name: string, args: unknown[]): string[] {
  if (name === "bulkApprove" || name === "getInvoicesByIds") return (args[0] as string[]) ?? [];
  if (name === "getInvoice") return [args[0] as string];
  return [];
}

/** CPU ticks (user + system) of a process so far, 0 where /proc cannot tell. */
function simTicks(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
