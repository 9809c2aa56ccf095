/**
 * The calls of a run — the invoice run (run-invoices.ts) and the send and credit runs:
 * through one slot pool; a 429 means nothing was done, so the call is made again after the
 * service's pause, for as long as the run's rate-limit budget lasts (then the run stops,
 * `rate-limited`); a gateway sign-in or role refusal stops the run at once, with its plain words;
 * a service that cannot be reached stops it; after a stop no new call starts ({@link RunStopped}).
 */
import {
  isAuthError,
  isNotSentError,
  isRateLimitError,
  isUnavailableError,
  userAuthAdvice,
} from "../../api";
import type { AuthProblem, BillingClient } from "../../api";
import type { Language } from "../../i18n";
import { RunStopped } from "./stop";
import type { RateLimitPause, StopReason } from "./run-types";
import { SlotPool } from "./slot-pool";
import type { SlotPriority } from "./slot-pool";

/** Wait after a 429 when neither the answer nor the governor names one. */
const DEFAULT_BUSY_WAIT_MS = 2000;

/** Options of {@link RunCaller} (RunOptions' meanings). */
export interface RunCallerOptions {
  /** Calls in flight at once. */
  concurrency: number;
  /** How long the run waits for the service's rate limit before it stops. */
  rateLimitBudgetMs: number;
  /** 429s one call waits out before it gives up on its own (default: no limit but the budget). */
  maxRateLimitWaits?: number;
  /** The language a sign-in or role refusal that stops the run is said in (English by default). */
  language?: Language;
}

/** See the module comment; one per run (the invoice run's and the send and credit runs'). */
export class RunCaller {
  private readonly pool: SlotPool;
  private readonly sleepers = new Set<() => void>();
  private stopReason: StopReason | undefined;
  /** The plain words of a sign-in or role refusal that stopped the run. */
  stopWords: string | undefined;
  /** Why the credentials were refused, when that stopped the run (a role refusal cannot be mended by running again). */
  stopProblem: AuthProblem | undefined;
  /** Calls made (the client's own retries not counted). */
  requests = 0;
  /** When the service last answered anything but 429 (the budget counts from it). */
  private lastAnswerAt = Date.now();
  private readonly listeners: ((reason: StopReason) => void)[] = [];

  /** What the run saw of the service: `ok` = its last call was answered; undefined = no call yet. */
  connection: "ok" | "unreachable" | undefined;
  private readonly rateLimitBudgetMs: number;
  private readonly maxRateLimitWaits: number;
  private readonly language: Language;

  constructor(
    private readonly client: Pick<BillingClient, "rateLimit">,
    options: RunCallerOptions
  ) {
    this.pool = new SlotPool(options.concurrency);
    this.rateLimitBudgetMs = options.rateLimitBudgetMs;
    this.maxRateLimitWaits = options.maxRateLimitWaits ?? Number.POSITIVE_INFINITY;
    this.language = options.language ?? "en";
  }

  /** Why the run stopped, if it did. */
  stopped(): StopReason | undefined {
    return this.stopReason;
  }

  /** Stops the run (the first reason wins) and wakes every wait. */
  stop(reason: StopReason): void {
    if (this.stopReason !== undefined) return;
    this.stopReason = reason;
    for (const wake of [...this.sleepers]) wake();
    for (const listener of this.listeners) listener(reason);
  }

  /** Called once when the run stops. */
  onStop(listener: (reason: StopReason) => void): void {
    this.listeners.push(listener);
  }

  /** The service's pause (a 429) in whole seconds, while it lasts. */
  pause(): RateLimitPause | undefined {
    const until = this.client.rateLimit?.()?.pausedUntil;
    const ms = until === undefined ? 0 : until - Date.now();
    return ms > 0 ? { resumesInSeconds: Math.max(1, Math.ceil(ms / 1000)) } : undefined;
  }

  /**
   * Runs `task` in a slot (429s waited out); throws {@link RunStopped} once the run stopped.
   * `settling`: a read that settles what a call in flight did — it still goes out after Cancel
   * (or a failed sheet write), so that the rows say what the service holds.
   */
  call<T>(priority: SlotPriority, task: () => Promise<T>, settling = false): Promise<T> {
    return this.callIn(priority, task, settling, false);
  }

  /** {@link call}, holding the starts while `task` runs (slot-pool.ts). */
  callHoldingStarts<T>(priority: SlotPriority, task: () => Promise<T>): Promise<T> {
    return this.callIn(priority, task, false, true);
  }

  /** True when no new call may start: stopped, unless a settling read after Cancel or a failed write. */
  private halted(settling: boolean): boolean {
    const reason = this.stopReason;
    return (
      reason !== undefined && !(settling && (reason === "cancelled" || reason === "sheet-write"))
    );
  }

  private async callIn<T>(
    priority: SlotPriority,
    task: () => Promise<T>,
    settling: boolean,
    holdStarts: boolean
  ): Promise<T> {
    for (let waits = 0; ; waits += 1) {
      try {
        const inSlot = () => this.inSlot(task, settling, waits);
        return await (holdStarts
          ? this.pool.runHoldingStarts(priority, inSlot)
          : this.pool.run(priority, inSlot));
      } catch (error) {
        // A 429 means nothing was done (docs/developers/rules.md#truth-of-a-run): the call is made again after
        // the wait, without holding a slot, for as long as the run goes on and its budget lasts.
        if (!isRateLimitError(error) || waits >= this.maxRateLimitWaits) throw error;
        if (this.halted(settling)) throw new RunStopped();
        await this.sleep(this.busyWait(error));
        if (this.halted(settling)) throw new RunStopped();
      }
    }
  }

  /** One call in its slot (the `waits`-th after 429s): counted, and learnt from. */
  private async inSlot<T>(task: () => Promise<T>, settling: boolean, waits: number): Promise<T> {
    if (this.halted(settling)) throw new RunStopped();
    this.requests += 1;
    try {
      const result = await task();
      this.connection = "ok";
      this.lastAnswerAt = Date.now();
      return result;
    } catch (error) {
      // Stop at once, before the slot goes to the next call (the pool hands it on at once).
      if (isAuthError(error)) {
        if (this.stopReason === undefined) {
          this.stopWords = userAuthAdvice(error, this.language);
          this.stopProblem = error.problem;
        }
        this.stop("auth");
      } else if (isUnavailableError(error) && isNotSentError(error)) this.stop("unreachable");
      else if (isRateLimitError(error) && waits < this.maxRateLimitWaits) {
        // The budget is judged here too, so that no call takes the slot before the stop.
        const wait = this.busyWait(error);
        if (Date.now() + wait - this.lastAnswerAt > this.rateLimitBudgetMs)
          this.stop("rate-limited");
      }
      this.connection =
        isUnavailableError(error) && error.status === undefined ? "unreachable" : "ok";
      if (!isRateLimitError(error)) this.lastAnswerAt = Date.now();
      throw error;
    }
  }

  /** Waits `ms`, or less when the run stops (or `until` resolves first). */
  sleep(ms: number, until?: Promise<unknown>): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.stopReason !== undefined) return resolve();
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
      void until?.then(wake);
    });
  }

  private busyWait(error: { retryAfterMs?: number }): number {
    const until = this.client.rateLimit?.()?.pausedUntil;
    if (until !== undefined) return Math.max(0, until - Date.now());
    const asked = error.retryAfterMs;
    return asked !== undefined && asked > 0 ? asked : DEFAULT_BUSY_WAIT_MS;
  }
}

/**
 * A run's progress display: the counts at most once per flush tick, when something changed or the
 * pause's countdown moved, with the pause while the service's rate limit holds every request. A
 * failing display never breaks the run.
 */
export class ProgressReporter<S extends string> {
  private dirty = true;
  private shownPause: number | undefined;

  constructor(
    private readonly caller: RunCaller,
    private readonly counts: Record<S, number>,
    private readonly onProgress?: (counts: Record<S, number>, pause?: RateLimitPause) => void
  ) {}

  /** Something moved: the next tick shows it. */
  changed(): void {
    this.dirty = true;
  }

  /** Shows the counts (and the pause) if anything changed since they were last shown. */
  readonly emit = (): void => {
    const pause = this.caller.stopped() === undefined ? this.caller.pause() : undefined;
    if (!this.dirty && pause?.resumesInSeconds === this.shownPause) return;
    this.dirty = false;
    this.shownPause = pause?.resumesInSeconds;
    try {
      if (pause) this.onProgress?.({ ...this.counts }, pause);
      else this.onProgress?.({ ...this.counts });
    } catch {
      // A failing progress display must not break the run.
    }
  };
}
