/**
 * Learns during a run how long the service takes from an approve to a numbered invoice, so that
 * the other invoices are polled first when their number is expected, not one interval after the
 * approve (one poll instead of two, and the run ends sooner; docs/benchmarks/invoices.md).
 *
 * The service does not publish that time ("finalisation may take a few seconds"). The first
 * `probes` invoices approved are polled on a staggered grid: probe j first after
 * `MIN_FIRST_POLL_DELAY_MS + j × step`, then every `POLL_INTERVAL_RANGE_MS.min` (the interval's
 * lower bound, allowed by the service; only these few invoices use it, and only to measure), with
 * step = that interval ÷ probes. Together their polls sample every `step` ms, so the shortest wait
 * after which a probe was seen numbered is within one step (plus queueing) of the true time.
 * Their polls take the pool's highest priority, so the measure is not delayed by queued creates.
 */
import { MIN_FIRST_POLL_DELAY_MS, POLL_INTERVAL_RANGE_MS } from "./run-options";

/** How one invoice is polled after its approve. */
export interface PollPlan {
  /** A probe: polled on the staggered grid, with the highest priority. */
  probe: boolean;
  /** Time from the approve's answer to the first poll, when already known. */
  firstDelayMs?: number;
  /** Time between later polls. */
  intervalMs: number;
}

/** Invoices polled on the grid in a run. */
export const APPROVAL_PROBES = 8;

/**
 * Waiting invoices told of a change in one turn of the event loop; the rest in the next turns.
 * Told all at once (hundreds at 5,000 invoices), the pane answered a click in 219–309 ms during that
 * burst (bench:preview, 2026-11-27); see {@link ApprovalTiming.nextChange}.
 */
export const CHANGE_SLICE = 32;

/** See the module comment. */
export class ApprovalTiming {
  private started = 0;
  private ended = 0;
  private shortestSettled: number | undefined;
  private readonly step: number;
  private resolveLearnt: () => void = () => undefined;
  /** Resolves when the first number was seen: the probes still waiting poll when theirs is due. */
  readonly learnt = new Promise<void>((resolve) => (this.resolveLearnt = resolve));
  /** Who waits for the next change (of what {@link firstDelay} answers), in the order they came. */
  private waiting: (() => void)[] = [];

  constructor(
    private readonly pollIntervalMs: number,
    private readonly probes: number = APPROVAL_PROBES
  ) {
    this.step = Math.floor(POLL_INTERVAL_RANGE_MS.min / probes);
  }

  /** The plan for an invoice whose approve was just answered. */
  plan(): PollPlan {
    if (this.started < this.probes && this.shortestSettled === undefined) {
      const j = this.started++;
      return {
        probe: true,
        firstDelayMs: MIN_FIRST_POLL_DELAY_MS + j * this.step,
        intervalMs: POLL_INTERVAL_RANGE_MS.min,
      };
    }
    return { probe: false, intervalMs: this.pollIntervalMs };
  }

  /** A poll `waitedMs` after the approve's answer saw the invoice numbered. */
  sawSettled(waitedMs: number): void {
    const first = this.shortestSettled === undefined;
    if (first || waitedMs < this.shortestSettled!) this.shortestSettled = waitedMs;
    this.resolveLearnt();
    if (first) this.changed();
  }

  /**
   * Resolves at the next change of what {@link firstDelay} answers (the first number seen, the last
   * probe ended): the invoices approved while the probes measure wait on it, one wake each, instead
   * of looking every 100 ms (at 500 invoices about 20 looks each, a timer and a promise
   * every look, the largest allocation of the engine's own). They are told {@link CHANGE_SLICE} at
   * a time, a turn of the event loop each, first come first told (the earliest approved are due first),
   * so that a click on the pane is answered between two slices.
   */
  nextChange(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private changed(): void {
    const told = this.waiting;
    this.waiting = [];
    let next = 0;
    const tellSlice = (): void => {
      const end = Math.min(told.length, next + CHANGE_SLICE);
      for (; next < end; next++) told[next]();
      if (next < told.length) setTimeout(tellSlice, 0);
    };
    tellSlice();
  }

  /** True once a number was seen (the approval time is measured). */
  measured(): boolean {
    return this.shortestSettled !== undefined;
  }

  /** When the number of an invoice approved at `approvedAt` is expected; undefined while measuring. */
  dueAt(approvedAt: number): number | undefined {
    if (this.shortestSettled === undefined) return undefined;
    return approvedAt + Math.max(MIN_FIRST_POLL_DELAY_MS, this.shortestSettled);
  }

  /** A probe's polling ended (numbered, failed, timed out or stopped). */
  probeEnded(): void {
    this.ended += 1;
    if (this.shortestSettled === undefined && this.ended === this.started) this.changed();
  }

  /**
   * The first-poll delay for a non-probe invoice: the shortest wait seen (never below
   * MIN_FIRST_POLL_DELAY_MS); `fallbackMs` when every probe ended without a number; undefined
   * while still measuring.
   */
  firstDelay(fallbackMs: number): number | undefined {
    if (this.shortestSettled !== undefined)
      return Math.max(MIN_FIRST_POLL_DELAY_MS, this.shortestSettled);
    if (this.started > 0 && this.ended >= this.started) return fallbackMs;
    return undefined;
  }
}
