import { RateGovernor, governorFor, serviceKey } from "../../../src/api/rate-governor";

const headers = (h: Record<string, string>) => new Headers(h);
const ok = new Headers();

/** A governor on a clock the test moves (the rate's arithmetic; bottleneck keeps real time). */
function clocked() {
  let now = 1_000_000;
  const governor = new RateGovernor({ now: () => now });
  return {
    governor,
    at: (ms: number) => (now = ms),
    advance: (ms: number) => (now += ms),
    now: () => now,
  };
}

describe("RateGovernor: one per service, a 429 pauses everyone, the rate adapts", () => {
  it("pauses every request to the service until the time a 429 names (Retry-After)", async () => {
    const governor = new RateGovernor();
    const sentAt = await governor.acquire();
    governor.observe(429, headers({ "retry-after": "0.3" }), sentAt);
    const started = Date.now();
    // Another caller's request, which never met the 429 itself, waits too.
    await governor.acquire(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(governor.state().throttled).toBe(1);
  });

  it("reads the live gateway's x-retry-after-seconds the same way", async () => {
    const governor = new RateGovernor();
    governor.observe(429, headers({ "x-retry-after-seconds": "0.2" }), Date.now());
    expect(governor.state().pausedUntil).toBeGreaterThan(Date.now() + 150);
    const started = Date.now();
    await governor.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it("lets a waiting request go when its caller cancels", async () => {
    const governor = new RateGovernor();
    governor.observe(429, headers({ "retry-after": "5" }), Date.now());
    const controller = new AbortController();
    const waiting = governor.acquire(0, controller.signal);
    controller.abort(new Error("cancelled by the caller"));
    await expect(waiting).rejects.toThrow("cancelled by the caller");
  });

  it("drops sharply on a 429 to half of what the service let through, then climbs back to just under it", () => {
    const { governor, advance } = clocked();
    expect(governor.state().ratePerSecond).toBeUndefined(); // no limit met yet: not spaced
    // 40 answers in the last second, then a 429: the learnt limit is 40/s.
    for (let i = 0; i < 40; i += 1) {
      advance(20);
      governor.observe(200, ok, 0);
    }
    governor.observe(429, headers({ "retry-after": "1" }), 1);
    expect(governor.state()).toMatchObject({ ceilingPerSecond: 40, ratePerSecond: 20 });
    // Good answers: back to the settle point (0.95 × 40) within a second...
    for (let i = 0; i < 3; i += 1) {
      advance(250);
      governor.observe(200, ok, 0);
    }
    expect(governor.state().ratePerSecond).toBe(38);
    // ...then only slowly beyond it: 0.2% of the ceiling a second.
    for (let i = 0; i < 40; i += 1) {
      advance(250);
      governor.observe(200, ok, 0);
    }
    const rate = governor.state().ratePerSecond!;
    expect(rate).toBeGreaterThan(38);
    expect(rate).toBeLessThanOrEqual(38.9);
  });

  it("drops once for the crowd of requests that were already under way when the 429 came", () => {
    const { governor, advance, now } = clocked();
    for (let i = 0; i < 30; i += 1) {
      advance(30);
      governor.observe(200, ok, 0);
    }
    const crowdSentAt = now() - 10;
    governor.observe(429, headers({ "retry-after": "1" }), crowdSentAt);
    const after = governor.state().ratePerSecond;
    governor.observe(429, headers({ "retry-after": "1" }), crowdSentAt);
    governor.observe(429, headers({ "retry-after": "1" }), crowdSentAt);
    expect(governor.state().ratePerSecond).toBe(after);
    expect(governor.state().throttled).toBe(3);
    // A 429 for a request sent after the drop lowers it again.
    advance(2000);
    governor.observe(429, headers({ "retry-after": "1" }), now());
    expect(governor.state().ratePerSecond).toBeLessThan(after!);
  });

  it("waits a default time after a 429 that names none", () => {
    const { governor, now } = clocked();
    governor.observe(429, ok, now());
    expect(governor.state().pausedUntil).toBe(now() + 2000);
  });

  it("is one per service: the same base URL in any spelling gives the same governor", () => {
    const a = governorFor("https://billing.example.com/");
    expect(governorFor("https://BILLING.example.com")).toBe(a);
    expect(governorFor("https://billing.example.com//")).toBe(a);
    expect(governorFor("https://other.example.com")).not.toBe(a);
    expect(governorFor("https://billing.example.com:8443")).not.toBe(a);
    expect(serviceKey("http://127.0.0.1:3001/")).toBe("http://127.0.0.1:3001");
  });

  it("lets a request through in the same turn while it has nothing to do, and queues once a 429 was seen", async () => {
    const governor = new RateGovernor();
    // No 429 yet: no timer turn (bottleneck's would cost a few ms per request, bench:invoices).
    let through = false;
    void governor.acquire().then(() => (through = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(through).toBe(true);
    expect(governor.state().sent).toBe(1);
    // A 429 that is over: the rate is now paced, so requests take their turn in the limiter again.
    governor.observe(429, headers({ "retry-after": "0.05" }), Date.now());
    let late = false;
    const turn = governor.acquire().then(() => (late = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(late).toBe(false);
    await turn;
    expect(governor.state().sent).toBe(2);
  });

  it("rejects at once, without a turn, when the caller has already cancelled", async () => {
    const governor = new RateGovernor();
    const controller = new AbortController();
    controller.abort(new Error("cancelled before sending"));
    await expect(governor.acquire(0, controller.signal)).rejects.toThrow(
      "cancelled before sending"
    );
    expect(governor.state().sent).toBe(0);
  });
});

describe("the client takes its turn at the service's governor", () => {
  it("pauses another client of the same service after the company gateway's 429 (GATEWAY_USER_RATE_LIMITED)", async () => {
    const { createBillingClient } = await import("../../../src/api");
    const base = "https://gateway.example.test";
    const sent: { client: string; at: number }[] = [];
    let answered429 = false;
    const fetchFor =
      (client: string): typeof fetch =>
      async () => {
        sent.push({ client, at: Date.now() });
        if (!answered429) {
          answered429 = true;
          return new Response(
            JSON.stringify({
              errors: [{ key: "GATEWAY_USER_RATE_LIMITED", message: "Too many requests." }],
            }),
            { status: 429, headers: { "retry-after": "0.4", "content-type": "application/json" } }
          );
        }
        return new Response(null, { status: 204 });
      };
    const settings = { baseUrl: base, headers: {}, credential: { kind: "none" as const } };
    const pane = createBillingClient(settings, { fetch: fetchFor("pane") });
    const functions = createBillingClient(settings, { fetch: fetchFor("functions") });
    const id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

    const first = pane.deleteInvoice(id);
    while ((pane.rateLimit!()?.throttled ?? 0) === 0) await new Promise((r) => setTimeout(r, 5));
    const paused = pane.rateLimit!()!.pausedUntil;
    expect(paused).toBeGreaterThan(Date.now());
    const started = Date.now();
    await functions.deleteInvoice(id);
    await first;

    // The functions' client never met the 429, yet its request waited for the pause to end.
    const second = sent.find((s) => s.client === "functions")!;
    expect(second.at).toBeGreaterThanOrEqual(paused! - 5);
    expect(second.at - started).toBeGreaterThan(100);
    expect(functions.rateLimit!()).toEqual(pane.rateLimit!());
  });
});

describe("RateGovernor memory", () => {
  it("keeps only about a second of answers, however long the session", () => {
    let now = 0;
    const governor = new RateGovernor({ now: () => now });
    for (let i = 0; i < 100_000; i += 1) {
      now += 5;
      governor.observe(200, new Headers(), now);
    }
    const kept = (governor as unknown as { accepted: number[] }).accepted.length;
    expect(kept).toBeLessThanOrEqual(1025);
  });
});
