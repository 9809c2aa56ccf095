/**
 * A cell's requests stop with the cell: Excel's cancellation of a
 * `@cancelable` function and the function's own time-out abort its requests and free their slots.
 * Real HTTP against the simulator; a slow service is its latency.
 */
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { setCallTimeoutMs } from "../../../src/functions/settle";
import { createSimulator, DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { until } from "../../support/until";

const REF = "2026-06-15";
const C = DEMO.contracts;

function watchingFetch() {
  const sent: string[] = [];
  const aborted: string[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    sent.push(path);
    request.signal.addEventListener("abort", () => aborted.push(path));
    return globalThis.fetch(request);
  };
  return { fetch: fetchFn, sent, aborted };
}

describe("cancelling a BILLING function", () => {
  let sim: Simulator;
  let watch: ReturnType<typeof watchingFetch>;

  beforeEach(async () => {
    sim = await createSimulator({ port: 0 });
    watch = watchingFetch();
    configureConnection({
      loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: { kind: "none" } }),
      // One slot: the next cell can only be answered if the cancelled one gave its slot back.
      client: { concurrency: 1, fetch: watch.fetch },
    });
  });
  afterEach(async () => {
    configureConnection();
    setCallTimeoutMs();
    await sim.close();
  });

  it("Excel's cancel aborts the cell's request and frees its slot", async () => {
    sim.setFaults({ latencyMs: 60_000 });
    const invocation: CustomFunctions.CancelableInvocation = {};
    const cell = excelErrorOf(F.contractFixedCostsFunction(C.heatingGeneric, REF, invocation));
    await until(() => watch.sent.length === 1, { everyMs: 5 });
    expect(typeof invocation.onCanceled).toBe("function");
    sim.setFaults({ latencyMs: 0 });
    invocation.onCanceled?.();
    expect(await cell).toMatchObject({
      code: FakeErrorCode.notAvailable,
      message: "The calculation was cancelled; recalculate to retry.",
    });
    await until(() => watch.aborted.length === 1, { everyMs: 5 });
    expect(watch.aborted).toEqual([`/api/md/Contracts/${C.heatingGeneric}`]);
    expect(await F.contractFixedCostsFunction(C.heatingAndWater, REF)).toBe(756.36);
  }, 20_000);

  it("the time-out aborts the cell's request, so nothing goes on after the cell gave up", async () => {
    sim.setFaults({ latencyMs: 60_000 });
    setCallTimeoutMs(300);
    const error = await excelErrorOf(F.contractCostsFunction(C.heatingGeneric, REF));
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toBe(
      "The billing service did not answer within 1 s. Check the connection settings, then Refresh."
    );
    await until(() => watch.aborted.length === 1, { everyMs: 5 });
    expect(watch.aborted).toEqual([`/api/md/Contracts/${C.heatingGeneric}`]);
    sim.setFaults({ latencyMs: 0 });
    setCallTimeoutMs();
    expect(await F.tariffFunction(DEMO.products.water, DEMO.billingItems.waterM3, "", REF)).toBe(
      1.6142
    );
  }, 20_000);

  it("a lookup is cancelled the same way", async () => {
    sim.setFaults({ latencyMs: 60_000 });
    const invocation: CustomFunctions.CancelableInvocation = {};
    const cell = excelErrorOf(F.taxCodeIdFunction("VAT 21%", invocation));
    await until(() => watch.sent.length === 1, { everyMs: 5 });
    invocation.onCanceled?.();
    expect((await cell).code).toBe(FakeErrorCode.notAvailable);
    await until(() => watch.aborted.length === 1, { everyMs: 5 });
    expect(watch.aborted).toEqual(["/api/cfg/TaxCodes"]);
  }, 20_000);
});
