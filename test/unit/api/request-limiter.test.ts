import {
  chainDepth,
  createRequestLimiter,
  createRequestOrder,
} from "../../../src/api/request-limiter";

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

describe("createRequestOrder", () => {
  const CONTRACT = "GET /api/md/Contracts/{id}";
  const PRODUCT = "GET /api/cfg/Products/{id}";
  const ITEM = "GET /api/cfg/BillingItems/{id}";
  const TARIFFS = "GET /api/cfg/BillingTariffs";

  it("serves the first caller's cost chain before a later caller's, deeper first within one", async () => {
    const order = createRequestOrder();
    const limit = createRequestLimiter(1);
    const first = new AbortController().signal;
    const second = new AbortController().signal;
    const served: string[] = [];
    const ask = (name: string, endpoint: string, caller: AbortSignal) =>
      limit(order(endpoint, caller), async () => void served.push(name));
    let release!: () => void;
    const blocker = limit(0, () => new Promise<void>((r) => (release = r)));
    // As a recalculation asks: both contracts, then the second cell's chain goes on first.
    const queued = [
      ask("contract 1", CONTRACT, first),
      ask("contract 2", CONTRACT, second),
      ask("product 2", PRODUCT, second),
      ask("item 2", ITEM, second),
      ask("product 1", PRODUCT, first),
      ask("tariffs 2", TARIFFS, second),
      ask("item 1", ITEM, first),
    ];
    expect(limit.waiting()).toBe(queued.length);
    release();
    await Promise.all([blocker, ...queued]);
    expect(served).toEqual([
      "item 1",
      "product 1",
      "contract 1",
      "tariffs 2",
      "item 2",
      "product 2",
      "contract 2",
    ]);
    expect(limit.waiting()).toBe(0);
  });

  it("orders requests of no caller by depth, then as they came (as before callers counted)", () => {
    const order = createRequestOrder();
    const ranked = [CONTRACT, TARIFFS, PRODUCT, ITEM].map((e) => order(e));
    expect(ranked[1]).toBeGreaterThan(ranked[3]);
    expect(ranked[3]).toBeGreaterThan(ranked[2]);
    expect(ranked[2]).toBeGreaterThan(ranked[0]);
  });

  it("puts a request outside the cost chain behind the callers that came before it", () => {
    const order = createRequestOrder();
    const run = new AbortController().signal;
    const cell = new AbortController().signal;
    const firstCreate = order("POST /api/bill/Invoices", run);
    const cellContract = order(CONTRACT, cell);
    const secondCreate = order("POST /api/bill/Invoices", run);
    // The run's first create came first; its second came after the cell, so the cell's chain goes on.
    expect(firstCreate).toBeGreaterThan(cellContract);
    expect(order(TARIFFS, cell)).toBeGreaterThan(secondCreate);
    expect(cellContract).toBeGreaterThan(secondCreate);
  });
});
