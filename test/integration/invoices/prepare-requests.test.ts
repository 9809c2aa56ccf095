/**
 * What the send and credit preparations cost at the service, counted at a real
 * simulator (pages of 4, its default) over a few hundred invoices: reads by exact ids, one page a
 * request once the client has seen the page size, never one read per invoice; and the truth of the
 * runs after them, also with 503s and cut answers.
 */
import { DEFAULT_OPTIONS } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { createBillingClient } from "../../../src/api";
import type { BillingClient } from "../../../src/api/types";
import {
  approvedSheet,
  creditNotesOf,
  expectCreditRowsMatchStore,
  expectSendRowsMatchStore,
  idsOf,
  prepare,
  runAction,
  startForActions,
  stored,
} from "./action-helpers";
import type { MemorySheet } from "./helpers";

const INVOICES = 200;
const PAGE = DEFAULT_OPTIONS.pageSize;
const FILTER = /\/api\/bill\/Invoices\/filter$/i;
const READ_ONE = /\/api\/bill\/Invoices\/[^/]+$/i;

/** A client that has seen no list yet (the pane's, opened for a Send only). */
const freshClient = (sim: Simulator): BillingClient =>
  createBillingClient(
    { baseUrl: sim.url, headers: {}, credential: { kind: "none" } },
    { retry: { limit: 4, maxTotalWaitMs: 3000 } }
  );

/** Requests by ids the preparation made: filter pages, and single reads. */
function countsDuring(sim: Simulator, mark: number) {
  const entries = sim.log.entries().slice(mark);
  return {
    filter: entries.filter((e) => e.method === "POST" && FILTER.test(e.path)).length,
    single: entries.filter((e) => e.method === "GET" && READ_ONE.test(e.path)).length,
    all: entries.length,
  };
}

describe(`send and credit preparations at ${INVOICES} invoices (pages of ${PAGE})`, () => {
  let sim: Simulator;
  let client: BillingClient;
  let sheet: MemorySheet;
  // One sheet for the file: the first two tests only read; the last one sends and credits.
  beforeAll(async () => {
    ({ sim, client } = await startForActions("live"));
    sheet = await approvedSheet(client, INVOICES, "pages");
  }, 60_000);
  afterAll(() => sim?.close());

  it("a fresh client: 50 ids first (their pages show the size), then one page a request; no read per invoice", async () => {
    const fresh = freshClient(sim);
    const mark = sim.log.entries().length;
    const prepared = await prepare(fresh, sheet, { action: "send" });
    expect(prepared.toDo).toHaveLength(INVOICES);
    const first = Math.ceil(50 / PAGE);
    const rest = Math.ceil((INVOICES - 50) / PAGE);
    expect(countsDuring(sim, mark)).toEqual({
      filter: first + rest,
      single: 0,
      all: first + rest,
    });
    // Never more than the 50-id batches made before (13 pages each), and within a batch of the
    // floor: no read of N invoices takes fewer than ⌈N ÷ page⌉ requests.
    expect(first + rest).toBeLessThanOrEqual(Math.ceil(INVOICES / 50) * Math.ceil(50 / PAGE));
    expect(first + rest).toBeLessThanOrEqual(Math.ceil(INVOICES / PAGE) + 1);
  });

  it("the page size seen: send's and credit's preparations are ⌈N ÷ page⌉ requests each", async () => {
    // The client saw the page size while the invoice run read its numbers.
    expect(client.listPageSize?.()).toBe(PAGE);
    let mark = sim.log.entries().length;
    const send = await prepare(client, sheet, { action: "send" });
    expect(send.toDo).toHaveLength(INVOICES);
    expect(countsDuring(sim, mark)).toEqual({
      filter: INVOICES / PAGE,
      single: 0,
      all: INVOICES / PAGE,
    });
    mark = sim.log.entries().length;
    const credit = await prepare(client, sheet, { action: "credit" });
    expect(credit.toDo).toHaveLength(INVOICES);
    expect(countsDuring(sim, mark).filter).toBe(INVOICES / PAGE);
    expect(countsDuring(sim, mark).single).toBe(0);
  });

  it("send then credit, with 503s and cut answers: each invoice sent once and credited once, rows true", async () => {
    sim.setFaults({
      seed: 28,
      post503Rate: 0.1,
      actionDropRates: { bulkSend: 0.2, bulkCredit: 0.2 },
    });
    const mark = sim.log.entries().length;
    const sent = await runAction(client, sheet, { action: "send" });
    expect(sent.counts.done).toBeGreaterThan(0);
    expectSendRowsMatchStore(sim, sheet);
    // The faults came: 503s answered, bulk sends cut after acting.
    const faulted = sim.log.entries().slice(mark);
    expect(faulted.filter((e) => e.status === 503).length).toBeGreaterThan(0);
    expect(faulted.filter((e) => e.status === 0).length).toBeGreaterThan(0);
    // A re-run settles what the faults left open; nothing is sent twice.
    sim.setFaults({ post503Rate: 0, actionDropRates: {} });
    await runAction(client, sheet, { action: "send" });
    for (const id of idsOf(sheet))
      expect({ ...stored(sim, id), id }).toMatchObject({ id, sent: "sent", sendCount: 1 });
    expectSendRowsMatchStore(sim, sheet);

    sim.setFaults({ post503Rate: 0.1, actionDropRates: { bulkCredit: 0.2 } });
    await runAction(client, sheet, { action: "credit" });
    expectCreditRowsMatchStore(sim, sheet);
    sim.setFaults({ post503Rate: 0, actionDropRates: {} });
    await runAction(client, sheet, { action: "credit" });
    for (const id of idsOf(sheet))
      expect({ id, notes: creditNotesOf(sim, id).length }).toEqual({ id, notes: 1 });
    expectCreditRowsMatchStore(sim, sheet);
  }, 120_000);
});
