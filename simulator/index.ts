/**
 * The billing service simulator: a real HTTP server implementing every endpoint of the interface
 * (the interface document's endpoints) with demo data, in the live dialect by default
 * (docs/developers/rules.md#the-simulator).
 *
 * ```ts
 * const sim = await createSimulator({ port: 0, approvalDelayMs: 150 });
 * await fetch(`${sim.url}/api/md/contracts/${DEMO.contracts.heatingGeneric}`);
 * await sim.close();
 * ```
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { demoDataset } from "./data/demo";
import { createPrng } from "./prng";
import { RequestLog } from "./request-log";
import { DEFAULT_FAULTS } from "./state";
import type { SimulatorState } from "./state";
import { SimulatorStore } from "./store";
import type { Faults, Simulator, SimulatorOptions } from "./types";

export type {
  CreateFailuresFault,
  CreateFaultRates,
  Dialect,
  FailApprovalFault,
  Faults,
  InvoiceAction,
  RateLimitFault,
  Simulator,
  SimulatorAuth,
  SimulatorOptions,
} from "./types";
export type { RequestLogEntry } from "./request-log";
export { RequestLog } from "./request-log";
export { SimulatorStore, formatInvoiceNumber } from "./store";
export type { InvoiceErrorEntry, SentStatus, StoredInvoice } from "./store";
export type * from "./data/dataset-types";
export { DEMO, demoDataset } from "./data/demo";
export { generateDataset } from "./data/generate";
export type { GenerateOptions } from "./data/generate";
export { simId } from "./data/ids";
export { addressLine, customerDisplayName } from "./render-parties";
export { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from "./app";

/** Defaults: port 0 would be ephemeral; the CLI passes 3001. */
export const DEFAULT_OPTIONS: Omit<SimulatorOptions, "dataset" | "faults"> = {
  port: 0,
  host: "127.0.0.1",
  dialect: "live",
  // Small, so that paging happens on every demo list.
  pageSize: 4,
  latencyMs: 0,
  approvalDelayMs: 2000,
  numberDelayMs: 800,
  sendDelayMs: 1000,
  auth: null,
  corsOrigin: "*",
};

/** Merges fault changes into `state`, resetting the counters they depend on. */
function applyFaults(state: SimulatorState, f: Partial<Faults>): void {
  const next: Faults = { ...state.faults, ...f };
  if (f.failApproval) next.failApproval = { ...DEFAULT_FAULTS.failApproval, ...f.failApproval };
  if (f.createFailures) next.createFailures = { ...f.createFailures };
  if (f.rateLimit !== undefined) state.rateWindow = { start: Date.now(), count: 0 };
  if (f.get503Every !== undefined) state.getCount = 0;
  if (f.createFaultRates) next.createFaultRates = { ...f.createFaultRates };
  if (f.actionDropRates) next.actionDropRates = { ...f.actionDropRates };
  if (f.actionDropNext) next.actionDropNext = { ...f.actionDropNext };
  if (f.action503Next) next.action503Next = { ...f.action503Next };
  if (f.seed !== undefined || f.get503Rate !== undefined) state.random = createPrng(next.seed);
  state.faults = next;
}

/** Starts a simulator; resolves once it listens. */
export async function createSimulator(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  const { faults, dataset, ...rest } = options;
  const state: SimulatorState = {
    options: { ...DEFAULT_OPTIONS, dataset: dataset ?? demoDataset(), ...rest },
    faults: { ...DEFAULT_FAULTS, failApproval: { ...DEFAULT_FAULTS.failApproval } },
    store: undefined as unknown as SimulatorStore,
    log: new RequestLog(),
    random: createPrng(DEFAULT_FAULTS.seed),
    getCount: 0,
    rateWindow: { start: Date.now(), count: 0 },
    timers: new Set(),
  };
  state.store = new SimulatorStore(state.options.dataset);
  if (faults) applyFaults(state, faults);

  const server = http.createServer(createApp(state));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(state.options.port, state.options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = state.options.host.includes(":") ? `[${state.options.host}]` : state.options.host;

  return {
    url: `http://${host}:${port}`,
    port,
    log: state.log,
    store: state.store,
    setFaults: (f) => applyFaults(state, f),
    setOptions: (o) => {
      const { faults: f, dataset: d, ...others } = o as Partial<SimulatorOptions>;
      Object.assign(state.options, others);
      if (d) {
        state.options.dataset = d;
        state.store.dataset = d;
      }
      if (f) applyFaults(state, f);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const t of state.timers) clearTimeout(t);
        state.timers.clear();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
