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
}

/** A running simulator process: its URL and a way to stop it. */
export interface SimulatorProcess {
  url: string;
  /** Its process id (for CPU accounting and pinning). */
  pid: number | undefined;
  /** Every invoice its store holds now (asked over the process's IPC channel). */
  store(): Promise<StoreRow[]>;
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
    const store = () =>
      new Promise<StoreRow[]>((answer) => {
        const onMessage = (message: { type?: string; rows?: StoreRow[] }) => {
          if (message?.type !== "store") return;
          child.off("message", onMessage);
          answer(message.rows ?? []);
        };
        child.on("message", onMessage);
        child.send({ type: "store" });
      });
    child.once("message", (message) =>
      resolve({ url: (message as { url: string }).url, pid: child.pid, store, stop })
    );
  });
}
