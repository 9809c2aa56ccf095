/**
 * A concurrency limit with four priorities, in this order: `probe` (the few polls that measure the
 * service's approval time, the bulk approves and the gathered reference check before them: one
 * request each for up to 100 invoices), `start` (look-ups before a create, and the create),
 * `continue` (a reference checked alone, a single approve, read-backs) and `poll`. A run ends one approval wait after its last
 * approve, and that approve comes only after every create, check and approve has had a slot, so
 * polls go last: each poll served earlier pushes the last approve later (docs/benchmarks/invoices.md,
 * "Which order"). After them, `sweep`: the search for a browser's duplicate draft, which no invoice
 * waits for, fills the slots the approval wait leaves idle. FIFO within a priority.
 * Waiting between polls happens outside the pool.
 *
 * A task may run {@link SlotPool.runHoldingStarts holding the starts}: while it runs no `start`
 * task gets a slot (those in flight finish; every other priority goes on). The run's gathered
 * search by reference does (reference-search.ts): a paged search over the sheet's prefix that
 * runs while creates go on finds each new create on its next page and pages on until the creates
 * end (bench:invoices: one search of 167 pages, 7 s, at 500 invoices).
 */

/** See the module comment. */
export type SlotPriority = "probe" | "start" | "continue" | "poll" | "sweep";

const ORDER: readonly SlotPriority[] = ["probe", "start", "continue", "poll", "sweep"];

/** See the module comment. */
export class SlotPool {
  private active = 0;
  private readonly queues: Record<SlotPriority, (() => void)[]> = {
    probe: [],
    start: [],
    continue: [],
    poll: [],
    sweep: [],
  };

  /** Tasks running that hold the starts (see the module comment). */
  private holdingStarts = 0;
  /** `start` tasks running now, and who waits for them to end. */
  private startsRunning = 0;
  private readonly startsDrained: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Runs `task` when a slot is free, highest priority first; the slot is held only while it runs. */
  async run<T>(priority: SlotPriority, task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size || (priority === "start" && this.holdingStarts > 0))
      await new Promise<void>((resolve) => this.queues[priority].push(resolve));
    else this.active += 1;
    if (priority === "start") this.startsRunning += 1;
    try {
      return await task();
    } finally {
      if (priority === "start" && --this.startsRunning === 0)
        for (const wake of this.startsDrained.splice(0)) wake();
      this.release();
    }
  }

  /**
   * Runs `task` as {@link run} does; while it runs, no `start` task is given a slot, and it begins
   * once the `start` tasks in flight have ended and their callers have taken their answers (a
   * turn of the event loop): the run's gathered reference check then knows every create it made
   * and leaves them out, so its answer holds only what others made — one page, unless another
   * pane is at work (reference-search.ts decides on one-page answers only).
   */
  async runHoldingStarts<T>(priority: SlotPriority, task: () => Promise<T>): Promise<T> {
    return await this.run(priority, async () => {
      this.holdingStarts += 1;
      try {
        if (this.startsRunning > 0) {
          await new Promise<void>((resolve) => this.startsDrained.push(resolve));
          await new Promise<void>((resolve) => setTimeout(resolve, 0));
        }
        return await task();
      } finally {
        this.holdingStarts -= 1;
        this.resumeStarts();
      }
    });
  }

  /** Hands the freed slot straight to the next waiter: no pause, so no slot stands idle. */
  private release(): void {
    for (const priority of ORDER) {
      if (priority === "start" && this.holdingStarts > 0) continue;
      const next = this.queues[priority].shift();
      if (next) return next();
    }
    this.active -= 1;
  }

  /** The starts are free again: the slots that stood free meanwhile go to the starts waiting. */
  private resumeStarts(): void {
    if (this.holdingStarts > 0) return;
    // The releasing task still holds its slot here; it is handed on by its own release.
    while (this.active < this.size && this.queues.start.length > 0) {
      this.active += 1;
      this.queues.start.shift()!();
    }
  }
}
