import { createBillingClient } from "../../../src/api/index";
import { RateGovernor } from "../../../src/api/rate-governor";
import { SETTINGS, fakeFetch, json } from "./fake-service";

const BODY = {
  success: false,
  errors: [{ key: "TOO_MANY_REQUESTS", message: "Slow down, tenant quota reached." }],
  data: null,
};
const ENTRIES = [{ key: "TOO_MANY_REQUESTS", message: "Slow down, tenant quota reached." }];

describe("the service's error entries of a 429", () => {
  it.each([
    ["x-retry-after-seconds", { "x-retry-after-seconds": "0" }],
    ["retry-after", { "retry-after": "0" }],
    ["no wait header", {}],
  ])("are kept when the wait is named by %s", async (_label, headers) => {
    const service = fakeFetch(() => json(BODY, 429, headers));
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, retry: { limit: 1 } });
    const error = await client.getProduct("p1").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "RateLimitError", status: 429, entries: ENTRIES });
    expect(service.seen).toHaveLength(2);
  });

  it("are kept on a create answered 429 with x-retry-after-seconds (never retried)", async () => {
    const service = fakeFetch(() => json(BODY, 429, { "x-retry-after-seconds": "7" }));
    const client = createBillingClient(SETTINGS, { fetch: service.fetch });
    const error = await client
      .createInvoice({ customerId: "c", companyBankAccountId: "b", lines: [] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "RateLimitError", entries: ENTRIES, retryAfterMs: 7000 });
    expect((error as Error).message).toBe(
      "Too many requests (429): the service asks to slow down; try again in 7 s — TOO_MANY_REQUESTS: Slow down, tenant quota reached. (POST /api/bill/Invoices)"
    );
  });
});

describe("the live gateway's x-retry-after-seconds on a retried call", () => {
  /** A 429 naming its wait in the gateway's header, then a plain 204. */
  function busyOnce(seconds: string) {
    const at: number[] = [];
    const service = fakeFetch(() => {
      at.push(Date.now());
      return at.length === 1
        ? json(BODY, 429, { "x-retry-after-seconds": seconds })
        : new Response(null, { status: 204 });
    });
    return { service, at };
  }

  it("is the wait ky keeps before the retry, with no rate governor to hold it", async () => {
    // ky's own back-off would be at most 300 ms here; the alias makes it wait what the gateway said.
    const { service, at } = busyOnce("0.8");
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, rateGovernor: false });
    await client.deleteInvoice("i1");
    expect(at).toHaveLength(2);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(750);
  });

  it("reaches the rate governor from every attempt, the retry included", async () => {
    const { service, at } = busyOnce("0.2");
    const governor = new RateGovernor();
    const client = createBillingClient(SETTINGS, { fetch: service.fetch, rateGovernor: governor });
    await client.deleteInvoice("i1");
    expect(at).toHaveLength(2);
    expect(governor.state()).toMatchObject({ throttled: 1, sent: 2 });
    // The governor learnt the service's limit from the 429: requests are paced from now on.
    expect(governor.state().ceilingPerSecond).toBeDefined();
  });
});
