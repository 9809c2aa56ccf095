/**
 * The one run loop (docs/developers/rules.md#truth-of-a-run). Every action on invoices — create and
 * approve, create drafts, approve drafts, send, credit, discard — is a run of this loop:
 *
 *   reconcile → plan → act → reconcile   (the action's steps: {@link RunSteps.act})
 *   settle every invoice, write its rows  (the action's case: {@link RunSteps.settle})
 *   flush the sheet, show the last counts
 *
 * The loop owns what every run shares: the calls (slot pool, rate-limit budget, the stop — see
 * run-caller.ts), the counts per state and the progress shown from them, the row writes (batched,
 * retried at the end), cancel, and the pause watch while the service's rate limit holds the run.
 * The settle step runs whatever happened (a stop, a throw): every invoice ends in a state the
 * service's answers justify, and its rows say so.
 */
import type { BillingClient } from "../../api";
import type { Say } from "../words";
import type { RowUpdate } from "../sheet-types";
import { RowUpdateBatcher, flushWithRetries } from "./row-update-batcher";
import { ProgressReporter, RunCaller } from "./run-caller";
import type { RateLimitPause, StopReason } from "./run-types";

/** How often the progress looks whether the service's rate limit holds the run (the pane's "resumes in"). */
const PAUSE_CHECK_MS = 500;

/** What a run's loop is set up with (the resolved options of either kind of run). */
export interface RunLoopOptions<S extends string> {
  /** Calls in flight at once. */
  concurrency: number;
  /** How long the run waits for the service's rate limit before it stops. */
  rateLimitBudgetMs: number;
  /** 429s one call waits out before it gives up on its own. */
  maxRateLimitWaits?: number;
  /** Row writes are gathered for this long. */
  flushIntervalMs: number;
  /** Rows in one write at most. */
  maxBatchSize: number;
  onProgress?: (counts: Record<S, number>, pause?: RateLimitPause) => void;
  onRowUpdates?: (updates: RowUpdate[]) => Promise<void> | void;
  signal?: AbortSignal;
  /** The run's words: a sign-in or role refusal that stops it is said in their language. */
  say?: Say;
}

/** An action's part in the loop. */
export interface RunSteps {
  /** Reconcile, plan, act and reconcile again, through the loop's {@link RunLoop.caller}. */
  act(): Promise<void>;
  /** Settles every invoice from what the service holds and what was attempted; writes its rows. */
  settle(): void;
}

/** See the module comment. One per run. */
export class RunLoop<S extends string> {
  readonly startedAt = Date.now();
  readonly counts: Record<S, number>;
  readonly caller: RunCaller;
  readonly progress: ProgressReporter<S>;
  readonly batcher: RowUpdateBatcher;

  constructor(
    client: Pick<BillingClient, "rateLimit">,
    states: readonly S[],
    private readonly options: RunLoopOptions<S>
  ) {
    this.counts = Object.fromEntries(states.map((s) => [s, 0])) as Record<S, number>;
    this.caller = new RunCaller(client, {
      concurrency: options.concurrency,
      rateLimitBudgetMs: options.rateLimitBudgetMs,
      ...(options.maxRateLimitWaits !== undefined
        ? { maxRateLimitWaits: options.maxRateLimitWaits }
        : {}),
      ...(options.say ? { language: options.say.language } : {}),
    });
    this.progress = new ProgressReporter(this.caller, this.counts, options.onProgress);
    this.batcher = new RowUpdateBatcher(options.onRowUpdates ?? (() => undefined), {
      flushIntervalMs: options.flushIntervalMs,
      maxBatchSize: options.maxBatchSize,
      onTick: this.progress.emit,
    });
  }

  /** The run's stop, if it stopped (see run-caller.ts). */
  stopped(): StopReason | undefined {
    return this.caller.stopped();
  }

  stop(reason: StopReason): void {
    this.caller.stop(reason);
  }

  /** Counts one invoice out of `from` and into `to`. */
  move(from: S, to: S): void {
    this.counts[from] -= 1;
    this.counts[to] += 1;
    this.progress.changed();
  }

  /** Queues `fields` for every row of an invoice; a sheet that keeps refusing writes stops the run. */
  write(rowNumbers: readonly number[], fields: Omit<RowUpdate, "rowNumber">): void {
    this.batcher.add(rowNumbers.map((rowNumber) => ({ rowNumber, ...fields })));
    if (this.batcher.broken) this.stop("sheet-write");
  }

  /** Writes what is queued now (before acting: the references must be in the sheet); false on failure. */
  async flushNow(): Promise<boolean> {
    const ok = await flushWithRetries(this.batcher, this.options.flushIntervalMs);
    if (!ok) this.stop("sheet-write");
    return ok;
  }

  /** The loop itself (see the module comment). */
  async run(steps: RunSteps): Promise<void> {
    const { signal, onProgress } = this.options;
    const onAbort = () => this.stop("cancelled");
    if (signal?.aborted) this.stop("cancelled");
    signal?.addEventListener("abort", onAbort);
    const pauseWatch = onProgress ? setInterval(this.progress.emit, PAUSE_CHECK_MS) : undefined;
    try {
      await steps.act();
    } finally {
      if (pauseWatch !== undefined) clearInterval(pauseWatch);
      signal?.removeEventListener("abort", onAbort);
      steps.settle();
      this.batcher.close();
      await flushWithRetries(this.batcher, this.options.flushIntervalMs);
      this.progress.changed();
      this.progress.emit();
    }
  }
}
