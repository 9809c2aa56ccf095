/**
 * One rate governor per service (docs/developers/rules.md#truth-of-a-run: a 429 means "later").
 * Every HTTP attempt to a service — a cell's cost chain, a lookup, an invoice run, Test connection,
 * each of ky's retries — first takes a turn here, so that the service sees one client, not one per
 * caller:
 *
 * - a 429 (`Retry-After` or `x-retry-after-seconds`, from the service or the company gateway)
 *   pauses every request to the service until the time it names, not only the one that got it;
 * - the rate adapts (AIMD with a learnt ceiling): until the first 429 requests are not spaced at
 *   all; a 429 sets the ceiling to what the service let through in the last second and halves the
 *   rate (sharp drop); good answers bring it back quickly to just under the ceiling, then slowly
 *   beyond it, so a long run settles just under the service's limit instead of bouncing off it.
 *
 * The timing is bottleneck's: `minTime` spaces the starts (changed at run time as the rate adapts),
 * an empty `reservoir` holds every queued request during a pause, and its priorities keep the cost
 * chain's order (deeper first) among requests that wait here.
 */
import Bottleneck from "bottleneck/light";
import { abortable } from "./abortable";
import { parseRetryAfter } from "./retry-after";
import type { HeaderReader } from "./retry-after";

/** What the governor knows of its service now (for the task pane and benchmarks). */
export interface RateLimitState {
  /** Epoch ms until which every request waits (a 429's wait); undefined when not paused. */
  pausedUntil?: number;
  /** Requests per second the governor lets through; undefined while no limit has been met. */
  ratePerSecond?: number;
  /** The rate the service let through when it last answered 429 (the learnt limit). */
  ceilingPerSecond?: number;
  /** 429 answers seen since the governor was made. */
  throttled: number;
  /** Attempts let through since the governor was made. */
  sent: number;
}

/** Tuning of a {@link RateGovernor}; every field has a default. */
export interface RateGovernorOptions {
  /** Wait after a 429 that names none (ms). Default 2 000. */
  defaultPauseMs?: number;
  /** The rate after a 429, as a share of the learnt ceiling. Default 0.5. */
  decrease?: number;
  /** Where the rate settles, as a share of the learnt ceiling. Default 0.95. */
  settle?: number;
  /** Growth per second beyond the settle point, as a share of the ceiling. Default 0.002. */
  probePerSecond?: number;
  /** Lowest rate, requests per second. Default 1. */
  minRatePerSecond?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** How often the rate is raised while answers are good. */
const ADJUST_EVERY_MS = 250;
/** Growth per adjustment below the settle point: back to just under the ceiling in about 1 s. */
const RECOVERY_FACTOR = 1.25;
/** The window in which the service's accepted requests are counted when it answers 429. */
const MEASURE_WINDOW_MS = 1000;

/** Bottleneck priorities run 0 (first) to 9; the default is 5. */
function bottleneckPriority(priority: number): number {
  return Math.min(9, Math.max(0, 5 - Math.round(priority)));
}

/** See the module comment. */
export class RateGovernor {
  private readonly limiter = new Bottleneck({ maxConcurrent: null, minTime: 0 });
  private readonly opts: Required<Omit<RateGovernorOptions, "now">>;
  private readonly now: () => number;
  private rate = Number.POSITIVE_INFINITY;
  private ceiling: number | undefined;
  private pausedUntil = 0;
  private pauseTimer: ReturnType<typeof setTimeout> | undefined;
  private lastDecreaseAt = Number.NEGATIVE_INFINITY;
  private lastAdjustAt = 0;
  /** Times of the accepted answers of the last second (oldest first). */
  private accepted: number[] = [];
  private throttled = 0;
  private sent = 0;
  private readonly listeners = new Set<(state: RateLimitState) => void>();

  constructor(options: RateGovernorOptions = {}) {
    this.now = options.now ?? Date.now;
    this.opts = {
      defaultPauseMs: options.defaultPauseMs ?? 2000,
      decrease: options.decrease ?? 0.5,
      settle: options.settle ?? 0.95,
      probePerSecond: options.probePerSecond ?? 0.002,
      minRatePerSecond: options.minRatePerSecond ?? 1,
    };
  }

  /**
   * Waits for this request's turn: after any pause, at the current rate, higher `priority` first.
   * Resolves to the time it was let through; rejects with the signal's reason when `signal` aborts.
   */
  async acquire(priority = 0, signal?: AbortSignal): Promise<number> {
    // Nothing to wait for (no 429 seen yet, no pause, no one queued): through at once. Bottleneck
    // would let it through too, but only after a few timer turns (~9 ms a request measured in
    // bench:invoices, a third of a 20 ms request), which a run of 500 creates pays 500 times.
    if (signal?.aborted) throw signal.reason as Error;
    if (this.unhindered()) {
      this.sent += 1;
      return this.now();
    }
    for (;;) {
      const turn = this.limiter.schedule({ priority: bottleneckPriority(priority) }, async () =>
        this.now() >= this.pausedUntil ? this.now() : undefined
      );
      const at = await abortable(turn, signal);
      // Let through before a pause began but run after it: queue again, behind the pause.
      if (at !== undefined) {
        this.sent += 1;
        return at;
      }
    }
  }

  /** Learns from one answer: `status` and its headers, for a request let through at `sentAt`. */
  observe(status: number, headers: HeaderReader, sentAt: number): void {
    const now = this.now();
    if (status !== 429) {
      this.accepted.push(now);
      // Only the last second counts: forget older answers now and then, not on every answer.
      if (this.accepted.length > 1024) this.recentAccepted(now);
      this.raise(now);
      return;
    }
    this.throttled += 1;
    const wait = parseRetryAfter(headers, now);
    this.pause(now + (wait !== undefined && wait > 0 ? wait : this.opts.defaultPauseMs));
    // 429s of requests sent before the last drop are the same crowd: one drop per crowd.
    if (sentAt > this.lastDecreaseAt) this.lower(now);
    this.notify();
  }

  /** What the governor knows now. */
  state(): RateLimitState {
    const now = this.now();
    return {
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : undefined,
      ratePerSecond: Number.isFinite(this.rate) ? round(this.rate) : undefined,
      ceilingPerSecond: this.ceiling === undefined ? undefined : round(this.ceiling),
      throttled: this.throttled,
      sent: this.sent,
    };
  }

  /** Calls `listener` on every 429 (a pause began or grew); returns how to stop listening. */
  onThrottled(listener: (state: RateLimitState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * True while the governor has nothing to do: unlimited rate (no 429 yet), no pause or its timer
   * pending, and no request waiting in the limiter (so none is overtaken, whatever its priority).
   */
  private unhindered(): boolean {
    if (Number.isFinite(this.rate) || this.pauseTimer !== undefined) return false;
    if (this.now() < this.pausedUntil) return false;
    const { RECEIVED, QUEUED, RUNNING } = this.limiter.counts();
    return RECEIVED + QUEUED + RUNNING === 0;
  }

  private recentAccepted(now: number): number {
    const from = now - MEASURE_WINDOW_MS;
    let drop = 0;
    while (drop < this.accepted.length && this.accepted[drop] <= from) drop += 1;
    if (drop > 0) this.accepted.splice(0, drop);
    return this.accepted.length;
  }

  /** Multiplicative decrease: the ceiling is what the service let through; the rate drops below. */
  private lower(now: number): void {
    const measured = this.recentAccepted(now);
    const limit = Math.max(this.opts.minRatePerSecond, Math.min(this.rate, measured));
    this.ceiling = limit;
    this.setRate(limit * this.opts.decrease);
    this.lastDecreaseAt = now;
    this.lastAdjustAt = now;
  }

  /** Raises the rate while answers are good: quickly to the settle point, then slowly. */
  private raise(now: number): void {
    if (this.ceiling === undefined || !Number.isFinite(this.rate)) return;
    const elapsed = now - this.lastAdjustAt;
    if (elapsed < ADJUST_EVERY_MS) return;
    this.lastAdjustAt = now;
    const target = this.ceiling * this.opts.settle;
    const next =
      this.rate < target
        ? Math.min(target, this.rate * RECOVERY_FACTOR)
        : this.rate + (this.ceiling * this.opts.probePerSecond * Math.min(elapsed, 1000)) / 1000;
    this.setRate(next);
  }

  private setRate(rate: number): void {
    this.rate = Math.max(this.opts.minRatePerSecond, rate);
    void this.limiter.updateSettings({ minTime: Math.ceil(1000 / this.rate) });
  }

  private pause(until: number): void {
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    void this.limiter.updateSettings({ reservoir: 0 });
    if (this.pauseTimer !== undefined) clearTimeout(this.pauseTimer);
    // A few ms late rather than early: a request let through at the edge would meet the 429 again.
    this.pauseTimer = setTimeout(
      () => {
        this.pauseTimer = undefined;
        void this.limiter.updateSettings({ reservoir: null });
      },
      Math.max(0, until - this.now()) + 5
    );
    // Node: a pause must not keep a process alive (browsers have no unref).
    (this.pauseTimer as { unref?: () => void }).unref?.();
  }

  private notify(): void {
    const state = this.state();
    for (const listener of this.listeners) {
      try {
        listener(state);
      } catch {
        // A listener's failure is not the request's.
      }
    }
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Governors by service: the pane, the functions and Test connection share one per base URL. */
const GOVERNORS = new Map<string, RateGovernor>();
/** Services remembered at once (a controller uses one or two; the oldest is forgotten). */
const MAX_SERVICES = 16;

/** The key of a service: its base URL without a trailing slash, scheme and host in lower case. */
export function serviceKey(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`.toLowerCase();
  } catch {
    return baseUrl.replace(/\/+$/, "").toLowerCase();
  }
}

/**
 * The one governor of the service at `baseUrl`, shared by every client of it in this runtime
 * (the shared runtime loads this module once: pane, functions and commands see the same map).
 */
export function governorFor(baseUrl: string): RateGovernor {
  const key = serviceKey(baseUrl);
  let governor = GOVERNORS.get(key);
  if (governor === undefined) {
    governor = new RateGovernor();
    if (GOVERNORS.size >= MAX_SERVICES) GOVERNORS.delete(GOVERNORS.keys().next().value!);
    GOVERNORS.set(key, governor);
  }
  return governor;
}
