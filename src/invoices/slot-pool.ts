/**
 * A concurrency limit with two priorities: work on invoices already started (approve, poll) goes
 * before starting new ones (search, create), so started invoices finish first and an approve is
 * never queued behind hundreds of creates. Waiting between polls happens outside the pool.
 */

/** `continue` = approve / poll / read of a started invoice; `start` = anything before its create. */
export type SlotPriority = "continue" | "start";

/** See the module comment. */
export class SlotPool {
  private active = 0;
  private readonly queues: Record<SlotPriority, (() => void)[]> = { continue: [], start: [] };

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

  private release(): void {
    const next = this.queues.continue.shift();
    if (next) return next();
    this.active -= 1;
    if (this.queues.start.length === 0) return;
    // Before new work starts, give the invoice whose call just ended a moment to ask for its next
    // step (an approve right after its create), so that it goes first.
    setTimeout(() => this.dispatch(), 0);
  }

  private dispatch(): void {
    while (this.active < this.size) {
      const next = this.queues.continue.shift() ?? this.queues.start.shift();
      if (!next) return;
      this.active += 1;
      next();
    }
  }
}
