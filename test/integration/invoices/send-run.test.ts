/**
 * Send runs against the simulator: by email and by post, the postal-address refusal on
 * its row, the failure rate, bulk with exact ids and the one-by-one fall-back, re-runs that send
 * nothing twice. Every claim is checked against the simulator's store.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import {
  approvedSheet,
  expectSendRowsMatchStore,
  idsOf,
  mulderRow,
  prepare,
  runAction,
  startForActions,
  stored,
} from "./action-helpers";

describe("send run", () => {
  let sim: Simulator;
  let client: BillingClient;
  afterEach(() => sim?.close());

  describe("live dialect", () => {
    beforeEach(async () => {
      ({ sim, client } = await startForActions("live"));
    });

    it("sends a batch by email in one bulk request naming exactly its ids, and the rows say sent", async () => {
      const sheet = await approvedSheet(client, 4, "mail");
      const before = sim.log.count("POST", /bulk\/send$/i);
      const run = await runAction(client, sheet, { action: "send" });
      expect(run.counts.done).toBe(4);
      expect(run.changed).toBe(4);
      expect(run.headline).toBe("4 sent.");
      expect(sim.log.count("POST", /bulk\/send$/i) - before).toBe(1);
      expect(sim.log.count("POST", /invoices\/(?!bulk\/)[^/]+\/send$/i)).toBe(0);
      for (const id of idsOf(sheet))
        expect(stored(sim, id)).toMatchObject({ sent: "sent", sendCount: 1, sendChannel: "email" });
      for (const r of run.results) expect(r.changes).toEqual(["sent"]);
      expectSendRowsMatchStore(sim, sheet);
    });

    it("sends by post; the customer without a postal address is refused on its row, the others go", async () => {
      const sheet = await approvedSheet(client, 2, "post", [
        mulderRow({ description: "post mulder" }),
      ]);
      const mulderId = String(sheet.cell(4, "invoiceId"));
      const run = await runAction(client, sheet, { action: "send", channel: "post" });
      expect(run.counts).toMatchObject({ done: 2, failed: 1 });
      expect(sheet.cell(4, "sent")).toBe(
        "failed: the customer has no postal address; send it by email instead"
      );
      expect(String(sheet.cell(4, "message"))).toMatch(
        /refused to send it by post.*Nothing was sent/
      );
      expect(stored(sim, mulderId)).toMatchObject({ sent: "notsent", sendCount: 0 });
      expect(run.headline).toBe("1 failed · 2 sent.");
      for (const id of idsOf(sheet).filter((id) => id !== mulderId))
        expect(stored(sim, id)).toMatchObject({
          sent: "sent",
          sendChannel: "postal",
          sendCount: 1,
        });
      expectSendRowsMatchStore(sim, sheet);
    });

    it("a re-run sends nothing again: Nothing changed", async () => {
      const sheet = await approvedSheet(client, 3, "again");
      await runAction(client, sheet, { action: "send" });
      const prepared = await prepare(client, sheet, { action: "send" });
      expect(prepared.toDo).toHaveLength(0);
      expect(prepared.alreadyDone).toHaveLength(3);
      const run = await runAction(client, sheet, { action: "send" });
      expect(run.changed).toBe(0);
      expect(run.headline).toBe("Nothing changed: 3 already sent.");
      for (const id of idsOf(sheet)) expect(stored(sim, id).sendCount).toBe(1);
      expectSendRowsMatchStore(sim, sheet);
    });

    it("sends that fail at the service end failed with the reason; a re-run sends those again, only those", async () => {
      sim.setFaults({ sendFailureRate: 0.5, seed: 7 });
      const sheet = await approvedSheet(client, 8, "rate");
      const run = await runAction(client, sheet, { action: "send" });
      const failedIds = idsOf(sheet).filter((id) => stored(sim, id).sent === "failed");
      expect(failedIds.length).toBeGreaterThan(0);
      expect(failedIds.length).toBeLessThan(8);
      expect(run.counts.failed).toBe(failedIds.length);
      expect(run.counts.done).toBe(8 - failedIds.length);
      for (const row of sheet.rows)
        if (failedIds.includes(String(sheet.cell(row.rowNumber, "invoiceId"))))
          expect(sheet.cell(row.rowNumber, "sent")).toBe(
            "failed: the email to the customer could not be sent"
          );
      expectSendRowsMatchStore(sim, sheet);
      sim.setFaults({ sendFailureRate: 0 });
      const again = await runAction(client, sheet, { action: "send" });
      expect(again.counts).toMatchObject({
        done: failedIds.length,
        "already done": 8 - failedIds.length,
      });
      for (const id of idsOf(sheet))
        expect(stored(sim, id)).toMatchObject({
          sent: "sent",
          sendCount: failedIds.includes(id) ? 2 : 1,
        });
      expectSendRowsMatchStore(sim, sheet, new Set(failedIds));
    });

    it("101 invoices: two bulk requests (100 and 1 exact ids), each sent once", async () => {
      const sheet = await approvedSheet(client, 101, "many");
      const before = sim.log.count("POST", /bulk\/send$/i);
      const run = await runAction(client, sheet, { action: "send" });
      expect(run.counts.done).toBe(101);
      expect(sim.log.count("POST", /bulk\/send$/i) - before).toBe(2);
      for (const id of idsOf(sheet)) expect(stored(sim, id).sendCount).toBe(1);
      expectSendRowsMatchStore(sim, sheet);
    });

    it("bulk off: one send per invoice", async () => {
      const sheet = await approvedSheet(client, 3, "single");
      const run = await runAction(client, sheet, { action: "send" }, { bulk: false });
      expect(run.counts.done).toBe(3);
      expect(sim.log.count("POST", /bulk\/send$/i)).toBe(0);
      expect(sim.log.count("POST", /invoices\/(?!bulk\/)[^/]+\/send$/i)).toBe(3);
      expectSendRowsMatchStore(sim, sheet);
    });

    it("a send still under way at the time-out is pending; the next run finishes it without sending again", async () => {
      sim.close();
      ({ sim, client } = await startForActions("live", { sendDelayMs: 800 }));
      const sheet = await approvedSheet(client, 2, "slow");
      const run = await runAction(client, sheet, { action: "send" }, { settleTimeoutMs: 100 });
      expect(run.counts.pending).toBe(2);
      expect(sheet.cell(2, "sent")).toBe("sending");
      expect(String(sheet.cell(2, "message"))).toMatch(/run Send again to see the outcome/);
      await new Promise((r) => setTimeout(r, 50));
      const next = await runAction(client, sheet, { action: "send" });
      expect(next.counts["already done"]).toBe(2);
      expect(next.changed).toBe(0);
      for (const id of idsOf(sheet))
        expect(stored(sim, id)).toMatchObject({ sent: "sent", sendCount: 1 });
      expectSendRowsMatchStore(sim, sheet);
    });
  });

  it("interface dialect: no bulk operation (404): every invoice is sent on its own", async () => {
    ({ sim, client } = await startForActions("interface"));
    const sheet = await approvedSheet(client, 3, "iface");
    const run = await runAction(client, sheet, { action: "send" });
    expect(run.counts.done).toBe(3);
    expect(sim.log.count("POST", /bulk\/send$/i)).toBe(1);
    expect(sim.log.count("POST", /invoices\/(?!bulk\/)[^/]+\/send$/i)).toBe(3);
    expectSendRowsMatchStore(sim, sheet);
  });
});
