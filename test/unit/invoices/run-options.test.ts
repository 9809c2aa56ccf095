import { resolveRunOptions } from "../../../src/invoices";

describe("run options", () => {
  it("defaults to a 2.5 s poll interval, 120 s approval time-out, 6 at once, 250 ms flushes of 100 rows", () => {
    expect(resolveRunOptions({})).toMatchObject({
      pollIntervalMs: 2500,
      firstPollDelayMs: 2500,
      approvalTimeoutMs: 120000,
      concurrency: 6,
      flushIntervalMs: 250,
      maxBatchSize: 100,
    });
  });

  it.each([1999, 3001, 500, 2500.5])("refuses a poll interval of %p ms", (ms) => {
    expect(() => resolveRunOptions({ pollIntervalMs: ms })).toThrow(
      /pollIntervalMs must be between 2000 and 3000 ms/
    );
  });

  it("accepts poll intervals from 2 000 to 3 000 ms", () => {
    expect(resolveRunOptions({ pollIntervalMs: 2000 }).pollIntervalMs).toBe(2000);
    expect(resolveRunOptions({ pollIntervalMs: 3000 }).pollIntervalMs).toBe(3000);
  });

  it("allows a shorter interval only through the explicit test option", () => {
    expect(resolveRunOptions({ pollIntervalMs: 2500, unsafeTestPollIntervalMs: 5 })).toMatchObject({
      pollIntervalMs: 5,
      firstPollDelayMs: 5,
    });
  });

  it("refuses a concurrency below 1 and a first poll sooner than 1 s", () => {
    expect(() => resolveRunOptions({ concurrency: 0 })).toThrow(/concurrency/);
    expect(() => resolveRunOptions({ firstPollDelayMs: 200 })).toThrow(/firstPollDelayMs/);
  });
});
