import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, requestBudgetMs } from "../../../src/api/index";

describe("requestBudgetMs: the longest one request of a client may take", () => {
  it("is the wait budget plus one time-out with the defaults: 45 s", () => {
    expect(requestBudgetMs(DEFAULT_TIMEOUT_MS, DEFAULT_RETRY)).toBe(45_000);
  });

  it("is the wait budget plus one attempt, whatever the number of retries", () => {
    expect(requestBudgetMs(1_000, { limit: 2, maxTotalWaitMs: 30_000 })).toBe(31_000);
    expect(requestBudgetMs(20_000, { limit: 9, maxTotalWaitMs: 1_000 })).toBe(21_000);
  });

  it("is one time-out when there are no retries", () => {
    expect(requestBudgetMs(5_000, { limit: 0, maxTotalWaitMs: 30_000 })).toBe(5_000);
  });
});
