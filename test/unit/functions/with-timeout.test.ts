import { isTimeoutError, withTimeout } from "../../../src/functions/with-timeout";

describe("withTimeout: every wait ends", () => {
  it("passes the result through when the work is faster", async () => {
    expect(await withTimeout(Promise.resolve(7), 1000)).toBe(7);
  });

  it("passes the failure through when the work fails first", async () => {
    await expect(withTimeout(Promise.reject(new Error("boom")), 1000)).rejects.toThrow("boom");
  });

  it("rejects with a TimeoutError when the work never settles", async () => {
    const never = new Promise<never>(() => undefined);
    const error = await withTimeout(never, 20).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
  });
});

describe("withTimeout: the work stops with the wait", () => {
  it("aborts the work's controller with the TimeoutError", async () => {
    const controller = new AbortController();
    const never = new Promise<never>(() => undefined);
    const error = await withTimeout(never, 20, controller).catch((e: unknown) => e);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(error);
    expect((error as Error).message).toBe("The billing service did not answer within 1 s.");
  });

  it("leaves the controller alone when the work is faster", async () => {
    const controller = new AbortController();
    expect(await withTimeout(Promise.resolve(1), 1000, controller)).toBe(1);
    expect(controller.signal.aborted).toBe(false);
  });
});

describe("the cell's bound comes from the client's budget", () => {
  it("is 4 requests in a row × (own budget + one queue wait) + 5 s = 365 s by default", async () => {
    const { CALL_TIMEOUT_MS, CHAIN_REQUESTS, callTimeoutFor } =
      await import("../../../src/functions/settle");
    expect(CHAIN_REQUESTS).toBe(4);
    expect(CALL_TIMEOUT_MS).toBe(365_000);
    expect(callTimeoutFor({})).toBe(365_000);
  });

  it("follows the functions' client options", async () => {
    const { callTimeoutFor } = await import("../../../src/functions/settle");
    // One request: 2 s of waits + 1 s attempt = 3 s; 4 × (3 s + 3 s) + 5 s.
    expect(callTimeoutFor({ timeoutMs: 1_000, retry: { limit: 3, maxTotalWaitMs: 2_000 } })).toBe(
      29_000
    );
    // No retries: one attempt per request.
    expect(callTimeoutFor({ timeoutMs: 1_000, retry: { limit: 0 } })).toBe(13_000);
  });
});
