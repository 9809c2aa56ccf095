import { DEMO } from "../../../simulator/index";
import type { Simulator } from "../../../simulator/index";
import type { RequestInfo } from "../../../src/api/index";
import { DIALECTS, clientFor, countingFetch, startSimulator } from "./sim-client";

const ALL_CONTRACTS = Object.values(DEMO.contracts);
const ALL_ITEMS = Object.values(DEMO.billingItems);

describe.each(DIALECTS)("concurrency, merging and caching (%s dialect)", (dialect) => {
  let sim: Simulator;

  beforeEach(async () => {
    sim = await startSimulator(dialect, { latencyMs: 30 });
  });
  afterEach(async () => {
    await sim.close();
  });

  it("never has more requests in flight than the limit, over every kind of call", async () => {
    const counter = countingFetch();
    const client = clientFor(sim, { concurrency: 3, fetch: counter.fetch });
    await Promise.all([
      ...ALL_CONTRACTS.map((id) => client.getContract(id)),
      ...ALL_ITEMS.map((id) => client.getBillingItem(id)),
      client.getTaxCodes(),
      client.filterCustomers({}),
    ]);
    expect(counter.calls.length).toBeGreaterThan(20);
    expect(counter.maxInFlight()).toBe(3);
  });

  it("uses 6 requests at most by default", async () => {
    const counter = countingFetch();
    const client = clientFor(sim, { fetch: counter.fetch });
    await Promise.all(ALL_ITEMS.map((id) => client.getBillingItem(id)));
    expect(counter.maxInFlight()).toBe(6);
  });

  it("makes identical GETs in flight once", async () => {
    const client = clientFor(sim);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => client.getContract(DEMO.contracts.electricity))
    );
    expect(results.every((r) => r.id === DEMO.contracts.electricity)).toBe(true);
    expect(sim.log.count("GET", /\/api\/md\/Contracts\//)).toBe(1);
    // Once settled, the next identical call is a new request (no cache configured).
    await client.getContract(DEMO.contracts.electricity);
    expect(sim.log.count("GET", /\/api\/md\/Contracts\//)).toBe(2);
  });

  it("tells onRequest about every request sent, with method and path", async () => {
    const seen: RequestInfo[] = [];
    const client = clientFor(sim, { onRequest: (info) => seen.push(info) });
    await client.getBillingTariffs(DEMO.products.water, DEMO.billingItems.waterM3);
    const sent = sim.log.count("GET", /BillingTariffs/);
    expect(seen).toHaveLength(sent);
    expect(seen[0]).toEqual({ method: "GET", path: "/api/cfg/BillingTariffs" });
  });

  it("serves repeats from the TTL cache and forgets them on clearCache", async () => {
    const client = clientFor(sim, { cacheTtlMs: 60_000 });
    const first = await client.getContract(DEMO.contracts.heatingGeneric);
    // A cost resource is shared frozen (reference-cache.ts): no caller can change what the next gets.
    expect(() => (first.products.length = 0)).toThrow(TypeError);
    const second = await client.getContract(DEMO.contracts.heatingGeneric);
    expect(second).toBe(first);
    await client.getTaxCodes();
    await client.getTaxCodes();
    await client.filterCustomers({ nameContains: "jansen" });
    await client.filterCustomers({ nameContains: "jansen" });
    expect(second.products).toHaveLength(1);
    expect(sim.log.count("GET", /\/api\/md\/Contracts\//)).toBe(1);
    expect(sim.log.count("POST", /Customers\/filter/)).toBe(dialect === "live" ? 1 : 1);
    const taxPages = sim.log.count("GET", /TaxCodes/);
    client.clearCache();
    await client.getContract(DEMO.contracts.heatingGeneric);
    await client.getTaxCodes();
    expect(sim.log.count("GET", /\/api\/md\/Contracts\//)).toBe(2);
    expect(sim.log.count("GET", /TaxCodes/)).toBe(taxPages * 2);
  });

  it("never caches invoices", async () => {
    const client = clientFor(sim, { cacheTtlMs: 60_000 });
    const created = await client.createInvoice({
      customerId: DEMO.customers.smit,
      companyBankAccountId: DEMO.bankAccounts.main,
      lines: [{ taxCodeId: DEMO.taxCodes.vat9, description: "x", quantity: 1, unitPrice: 1 }],
    });
    await client.getInvoice(created.id);
    await client.getInvoice(created.id);
    expect(sim.log.count("GET", /\/api\/bill\/Invoices\//)).toBe(2);
  });

  it("forgets cached entries after the TTL", async () => {
    const client = clientFor(sim, { cacheTtlMs: 40 });
    await client.getProduct(DEMO.products.water);
    await client.getProduct(DEMO.products.water);
    expect(sim.log.count("GET", /\/api\/cfg\/Products\//)).toBe(1);
    await new Promise((r) => setTimeout(r, 80));
    await client.getProduct(DEMO.products.water);
    expect(sim.log.count("GET", /\/api\/cfg\/Products\//)).toBe(2);
  });
});
