/**
 * Runs the simulator in a child process, as the real service runs on another machine: the client's
 * event loop and the server's do not compete for one thread. The child sends `{ url }` once it
 * listens and stops when its parent disconnects.
 */
import { fork } from "node:child_process";
import path from "node:path";
import type { Faults, GenerateOptions, SimulatorAuth } from "../../simulator";

/** What the child is started with. */
export interface SimulatorProcessOptions {
  latencyMs: number;
  /** A generated dataset; without one the simulator serves its demo data. */
  dataset?: Partial<GenerateOptions>;
  approvalDelayMs?: number;
  numberDelayMs?: number;
  /** Items per list answer; the simulator's default (4) when absent. */
  pageSize?: number;
  /** For a browser page on another origin (bench:sheet). */
  corsOrigin?: string;
  /** Credentials the simulator requires (and its token endpoint's clients); none by default. */
  auth?: SimulatorAuth;
  /** Faults from the start, e.g. the rate limit of bench:ratelimit. */
  faults?: Partial<Faults>;
}

/** One invoice of the simulator's store, as a client would see it now. */
export interface StoreRow {
  id: string;
  status: string;
  invoiceNum: string | null;
  externalReference: string | null;
  lines: number;
  sent: string;
  sendCount: number;
  /** "invoice" or "creditnote". */
  type: string;
  /** On an original: its credit note. */
  creditedByInvoiceId: string | null;
  /** On a credit note: the invoice it credits. */
  creditedInvoiceId: string | null;
}

/** A running simulator process: its URL and a way to stop it. */
export interface SimulatorProcess {
  url: string;
  /** Its process id (for CPU accounting and pinning). */
  pid: number | undefined;
  /** Every invoice its store holds now (asked over the process's IPC channel). */
  store(): Promise<StoreRow[]>;
  /**
   * The requests it answered so far, by kind ("POST /api/bill/Invoices/filter"; ids as {id}), and
   * the CPU its process has used (ms).
   */
  requests(): Promise<{ counts: Record<string, number>; cpuMs: number }>;
  stop(): Promise<void>;
}

/** Starts the simulator in a child process. */
export function startSimulatorProcess(options: SimulatorProcessOptions): Promise<SimulatorProcess> {
  const child = fork(path.join(__dirname, "simulator-child.ts"), [JSON.stringify(options)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.disconnect();
    });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`simulator process exited (${code})`)));
    const ask = <T>(type: string, pick: (message: Record<string, unknown>) => T) =>
      new Promise<T>((answer) => {
        const onMessage = (message: Record<string, unknown>) => {
          if (message?.type !== type) return;
          child.off("message", onMessage);
          answer(pick(message));
        };
        child.on("message", onMessage);
        child.send({ type });
      });
    const store = () => ask("store", (m) => (m.rows as StoreRow[] | undefined) ?? []);
    const requests = () =>
      ask("requests", (m) => ({
        counts: (m.counts as Record<string, number> | undefined) ?? {},
        cpuMs: Number(m.cpuMs ?? 0),
      }));
    child.once("message", (message) =>
      resolve({ url: (message as { url: string }).url, pid: child.pid, store, requests, stop })
    );
  });
}
