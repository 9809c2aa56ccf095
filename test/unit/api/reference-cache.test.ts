/**
 * The reference-data cache (src/api/reference-cache.ts): one load per key however many callers come
 * while it runs, frozen values shared, other values copied, and each waiting caller's own
 * cancellation. Deferred loads are released by hand: no test here depends on timing.
 */
import { createReferenceCache } from "../../../src/api/reference-cache";
import { createBillingClient, isCancelledError } from "../../../src/api";
import { SETTINGS, fakeFetch, json } from "./fake-service";
import { CancelledError } from "../../../src/api/errors/cancelled-error";

/** A load the test finishes by hand, counting how often it was started. */
function deferredLoad<T>() {
  type Started = { resolve: (v: T) => void; reject: (e: unknown) => void };
  const started: Started[] = [];
  let onStart: ((s: Started) => void) | undefined;
  const load = () =>
    new Promise<T>((resolve, reject) => {
      started.push({ resolve, reject });
      onStart?.(started[started.length - 1]);
    });
  /** The next load to start. */
  const next = () => new Promise<Started>((resolve) => (onStart = resolve));
  return { load, started, next };
}

const CALLER = { endpoint: "GET /api/cfg/Products/{id}", path: "/api/cfg/Products/p1" };

describe("createReferenceCache", () => {
  it("loads a key once for every caller that comes while it loads, and serves it after", async () => {
    const { cached } = createReferenceCache(60_000);
    const { load, started } = deferredLoad<{ name: string }>();
    const callers = [cached("product p1", load), cached("product p1", load)];
    expect(started).toHaveLength(1);
    started[0].resolve({ name: "Fiber" });
    expect(await Promise.all(callers)).toEqual([{ name: "Fiber" }, { name: "Fiber" }]);
    expect(await cached("product p1", load)).toEqual({ name: "Fiber" });
    expect(started).toHaveLength(1);
  });

  it("gives every caller the same frozen value when asked to, and copies otherwise", async () => {
    const { cached } = createReferenceCache(60_000);
    const value = () => Promise.resolve({ products: [{ productId: "p1" }] });
    const a = await cached("contract c1", value, { frozen: true });
    const b = await cached("contract c1", value, { frozen: true });
    expect(b).toBe(a);
    expect(Object.isFrozen(a.products[0])).toBe(true);
    expect(() => a.products.push({ productId: "p2" })).toThrow(TypeError);
    const c = await cached("list", value);
    const d = await cached("list", value);
    expect(d).toEqual(c);
    expect(d).not.toBe(c);
    c.products.push({ productId: "p2" });
    expect(await cached("list", value)).toEqual(d);
  });

  it("rejects a waiting caller that cancels at once, as a cancellation, while the load goes on", async () => {
    const { cached } = createReferenceCache(60_000);
    const { load, started } = deferredLoad<string>();
    const first = cached("product p1", load, { caller: CALLER });
    const controller = new AbortController();
    const second = cached("product p1", load, {
      caller: { ...CALLER, signal: controller.signal },
    });
    controller.abort(new Error("Excel cancelled the formula."));
    const error: unknown = await second.catch((e: unknown) => e);
    expect(isCancelledError(error)).toBe(true);
    expect((error as CancelledError).endpoint).toBe(CALLER.endpoint);
    started[0].resolve("Fiber");
    expect(await first).toBe("Fiber");
    expect(started).toHaveLength(1);
  });

  it("loads anew for a waiting caller when the caller that started the load cancelled", async () => {
    const { cached } = createReferenceCache(60_000);
    const { load, started, next } = deferredLoad<string>();
    const first = cached("product p1", load);
    const second = cached("product p1", load, { caller: CALLER });
    const secondLoad = next();
    started[0].reject(new CancelledError({ endpoint: CALLER.endpoint }));
    await expect(first).rejects.toThrow(CancelledError);
    // The second caller's own load, started once the first one failed.
    (await secondLoad).resolve("Fiber");
    expect(await second).toBe("Fiber");
    expect(started).toHaveLength(2);
  });

  it("shares a failure that is not a cancellation with the callers that waited", async () => {
    const { cached } = createReferenceCache(60_000);
    const { load, started } = deferredLoad<string>();
    const callers = [cached("product p1", load), cached("product p1", load)];
    started[0].reject(new Error("not found"));
    for (const caller of callers) await expect(caller).rejects.toThrow("not found");
    expect(started).toHaveLength(1);
  });

  it("loads on every call when it has no time to live", async () => {
    const { cached } = createReferenceCache(0);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cached("k", load)).toBe(1);
    expect(await cached("k", load)).toBe(2);
  });
});

describe("the client's cache of a list of two pages", () => {
  it("does not ask for the first page again when a second caller comes while the second is read", async () => {
    const tariff = (id: string) => ({
      id,
      productId: "p1",
      billingItemId: "b1",
      startDateTime: "2026-01-01T00:00:00Z",
      calculationParameters: { type: "unitprice", unitTariff: 1.5 },
    });
    let releaseSecond!: () => void;
    let secondAsked!: () => void;
    const secondPageAsked = new Promise<void>((r) => (secondAsked = r));
    const service = fakeFetch(async (seen) => {
      if (seen.headers.continuationtoken === undefined) {
        return json({ results: [tariff("t1")], hasNextPage: true, nextPageToken: "p2" });
      }
      secondAsked();
      await new Promise<void>((r) => (releaseSecond = r));
      return json({ results: [tariff("t2")], hasNextPage: false });
    });
    const client = createBillingClient(
      { ...SETTINGS, credential: { kind: "none" } },
      { fetch: service.fetch, cacheTtlMs: 60_000, rateGovernor: false }
    );
    const first = client.getBillingTariffs("p1", "b1");
    await secondPageAsked;
    const second = client.getBillingTariffs("p1", "b1");
    releaseSecond();
    const [a, b] = await Promise.all([first, second]);
    expect(a.map((t) => t.id)).toEqual(["t1", "t2"]);
    expect(b).toEqual(a);
    expect(service.seen).toHaveLength(2);
  });
});
