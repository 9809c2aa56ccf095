/**
 * The per-user limit as a sliding window (gateway/user-rate.ts): never more than the rate in any
 * window, so no burst of twice the rate across a window's edge; a clock the test moves.
 */
import { SlidingWindow } from "../../../gateway";

function clock(start = 0) {
  let t = start;
  return { now: () => t, set: (ms: number) => (t = ms) };
}

describe("the per-user sliding window", () => {
  it("lets no burst of twice the rate through across an edge: 40 requests in 195 ms, 20 pass", () => {
    const c = clock(10_000);
    const w = new SlidingWindow(20, 1000, c.now);
    let passed = 0;
    // 20 at the end of one second, 20 at the start of the next (a fixed window passes all 40).
    for (let i = 0; i < 40; i++) {
      c.set(10_900 + i * 5);
      if (w.take("oid-1").ok) passed++;
    }
    expect(passed).toBe(20);
  });

  it("passes again when the oldest request leaves the window, and says when", () => {
    const c = clock(0);
    const w = new SlidingWindow(3, 1000, c.now);
    for (const t of [0, 100, 200]) {
      c.set(t);
      expect(w.take("u").ok).toBe(true);
    }
    c.set(600);
    expect(w.take("u")).toEqual({ ok: false, retryAfterMs: 400 });
    c.set(1000);
    expect(w.take("u").ok).toBe(true);
    c.set(1050);
    expect(w.take("u")).toEqual({ ok: false, retryAfterMs: 50 });
  });

  it("never passes more than the rate in any window of a long uneven stream", () => {
    const c = clock(0);
    const rate = 20;
    const w = new SlidingWindow(rate, 1000, c.now);
    const passed: number[] = [];
    let t = 0;
    for (let i = 0; i < 5000; i++) {
      t += (i * 7919) % 97; // 0–96 ms apart, deterministic
      c.set(t);
      if (w.take("u").ok) passed.push(t);
    }
    for (let i = rate; i < passed.length; i++) {
      expect(passed[i] - passed[i - rate]).toBeGreaterThanOrEqual(1000);
    }
    expect(passed.length).toBeGreaterThan(rate * Math.floor(t / 1000) * 0.9);
  });

  it("counts each user apart and forgets users idle for a window", () => {
    const c = clock(0);
    const w = new SlidingWindow(1, 1000, c.now);
    expect(w.take("a").ok).toBe(true);
    expect(w.take("b").ok).toBe(true);
    expect(w.take("a").ok).toBe(false);
    expect(w.size).toBe(2);
    c.set(5000);
    expect(w.take("c").ok).toBe(true);
    expect(w.size).toBe(1);
  });
});
