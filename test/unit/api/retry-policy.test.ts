import { HTTPError, TimeoutError } from "ky";
import type { NormalizedOptions } from "ky";
import { retryDecision, retryOptionsFor } from "../../../src/api/retry-policy";

function httpError(status: number, headers: Record<string, string> = {}): HTTPError {
  return new HTTPError(
    new Response(null, { status, headers }),
    new Request("http://x/y"),
    {} as NormalizedOptions
  );
}
const refused = new TypeError("fetch failed", {
  cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
});
const reset = new TypeError("fetch failed", {
  cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }),
});
const timeout = new TimeoutError(new Request("http://x/y"));

describe("retryDecision for reads", () => {
  it.each([408, 429, 500, 502, 503, 504])("lets ky retry a %i", (status) => {
    expect(
      retryDecision("read", { error: httpError(status), retryCount: 1 }, 30_000)
    ).toBeUndefined();
  });

  it.each([400, 401, 403, 404, 409, 422])("gives up at once on a %i", (status) => {
    expect(retryDecision("read", { error: httpError(status), retryCount: 1 }, 30_000)).toBe(false);
  });

  it("retries network errors and time-outs", () => {
    expect(retryDecision("read", { error: reset, retryCount: 1 }, 30_000)).toBeUndefined();
    expect(retryDecision("read", { error: timeout, retryCount: 1 }, 30_000)).toBeUndefined();
  });

  it("gives up at once when the service asks to wait longer than the budget left", () => {
    const asksTen = httpError(429, { "retry-after": "10" });
    expect(retryDecision("read", { error: asksTen, retryCount: 1 }, 9_999)).toBe(false);
    expect(retryDecision("read", { error: asksTen, retryCount: 1 }, 10_000)).toBeUndefined();
    const asksViaGateway = httpError(503, { "x-retry-after-seconds": "5" });
    expect(retryDecision("read", { error: asksViaGateway, retryCount: 1 }, 4_000)).toBe(false);
  });

  it("gives up when the back-off itself no longer fits the budget", () => {
    expect(retryDecision("read", { error: httpError(503), retryCount: 3 }, 1_000)).toBe(false);
    expect(retryDecision("read", { error: reset, retryCount: 1 }, 0)).toBe(false);
  });
});

describe("retryDecision for approve and create", () => {
  it("retries an approve only on 429, 503 and a refused connection", () => {
    expect(
      retryDecision("approve", { error: httpError(429), retryCount: 1 }, 30_000)
    ).toBeUndefined();
    expect(
      retryDecision("approve", { error: httpError(503), retryCount: 1 }, 30_000)
    ).toBeUndefined();
    expect(retryDecision("approve", { error: refused, retryCount: 1 }, 30_000)).toBeUndefined();
    for (const error of [httpError(409), httpError(500), httpError(502), reset, timeout]) {
      expect(retryDecision("approve", { error, retryCount: 1 }, 30_000)).toBe(false);
    }
  });

  it("retries a send or credit only on 429 and a refused connection (a 503 may follow the act)", () => {
    expect(retryDecision("act", { error: httpError(429), retryCount: 1 }, 30_000)).toBeUndefined();
    expect(retryDecision("act", { error: refused, retryCount: 1 }, 30_000)).toBeUndefined();
    for (const error of [
      httpError(503),
      httpError(500),
      httpError(502),
      httpError(504),
      reset,
      timeout,
    ]) {
      expect(retryDecision("act", { error, retryCount: 1 }, 30_000)).toBe(false);
    }
    const options = retryOptionsFor("act", { limit: 4, maxTotalWaitMs: 30_000 });
    expect(options.statusCodes).toEqual([429]);
    expect(options.retryOnTimeout).toBe(false);
  });

  it("never retries a create", () => {
    for (const error of [httpError(503), httpError(429), refused, timeout]) {
      expect(retryDecision("create", { error, retryCount: 1 }, 30_000)).toBe(false);
    }
    expect(retryOptionsFor("create", { limit: 4, maxTotalWaitMs: 30_000 })).toEqual({ limit: 0 });
  });
});

describe("retryOptionsFor", () => {
  it("configures ky with the limit, POST lookups and a budget measured from the start of the call", () => {
    let now = 1_000;
    const options = retryOptionsFor("read", { limit: 3, maxTotalWaitMs: 5_000 }, () => now);
    expect(options.limit).toBe(3);
    // DELETE (an extra draft) is idempotent: a repeated delete answers not found.
    expect(options.methods).toEqual(["get", "post", "delete"]);
    expect(options.retryOnTimeout).toBe(true);
    const asksTwo = { error: httpError(429, { "retry-after": "2" }), retryCount: 1 };
    expect(options.shouldRetry?.(asksTwo)).toBeUndefined();
    now = 4_500; // 3.5 s spent, 1.5 s left
    expect(options.shouldRetry?.(asksTwo)).toBe(false);
  });

  it("does not retry approve time-outs", () => {
    expect(retryOptionsFor("approve", { limit: 4, maxTotalWaitMs: 30_000 }).retryOnTimeout).toBe(
      false
    );
  });
});
