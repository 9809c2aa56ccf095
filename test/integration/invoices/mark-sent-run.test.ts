/**
 * Mark as sent against the simulator: invoices handed over outside the service are marked sent in
 * one bulk request of exactly their ids; one already sent is "already done" on its row; a lost
 * answer (cut, 503) is settled by reading back, never asked again; a 429 is waited out; a draft is
 * refused with nothing asked. Every claim is checked against the simulator's store and request log.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { MemorySheet, demoRow, runSheet } from "./helpers";
import { AFTER_APPROVAL_COLUMNS } from "../../../src/invoices";
import {
  approvedSheet,
  idsOf,
  prepare,
  runAction,
  startForActions,
  stored,
} from "./action-helpers";

const MARK = { action: "mark-sent" } as const;
const BULK_MARKS = /\/bulk\/marksent$/i;
const SINGLE_MARKS = /invoices\/(?!bulk\/)[^/]+\/marksent$/i;

/** Each invoice of `ids` is marked sent exactly once, and never sent by the service. */
function expectMarkedOnce(sim: Simulator, ids: readonly string[]): void {
  for (const id of ids)
    expect(stored(sim, id)).toMatchObject({
      id,
      sent: "sent",
      markSentCount: 1,
      sendCount: 0,
    });
}

/** Every row of `sheet` says sent, and that it was marked so. */
function expectRowsMarked(sheet: MemorySheet): void {
  for (const row of sheet.rows) {
    expect(sheet.cell(row.rowNumber, "sent")).toBe("sent");
    expect(sheet.cell(row.rowNumber, "message")).toBe(
      "Marked as sent: handed over outside the billing service (the service sent nothing)."
    );
  }
}

describe("mark as sent run", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => {
    ({ sim, client } = await startForActions("live"));
  });
  afterEach(() => sim.close());

  it("marks a batch in one bulk request of exactly its ids; the rows say sent; nothing else is marked", async () => {
    const other = await approvedSheet(client, 1, "not selected");
    const sheet = await approvedSheet(client, 4, "by hand");
    sim.log.clear();
    const run = await runAction(client, sheet, MARK);
    expect(run.counts.done).toBe(4);
    expect(run.changed).toBe(4);
    expect(run.headline).toBe("4 marked as sent.");
    expect(sim.log.count("POST", BULK_MARKS)).toBe(1);
    expect(sim.log.count("POST", SINGLE_MARKS)).toBe(0);
    expect(sim.log.count("POST", /\/send(viapostal)?$/i)).toBe(0);
    for (const r of run.results) expect(r.changes).toEqual(["sent"]);
    expectMarkedOnce(sim, idsOf(sheet));
    expectRowsMarked(sheet);
    // The invoice outside the selection is left as it was.
    expect(stored(sim, idsOf(other)[0])).toMatchObject({ sent: "notsent" });
    expect(stored(sim, idsOf(other)[0]).markSentCount).toBeUndefined();
  });

  it("one already sent (or marked) is already done, said on its row, never marked again", async () => {
    const sheet = await approvedSheet(client, 3, "sent before");
    await runAction(client, sheet, { action: "send" });
    sim.log.clear();
    const run = await runAction(client, sheet, MARK);
    expect(run.counts["already done"]).toBe(3);
    expect(run.changed).toBe(0);
    expect(run.headline).toBe("Nothing changed: 3 already sent.");
    expect(sim.log.count("POST", /marksent$/i)).toBe(0);
    for (const row of sheet.rows) {
      expect(sheet.cell(row.rowNumber, "sent")).toBe("sent");
      expect(sheet.cell(row.rowNumber, "message")).toBe("Already sent: not marked again.");
    }
    for (const id of idsOf(sheet)) expect(stored(sim, id).markSentCount).toBeUndefined();

    const marked = await approvedSheet(client, 2, "marked before");
    await runAction(client, marked, MARK);
    const prepared = await prepare(client, marked, MARK);
    expect(prepared).toMatchObject({ toDo: [], alreadyDone: [{}, {}] });
    const again = await runAction(client, marked, MARK);
    expect(again.headline).toBe("Nothing changed: 2 already sent.");
    expectMarkedOnce(sim, idsOf(marked));
  });

  it("a bulk answer cut after marking: read back as sent, never asked again", async () => {
    const sheet = await approvedSheet(client, 5, "cut bulk");
    sim.setFaults({ actionDropNext: { bulkMarkSent: 1 } });
    sim.log.clear();
    const run = await runAction(client, sheet, MARK);
    expect(run.counts.done).toBe(5);
    expect(run.changed).toBe(5);
    expect(sim.log.count("POST", BULK_MARKS)).toBe(1);
    expect(sim.log.count("POST", SINGLE_MARKS)).toBe(0);
    expectMarkedOnce(sim, idsOf(sheet));
    expectRowsMarked(sheet);
  });

  it("single answers cut or answered 503 after marking: read back as sent, each asked once", async () => {
    const sheet = await approvedSheet(client, 4, "lost single");
    sim.setFaults({ actionDropNext: { markSent: 1 }, action503Next: { markSent: 1 } });
    sim.log.clear();
    const run = await runAction(client, sheet, MARK, { bulk: false, concurrency: 1 });
    expect(run.counts.done).toBe(4);
    expect(sim.log.count("POST", SINGLE_MARKS)).toBe(4);
    expect(sim.log.entries().filter((e) => e.status === 503)).toHaveLength(1);
    expect(sim.log.entries().filter((e) => e.status === 0)).toHaveLength(1);
    expectMarkedOnce(sim, idsOf(sheet));
    expectRowsMarked(sheet);
  });

  it("a bulk answer of 503 after marking: read back as sent, never asked again", async () => {
    const sheet = await approvedSheet(client, 3, "bulk 503");
    sim.setFaults({ action503Next: { bulkMarkSent: 1 } });
    sim.log.clear();
    const run = await runAction(client, sheet, MARK);
    expect(run.counts.done).toBe(3);
    expect(sim.log.count("POST", BULK_MARKS)).toBe(1);
    expect(sim.log.count("POST", SINGLE_MARKS)).toBe(0);
    expectMarkedOnce(sim, idsOf(sheet));
  });

  it("429s are waited out: every invoice marked once", async () => {
    const sheet = await approvedSheet(client, 5, "busy");
    sim.setFaults({
      // By count: the limit bites at a known request, whatever the machine's speed.
      rateLimit: {
        maxRequests: 4,
        windowMs: 0,
        by: "count",
        retryAfterSeconds: 1,
        header: "retry-after",
      },
    });
    const run = await runAction(client, sheet, MARK, { bulk: false });
    expect(run.counts.done).toBe(5);
    // The reads before acting take the four requests: the limit bites on a mark.
    expect(sim.log.entries().some((e) => e.status === 429 && /marksent$/i.test(e.path))).toBe(true);
    expectMarkedOnce(sim, idsOf(sheet));
  });

  it("a draft is refused, the row says why, and nothing is asked of the service", async () => {
    const sheet = new MemorySheet(
      [demoRow({ description: "draft A" }), demoRow({ description: "draft B" })],
      AFTER_APPROVAL_COLUMNS
    );
    const drafts = await runSheet(client, sheet, { drafts: true });
    expect(drafts.counts.created).toBe(2);
    // The second row claims approved; the service holds it a draft.
    sheet.set(3, "status", "approved");
    sim.log.clear();
    const run = await runAction(client, sheet, MARK);
    expect(run.counts.refused).toBe(2);
    expect(run.changed).toBe(0);
    expect(sim.log.count("POST", /marksent$/i)).toBe(0);
    // The sheet's own draft: refused from the sheet (the pane writes that refusal on its row).
    expect(run.refused.map((r) => [r.rowNumbers, r.message.split(":")[0]])).toEqual([
      [[2], "Not marked as sent"],
      [[3], "Not marked as sent"],
    ]);
    expect(run.refused[0].message).toMatch(/it is a draft: approve it first/);
    // The one the service holds as a draft: the run writes why on its row.
    expect(String(sheet.cell(3, "message"))).toMatch(
      /^Not marked as sent: the billing service holds it as a draft/
    );
    for (const id of idsOf(sheet)) {
      expect(stored(sim, id)).toMatchObject({ status: "created", sent: "notsent", sendCount: 0 });
      expect(stored(sim, id).markSentCount).toBeUndefined();
    }
  });

  it("a credited invoice is refused: a void invoice is not marked as sent", async () => {
    const sheet = await approvedSheet(client, 1, "credited");
    await runAction(client, sheet, { action: "credit" });
    sim.log.clear();
    const run = await runAction(client, sheet, MARK);
    expect(run.counts.refused).toBe(1);
    expect(sim.log.count("POST", /marksent$/i)).toBe(0);
    expect(String(sheet.cell(2, "message"))).toMatch(/credited invoice is not marked as sent/);
  });

  it("interface dialect: no bulk operation (404): every invoice is marked on its own, once", async () => {
    sim.close();
    ({ sim, client } = await startForActions("interface"));
    const sheet = await approvedSheet(client, 3, "iface");
    sim.log.clear();
    const run = await runAction(client, sheet, MARK);
    expect(run.counts.done).toBe(3);
    expect(sim.log.count("POST", BULK_MARKS)).toBe(1);
    expect(sim.log.count("POST", SINGLE_MARKS)).toBe(3);
    expectMarkedOnce(sim, idsOf(sheet));
    expectRowsMarked(sheet);
  });
});
