import { chainDepth, createRequestLimiter } from "../../../src/api/request-limiter";

describe("createRequestLimiter", () => {
  it("runs at most `concurrency` tasks at once", async () => {
    const limit = createRequestLimiter(2);
    let running = 0;
    let most = 0;
    const task = () =>
      limit(0, async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
      });
    await Promise.all([task(), task(), task(), task(), task()]);
    expect(most).toBe(2);
  });

  it("serves deeper chain levels first, and equal levels in call order", async () => {
    const limit = createRequestLimiter(1);
    const order: string[] = [];
    let release!: () => void;
    const blocker = limit(0, () => new Promise<void>((r) => (release = r)));
    const queued = [
      limit(0, async () => void order.push("contract A")),
      limit(0, async () => void order.push("contract B")),
      limit(1, async () => void order.push("product")),
      limit(3, async () => void order.push("tariffs 1")),
      limit(2, async () => void order.push("billing item")),
      limit(3, async () => void order.push("tariffs 2")),
    ];
    release();
    await Promise.all([blocker, ...queued]);
    expect(order).toEqual([
      "tariffs 1",
      "tariffs 2",
      "billing item",
      "product",
      "contract A",
      "contract B",
    ]);
  });

  it("passes a task's rejection through", async () => {
    const limit = createRequestLimiter(1);
    await expect(limit(0, async () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
  });
});

describe("chainDepth", () => {
  it("ranks the cost chain's endpoints by depth and everything else as 0", () => {
    expect(chainDepth("GET /api/md/contracts/{id}")).toBe(0);
    expect(chainDepth("GET /api/cfg/products/{id}")).toBe(1);
    expect(chainDepth("GET /api/cfg/billingitems/{id}")).toBe(2);
    expect(chainDepth("GET /api/cfg/billingtariffs")).toBe(3);
    // The client calls the documents' letter case.
    expect(chainDepth("GET /api/cfg/BillingTariffs")).toBe(3);
    expect(chainDepth("GET /api/md/Contracts/{id}")).toBe(0);
    expect(chainDepth("GET /api/cfg/Products/{id}")).toBe(1);
    expect(chainDepth("POST /api/bill/Invoices")).toBe(0);
    expect(chainDepth("GET /api/cfg/billingitems")).toBe(0);
  });
});
