import { ApprovalTiming, CHANGE_SLICE } from "../../../src/invoices/engine/approval-timing";

/** One turn of the event loop (timers of 0 ms set before it have run). */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("ApprovalTiming", () => {
  it("plans the first invoices as probes on a staggered grid at the interval's lower bound", () => {
    const timing = new ApprovalTiming(2500, 4);
    const plans = Array.from({ length: 5 }, () => timing.plan());
    expect(plans.slice(0, 4)).toEqual([
      { probe: true, firstDelayMs: 1000, intervalMs: 2000 },
      { probe: true, firstDelayMs: 1500, intervalMs: 2000 },
      { probe: true, firstDelayMs: 2000, intervalMs: 2000 },
      { probe: true, firstDelayMs: 2500, intervalMs: 2000 },
    ]);
    expect(plans[4]).toEqual({ probe: false, intervalMs: 2500 });
  });

  it("knows nothing while measuring, then the shortest wait after which a number was seen", () => {
    const timing = new ApprovalTiming(2500, 2);
    timing.plan();
    timing.plan();
    expect(timing.firstDelay(2500)).toBeUndefined();
    timing.sawSettled(4000);
    timing.sawSettled(3750);
    timing.sawSettled(5200);
    expect(timing.firstDelay(2500)).toBe(3750);
  });

  it("never plans a first poll sooner than 1 s, and stops probing once it knows", () => {
    const timing = new ApprovalTiming(2500, 8);
    timing.plan();
    timing.sawSettled(300);
    expect(timing.firstDelay(2500)).toBe(1000);
    expect(timing.plan()).toEqual({ probe: false, intervalMs: 2500 });
  });

  it("falls back to the configured first poll when every probe ended without a number", () => {
    const timing = new ApprovalTiming(2500, 2);
    timing.plan();
    timing.plan();
    timing.probeEnded();
    expect(timing.firstDelay(2500)).toBeUndefined();
    timing.probeEnded();
    expect(timing.firstDelay(2500)).toBe(2500);
  });

  it("tells the waiting probes when the first number is seen, and when each one's is due", async () => {
    const timing = new ApprovalTiming(2500, 2);
    timing.plan();
    timing.plan();
    let told = false;
    void timing.learnt.then(() => (told = true));
    await Promise.resolve();
    expect([timing.measured(), told, timing.dueAt(10_000)]).toEqual([false, false, undefined]);
    timing.sawSettled(3800);
    await timing.learnt;
    expect([timing.measured(), told]).toEqual([true, true]);
    // A probe approved at 10 s expects its number 3.8 s later; never sooner than the 1 s minimum.
    expect(timing.dueAt(10_000)).toBe(13_800);
    timing.sawSettled(200);
    expect(timing.dueAt(10_000)).toBe(11_000);
  });

  it("tells the invoices waiting on the probes of each change once, and only of a change", async () => {
    const timing = new ApprovalTiming(2500, 2);
    timing.plan();
    timing.plan();
    const told: string[] = [];
    void timing.nextChange().then(() => told.push("before any probe ended"));
    // One probe ended without a number, one still measures: no change of what is known.
    timing.probeEnded();
    await nextTurn();
    expect(told).toEqual([]);
    expect(timing.firstDelay(2500)).toBeUndefined();
    timing.sawSettled(3800);
    await nextTurn();
    expect(told).toEqual(["before any probe ended"]);
    expect(timing.firstDelay(2500)).toBe(3800);
    // A shorter number later is no change for the waiting ones (they poll when due either way).
    void timing.nextChange().then(() => told.push("after the first number"));
    timing.sawSettled(3000);
    timing.probeEnded();
    await nextTurn();
    expect(told).toEqual(["before any probe ended"]);
  });

  it("tells the waiting ones when the last probe ended without a number (the fallback delay)", async () => {
    const timing = new ApprovalTiming(2500, 2);
    timing.plan();
    timing.plan();
    let told = false;
    void timing.nextChange().then(() => (told = true));
    timing.probeEnded();
    timing.probeEnded();
    await nextTurn();
    expect([told, timing.firstDelay(2500)]).toEqual([true, 2500]);
  });

  it("tells many waiting ones a slice per turn of the event loop, first come first told", async () => {
    const timing = new ApprovalTiming(2500, 1);
    timing.plan();
    const waiting = 2 * CHANGE_SLICE + 5;
    const told: number[] = [];
    for (let i = 0; i < waiting; i++) void timing.nextChange().then(() => told.push(i));
    timing.sawSettled(3800);
    // Every promise settled in this turn has run its reaction once the microtasks drain.
    await Promise.resolve();
    expect(told).toEqual(Array.from({ length: CHANGE_SLICE }, (_, i) => i));
    await nextTurn();
    expect(told).toHaveLength(2 * CHANGE_SLICE);
    await nextTurn();
    expect(told).toEqual(Array.from({ length: waiting }, (_, i) => i));
  });
});
