import { createBillingClient } from "../../../src/api/index";
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
