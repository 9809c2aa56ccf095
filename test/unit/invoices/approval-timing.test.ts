import { ApprovalTiming } from "../../../src/invoices/actions/approval-timing";

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
});
