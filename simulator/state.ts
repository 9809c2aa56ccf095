/**
 * The state shared by the simulator's middleware and routes; options and faults are read per
 * request, so `setOptions` / `setFaults` take effect at once.
 */
import type { RequestLog } from "./request-log";
import type { SimulatorStore } from "./store";
import type { Faults, SimulatorOptions } from "./types";

/** Defaults of every fault: all off, except the "FAIL-APPROVAL" description marker. */
export const DEFAULT_FAULTS: Faults = {
  latencyMs: 0,
  get503Rate: 0,
  get503Every: 0,
  seed: 1,
  rateLimit: null,
  failApproval: { customerIds: [], descriptionMarker: "FAIL-APPROVAL" },
  createFailures: null,
  post503Rate: 0,
  createFaultRates: {},
  approveDropRate: 0,
  sendFailureRate: 0,
  actionDropRates: {},
  actionDropNext: {},
  action503Next: {},
  duplicateReferences: false,
};

/** Mutable state of one running simulator. */
export interface SimulatorState {
  options: Omit<SimulatorOptions, "faults">;
  faults: Faults;
  store: SimulatorStore;
  log: RequestLog;
  /** Seeded random source for `get503Rate`; re-created when the seed changes. */
  random: () => number;
  /** GETs seen, for `get503Every`. */
  getCount: number;
  /** Start and count of the current rate-limit window. */
  /** The rate limit's window; `blockedUntil`: a count limit refuses until then. */
  rateWindow: { start: number; count: number; blockedUntil?: number };
  /** Pending latency timers, cleared on close so nothing outlives the server. */
  timers: Set<NodeJS.Timeout>;
}
