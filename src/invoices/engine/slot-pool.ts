/**
 * A concurrency limit with four priorities, in this order: `probe` (the few polls that measure the
 * service's approval time), `start` (look-ups before a create, and the create), `continue` (the
 * reference check, approve, read-backs) and `poll`. A run ends one approval wait after its last
 * approve, and that approve comes only after every create, check and approve has had a slot, so
 * polls go last: each poll served earlier pushes the last approve later (docs/benchmarks-invoices.md,
 * "Which order"). After them, `sweep`: the search for a browser's duplicate draft, which no invoice
 * waits for (issue 20), fills the slots the approval wait leaves idle. FIFO within a priority.
 * Waiting between polls happens outside the pool.
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

  constructor(private readonly size: number) {}

  /** Runs `task` when a slot is free, highest priority first; the slot is held only while it runs. */
  async run<T>(priority: SlotPriority, task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size)
      await new Promise<void>((resolve) => this.queues[priority].push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Hands the freed slot straight to the next waiter: no pause, so no slot stands idle. */
  private release(): void {
    for (const priority of ORDER) {
      const next = this.queues[priority].shift();
      if (next) return next();
    }
    this.active -= 1;
  }
}
