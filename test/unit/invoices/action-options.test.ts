/** The send and credit runs' options: defaults, and a RangeError naming a bad one. */
import { resolveActionOptions } from "../../../src/invoices";

describe("resolveActionOptions", () => {
  it("fills in the defaults: read back every 2.5 s for up to 120 s, bulk on", () => {
    expect(resolveActionOptions({})).toEqual({
      concurrency: 6,
      flushIntervalMs: 250,
      maxBatchSize: 100,
      rateLimitBudgetMs: 120_000,
      bulk: true,
      settleTimeoutMs: 120_000,
      pollIntervalMs: 2500,
      // The run's words: English unless the pane passes its language.
      say: expect.any(Function),
    });
    expect(resolveActionOptions({}).say.language).toBe("en");
    expect(resolveActionOptions({ language: "nl" }).say.language).toBe("nl");
  });

  it("keeps read-backs within the service's 2–3 s unless a test says otherwise", () => {
    expect(() => resolveActionOptions({ pollIntervalMs: 500 })).toThrow(
      "pollIntervalMs must be between 2000 and 3000 ms"
    );
    expect(resolveActionOptions({ unsafeTestPollIntervalMs: 0 }).pollIntervalMs).toBe(0);
    expect(() => resolveActionOptions({ concurrency: 0 })).toThrow(
      "concurrency must be a whole number ≥ 1"
    );
    expect(() => resolveActionOptions({ settleTimeoutMs: -1 })).toThrow("settleTimeoutMs");
  });
});
