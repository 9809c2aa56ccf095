/**
 * Coalesces row updates so that the Excel layer syncs once per tick, not once per row: updates of
 * one row are merged, and the batch is handed over every `flushIntervalMs`, when `maxBatchSize` rows
 * wait, or when the engine asks (before a create, at the end). Calls never overlap.
 */
import type { RowUpdate } from "../sheet-types";

/** Merges `next` into `base`: fields `next` leaves undefined keep `base`'s value. */
export function mergeRowUpdate(base: RowUpdate | undefined, next: RowUpdate): RowUpdate {
  const merged: RowUpdate = { ...(base ?? { rowNumber: next.rowNumber }) };
  const into = merged as unknown as Record<string, unknown>;
  const from = next as unknown as Record<string, unknown>;
  // A key loop, not Object.entries: no array a field (it runs for every row update of a run).
  for (const field of Object.keys(from)) {
    const value = from[field];
    if (value !== undefined) into[field] = value;
  }
  return merged;
}

/** Options of {@link RowUpdateBatcher}. */
export interface BatcherOptions {
  flushIntervalMs: number;
  maxBatchSize: number;
  /** Called at the start of every tick (timer or explicit flush), e.g. to report progress. */
  onTick?: () => void;
}

/** After this many failed writes in a row the batcher gives up (the run stops). */
const MAX_CONSECUTIVE_FAILURES = 3;

/** See the module comment. */
export class RowUpdateBatcher {
  private pending = new Map<number, RowUpdate>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failures = 0;
  /** Calls of the sink and rows they carried. */
  calls = 0;
  rows = 0;
  /** True once writes kept failing; the last error is kept. */
  broken = false;
  lastError: unknown;

  constructor(
    private readonly sink: (updates: RowUpdate[]) => Promise<void> | void,
    private readonly options: BatcherOptions
  ) {}

  /** Queues updates; a flush follows within `flushIntervalMs` (at once when the batch is full). */
  add(updates: readonly RowUpdate[]): void {
    for (const u of updates)
      this.pending.set(u.rowNumber, mergeRowUpdate(this.pending.get(u.rowNumber), u));
    if (this.pending.size >= this.options.maxBatchSize) void this.flush().catch(() => undefined);
    else this.schedule();
  }

  /** Asks for a tick without row updates (progress changed). */
  touch(): void {
    this.schedule();
  }

  /** Hands every waiting update over now; resolves when written, rejects when the write failed. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.options.onTick?.();
    const run = this.chain.then(() => this.write());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer (the last flush is the caller's). */
  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.options.flushIntervalMs);
  }

  private async write(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()].slice(0, this.options.maxBatchSize);
      for (const u of batch) this.pending.delete(u.rowNumber);
      try {
        this.calls += 1;
        this.rows += batch.length;
        await this.sink(batch);
        this.failures = 0;
      } catch (error) {
        // Put the batch back under anything newer, and try again on the next tick.
        for (const u of batch) {
          const newer = this.pending.get(u.rowNumber);
          this.pending.set(u.rowNumber, newer ? mergeRowUpdate(u, newer) : u);
        }
        this.failures += 1;
        this.lastError = error;
        if (this.failures >= MAX_CONSECUTIVE_FAILURES) this.broken = true;
        else this.schedule();
        throw error;
      }
    }
  }
}

/** Attempts at writing the sheet where the run cannot go on without it (references, the end). */
const WRITE_ATTEMPTS = 3;

/** Flushes `batcher` and closes it, trying {@link WRITE_ATTEMPTS} times; false when every try failed. */
export async function flushWithRetries(
  batcher: RowUpdateBatcher,
  pauseMs: number
): Promise<boolean> {
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt += 1) {
    try {
      await batcher.flush();
      batcher.close();
      return true;
    } catch {
      if (attempt < WRITE_ATTEMPTS)
        await new Promise((resolve) => setTimeout(resolve, Math.max(pauseMs, 50)));
    }
  }
  batcher.close();
  return false;
}
