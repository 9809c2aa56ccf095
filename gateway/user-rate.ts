/**
 * The per-user rate as a sliding window: at most `rate` requests of one user (`oid`) in **any**
 * window of `windowMs`, not per fixed second — a fixed window lets twice the rate through across its
 * edge (the last moments of one second and the first of the next). Each user's last `rate` request
 * times are kept in a ring: a request passes when fewer than `rate` were made in the window before
 * it. In memory, per gateway instance; users idle for a whole window are forgotten.
 */

/** What {@link SlidingWindow.take} answers. */
export type RateAnswer = { ok: true } | { ok: false; retryAfterMs: number };

interface Ring {
  times: Float64Array;
  /** Index of the oldest of the kept times (the next one to replace). */
  next: number;
  count: number;
  last: number;
}

/** The sliding-window counter of one gateway instance. */
export class SlidingWindow {
  private readonly users = new Map<string, Ring>();
  private lastSweep: number;

  constructor(
    readonly rate: number,
    readonly windowMs = 1000,
    private readonly now: () => number = () => performance.now()
  ) {
    if (!Number.isInteger(rate) || rate < 1) throw new RangeError("rate must be 1 or more");
    this.lastSweep = now();
  }

  /** Counts one request of `key` if the window has room; else when the oldest leaves it. */
  take(key: string): RateAnswer {
    const now = this.now();
    if (now - this.lastSweep > this.windowMs) this.sweep(now);
    let ring = this.users.get(key);
    if (ring === undefined) {
      ring = { times: new Float64Array(this.rate), next: 0, count: 0, last: now };
      this.users.set(key, ring);
    }
    if (ring.count === this.rate) {
      // The oldest of the last `rate` requests: still inside the window means `rate` already in it.
      const oldest = ring.times[ring.next];
      if (now - oldest < this.windowMs) {
        return { ok: false, retryAfterMs: this.windowMs - (now - oldest) };
      }
    } else {
      ring.count++;
    }
    ring.times[ring.next] = now;
    ring.next = (ring.next + 1) % this.rate;
    ring.last = now;
    return { ok: true };
  }

  /** Users tracked now (tests). */
  get size(): number {
    return this.users.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, ring] of this.users) {
      if (now - ring.last >= this.windowMs) this.users.delete(key);
    }
  }
}
