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
