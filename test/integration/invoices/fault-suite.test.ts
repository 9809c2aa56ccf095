/**
 * The fault suite: 1,000 rows / 500 invoices against a hostile simulator that
 * allows 40 requests a second (a fixed window, as API management counts) and answers 429 with the
 * live gateway's `x-retry-after-seconds: 1` — plus 10% 503s on GETs and POSTs, 3% approval
 * failures, 2% creates and 2% approves carried out but answered with a cut connection, 2% creates
 * cut before storing and 2% stored twice (a browser's resend). One run goes to the end; another
 * sheet is cancelled mid-way and resumed from the rows as written; a smaller sheet runs against the
 * interface dialect's `Retry-After`. Every claim is checked against the simulator's store, not
 * against what the engine says.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { runSheet } from "./helpers";
import {
  RUN,
  expectSheetMatchesStore,
  faultSheet,
  faultsSeen,
  startLimited,
  watchDowngrades,
} from "./fault-helpers";

describe("invoices at 40 requests/s under every fault at once (live dialect, x-retry-after-seconds)", () => {
  const INVOICES = 500;
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => {
    ({ sim, client } = await startLimited("live", "x-retry-after-seconds"));
  });
  afterEach(() => sim.close());

  it("one run settles every valid invoice, nothing is left 'not sent', every row matches the store", async () => {
    const sheet = faultSheet("A", INVOICES);
    const downgrades = watchDowngrades(sheet);

    const summary = await runSheet(client, sheet, RUN);

    expect(summary.stopped).toBeUndefined();
    expect(downgrades).toEqual([]);
    expectSheetMatchesStore(sim, sheet, "A", INVOICES, summary);
    const { share, throttled } = faultsSeen(sim);
    // The limit did bite, and the run settled under it: 429s are at most 5% of all requests.
    expect(throttled).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(0.05);
  }, 240_000);

  it("cancelled mid-run and resumed, ends the same: every invoice settled once, every row true", async () => {
    const sheet = faultSheet("B", INVOICES);
    const downgrades = watchDowngrades(sheet);

    const controller = new AbortController();
    const first = await runSheet(client, sheet, {
      ...RUN,
      signal: controller.signal,
      // A quarter started: at this rate polls wait behind creates, so "approved" comes late.
      onProgress: (counts) => {
        if (counts.queued <= (INVOICES * 3) / 4) controller.abort();
      },
    });
    expect(first.stopped).toBe("cancelled");
    expect(first.counts.approved + first.counts.failed).toBeLessThan(INVOICES / 2);

    const resumed = await runSheet(client, sheet, RUN);

    expect(resumed.stopped).toBeUndefined();
    expect(downgrades).toEqual([]);
    expectSheetMatchesStore(sim, sheet, "B", INVOICES, resumed);
    const { share, throttled } = faultsSeen(sim);
    expect(throttled).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(0.05);
  }, 240_000);
});

describe("invoices at 40 requests/s under every fault at once (interface dialect, Retry-After)", () => {
  // Fewer rows: the dialect and header are what differ; the live runs above carry the volume.
  const INVOICES = 150;
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => {
    ({ sim, client } = await startLimited("interface", "retry-after"));
  });
  afterAll(() => sim.close());

  it("one run settles every valid invoice and every row matches the store", async () => {
    const sheet = faultSheet("C", INVOICES);
    const downgrades = watchDowngrades(sheet);

    const summary = await runSheet(client, sheet, RUN);

    expect(summary.stopped).toBeUndefined();
    expect(downgrades).toEqual([]);
    expectSheetMatchesStore(sim, sheet, "C", INVOICES, summary);
    const { share, throttled } = faultsSeen(sim);
    expect(throttled).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(0.05);
  }, 120_000);
});

describe("bulk approval under every fault at once, with cut bulk answers (live dialect)", () => {
  // the live runs above approve in bulk already; here a fifth of the bulk approves are
  // carried out and then cut, so each must be settled by reading its drafts back.
  const INVOICES = 200;
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => {
    ({ sim, client } = await startLimited("live", "x-retry-after-seconds"));
    sim.setFaults({ actionDropRates: { bulkApprove: 0.2 }, actionDropNext: { bulkApprove: 1 } });
  });
  afterAll(() => sim.close());

  it("settles cut bulk answers by reading back: every invoice approved once, every row true", async () => {
    const sheet = faultSheet("D", INVOICES);
    const downgrades = watchDowngrades(sheet);

    const summary = await runSheet(client, sheet, RUN);

    expect(summary.stopped).toBeUndefined();
    expect(downgrades).toEqual([]);
    expectSheetMatchesStore(sim, sheet, "D", INVOICES, summary);
    const bulk = sim.log.entries().filter((e) => /bulk\/approve$/i.test(e.path));
    // Bulk requests went out, and at least one was cut after acting (status 0).
    expect(bulk.length).toBeGreaterThan(0);
    expect(bulk.some((e) => e.status === 0)).toBe(true);
    // Approved exactly once each: no single approve sent where the service offers bulk approval.
    expect(sim.log.count("POST", /^\/api\/bill\/invoices\/(?!bulk\/)[^/]+\/approve$/i)).toBe(0);
  }, 180_000);
});
