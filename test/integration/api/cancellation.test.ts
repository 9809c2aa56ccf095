/**
 * Cancelling calls of the client: a cancelled request frees its slot at once,
 * whether it is in flight or still queued, and a shared read is aborted only when every caller
 * that wanted it has cancelled. Real HTTP against the simulator; a slow service is its latency.
 */
import { DEMO } from "../../../simulator/index";
import type { Simulator } from "../../../simulator/index";
import { isCancelledError } from "../../../src/api/index";
import { clientFor, startSimulator } from "./sim-client";
import { until } from "../../support/until";

/** A fetch that remembers which requests were sent and which of them were aborted. */
function watchingFetch() {
  const sent: string[] = [];
  const aborted: string[] = [];
  /** Answers read to their last byte (see the retry-wait test). */
  const answered: string[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    sent.push(path);
    request.signal.addEventListener("abort", () => aborted.push(path));
    const response = await globalThis.fetch(request);
    // Read whole here, so a test knows when the client holds the answer. (Node 20's fetch throws
    // an uncaught AbortError when a signal aborts while the body is still streaming in.)
    const body = await response.arrayBuffer();
    answered.push(path);
    return new Response(body, response);
  };
  return { fetch: fetchFn, sent, aborted, answered };
}

const contractPath = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;
const productPath = `/api/cfg/Products/${DEMO.products.heatingStandard}`;

describe("cancelling calls", () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator("live");
  });
  afterEach(async () => {
    await sim.close();
  });

  it("a cancelled request in flight frees its slot for the next one at once", async () => {
    // The service holds every request a minute: the queued call could only finish in time if the
    // cancelled one gave its slot up.
    sim.setFaults({ latencyMs: 60_000 });
    const watch = watchingFetch();
    const client = clientFor(sim, { concurrency: 1, fetch: watch.fetch });
    const controller = new AbortController();
    const first = client
      .getContract(DEMO.contracts.heatingGeneric, { signal: controller.signal })
      .catch((e: unknown) => e);
    await until(() => watch.sent.length === 1, { everyMs: 5 });
    const second = client.getProduct(DEMO.products.heatingStandard);
    sim.setFaults({ latencyMs: 0 });
    controller.abort();
    const error = await first;
    expect(isCancelledError(error)).toBe(true);
    expect(error).toMatchObject({
      name: "CancelledError",
      endpoint: "GET /api/md/Contracts/{id}",
      message: `The request was cancelled (GET ${contractPath})`,
    });
    expect((await second).id).toBe(DEMO.products.heatingStandard);
    expect(watch.aborted).toEqual([contractPath]);
    expect(watch.sent).toEqual([contractPath, productPath]);
  }, 20_000);

  it("a cancelled request still in the queue rejects at once and is never sent", async () => {
    sim.setFaults({ latencyMs: 300 });
    const watch = watchingFetch();
    const client = clientFor(sim, { concurrency: 1, fetch: watch.fetch });
    let firstDone = false;
    const first = client.getContract(DEMO.contracts.heatingGeneric).then((c) => {
      firstDone = true;
      return c;
    });
    const controller = new AbortController();
    const queued = client
      .getProduct(DEMO.products.heatingStandard, { signal: controller.signal })
      .catch((e: unknown) => e);
    const third = client.getTaxCodes();
    controller.abort();
    expect(isCancelledError(await queued)).toBe(true);
    expect(firstDone).toBe(false);
    expect((await first).id).toBe(DEMO.contracts.heatingGeneric);
    expect((await third).length).toBeGreaterThan(0);
    expect(watch.sent).not.toContain(productPath);
    expect(watch.aborted).toEqual([]);
  });

  it("one caller's cancel does not abort a read shared with another caller", async () => {
    sim.setFaults({ latencyMs: 300 });
    const watch = watchingFetch();
    const client = clientFor(sim, { fetch: watch.fetch });
    const a = new AbortController();
    const b = new AbortController();
    const first = client
      .getContract(DEMO.contracts.heatingGeneric, { signal: a.signal })
      .catch((e: unknown) => e);
    const second = client.getContract(DEMO.contracts.heatingGeneric, { signal: b.signal });
    a.abort();
    expect(isCancelledError(await first)).toBe(true);
    expect((await second).id).toBe(DEMO.contracts.heatingGeneric);
    expect(watch.sent).toEqual([contractPath]);
    expect(watch.aborted).toEqual([]);
  });

  it("a shared read is aborted once all its callers have cancelled", async () => {
    sim.setFaults({ latencyMs: 60_000 });
    const watch = watchingFetch();
    const client = clientFor(sim, { fetch: watch.fetch });
    const a = new AbortController();
    const b = new AbortController();
    const calls = [a, b].map((c) =>
      client
        .getContract(DEMO.contracts.heatingGeneric, { signal: c.signal })
        .catch((e: unknown) => e)
    );
    await until(() => watch.sent.length === 1, { everyMs: 5 });
    a.abort();
    expect(isCancelledError(await calls[0])).toBe(true);
    expect(watch.aborted).toEqual([]);
    b.abort();
    expect(isCancelledError(await calls[1])).toBe(true);
    await until(() => watch.aborted.length === 1, { everyMs: 5 });
    expect(watch.aborted).toEqual([contractPath]);
    // A later caller starts a new request rather than joining the aborted one.
    sim.setFaults({ latencyMs: 0 });
    expect((await client.getContract(DEMO.contracts.heatingGeneric)).id).toBe(
      DEMO.contracts.heatingGeneric
    );
    expect(watch.sent).toEqual([contractPath, contractPath]);
  }, 20_000);

  it("a caller without a signal keeps the shared read alive", async () => {
    sim.setFaults({ latencyMs: 300 });
    const watch = watchingFetch();
    const client = clientFor(sim, { fetch: watch.fetch });
    const a = new AbortController();
    const first = client
      .getContract(DEMO.contracts.heatingGeneric, { signal: a.signal })
      .catch((e: unknown) => e);
    const second = client.getContract(DEMO.contracts.heatingGeneric);
    a.abort();
    expect(isCancelledError(await first)).toBe(true);
    expect((await second).id).toBe(DEMO.contracts.heatingGeneric);
    expect(watch.aborted).toEqual([]);
  });

  it("a call cancelled before it starts sends nothing", async () => {
    const watch = watchingFetch();
    const client = clientFor(sim, { fetch: watch.fetch });
    const error = await client
      .getBillingTariffs(DEMO.products.heatingStandard, DEMO.billingItems.heatGj, {
        signal: AbortSignal.abort(),
      })
      .catch((e: unknown) => e);
    expect(isCancelledError(error)).toBe(true);
    expect(watch.sent).toEqual([]);
  });

  it("a cancel during a retry wait ends the call without another attempt", async () => {
    sim.setFaults({ get503Rate: 1 });
    const watch = watchingFetch();
    const client = clientFor(sim, {
      fetch: watch.fetch,
      retry: { limit: 4, maxTotalWaitMs: 60_000 },
    });
    const controller = new AbortController();
    const call = client.getTaxCodes({ signal: controller.signal }).catch((e: unknown) => e);
    await until(() => watch.sent.length === 1, { everyMs: 5 });
    await until(() => sim.log.entries().length === 1, { everyMs: 5 });
    // The 503 is in the client's hands: the cancel lands in the retry wait, as this test means.
    await until(() => watch.answered.length === 1, { everyMs: 5 });
    controller.abort();
    expect(isCancelledError(await call)).toBe(true);
    expect(watch.sent.length).toBeLessThanOrEqual(2);
  });
});
