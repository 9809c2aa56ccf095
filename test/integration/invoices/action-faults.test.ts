/**
 * The fault suite of send and credit runs: answers cut after the service acted (the
 * simulator's `actionDropNext` / `actionDropRates`), 503s, 429s, Cancel mid-run, a sign-in refusal,
 * and a re-run after each. Never sent twice (the store's `sendCount`), never credited twice (credit
 * notes per original in the store), rows and store agree.
 */
import type { Simulator } from "../../../simulator";
import { AuthError } from "../../../src/api";
import type { BillingClient } from "../../../src/api/types";
import type { RowUpdate } from "../../../src/invoices";
import {
  approvedSheet,
  creditNotesOf,
  expectCreditRowsMatchStore,
  expectSendRowsMatchStore,
  idsOf,
  runAction,
  startForActions,
  stored,
} from "./action-helpers";

/** A client whose `method` answers with a sign-in refusal from its `after`-th call on. */
function refusingAfter(client: BillingClient, method: "send" | "credit", after: number) {
  let calls = 0;
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === method)
        return (...args: unknown[]) => {
          calls += 1;
          if (calls > after) return Promise.reject(new AuthError({ status: 401 }));
          return (target[method] as (...a: unknown[]) => unknown)(...args);
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

describe("send and credit under faults", () => {
  let sim: Simulator;
  let client: BillingClient;
  beforeEach(async () => {
    ({ sim, client } = await startForActions("live"));
  });
  afterEach(() => sim.close());

  describe("send", () => {
    it("a bulk answer cut after sending: read back as sending, never sent again", async () => {
      const sheet = await approvedSheet(client, 5, "cutbulk");
      sim.setFaults({ actionDropNext: { bulkSend: 1 } });
      const run = await runAction(client, sheet, { action: "send" });
      expect(run.counts.done).toBe(5);
      expect(run.changed).toBe(5);
      for (const id of idsOf(sheet))
        expect(stored(sim, id)).toMatchObject({ sent: "sent", sendCount: 1 });
      expect(sim.log.count("POST", /invoices\/(?!bulk\/)[^/]+\/send$/i)).toBe(0);
      expectSendRowsMatchStore(sim, sheet);
    });

    it("cut single answers, 503s and failures at random; a re-run: nothing sent twice, rows and store agree", async () => {
      const sheet = await approvedSheet(client, 24, "chaos");
      sim.setFaults({
        actionDropRates: { send: 0.3 },
        post503Rate: 0.15,
        sendFailureRate: 0.2,
        seed: 11,
      });
      const first = await runAction(client, sheet, { action: "send" }, { bulk: false });
      expect(
        first.counts.done + first.counts.failed + first.counts.unknown + first.counts["not sent"]
      ).toBe(24);
      const failedFirst = new Set(idsOf(sheet).filter((id) => stored(sim, id).sent === "failed"));
      expectSendRowsMatchStore(sim, sheet);
      for (const r of first.results)
        expect({ id: r.invoiceId, changed: r.changes.includes("sent") }).toEqual({
          id: r.invoiceId,
          changed: stored(sim, r.invoiceId).sendCount > 0,
        });
      sim.setFaults({ actionDropRates: {}, post503Rate: 0, sendFailureRate: 0 });
      const second = await runAction(client, sheet, { action: "send" }, { bulk: false });
      expect(second.counts.failed + second.counts.unknown + second.counts["not sent"]).toBe(0);
      for (const id of idsOf(sheet)) {
        expect({ id, sent: stored(sim, id).sent }).toEqual({ id, sent: "sent" });
        expect({ id, sendCount: stored(sim, id).sendCount }).toEqual({
          id,
          sendCount: failedFirst.has(id) ? 2 : 1,
        });
      }
      expectSendRowsMatchStore(sim, sheet, failedFirst);
    });

    it("429s are waited out: every invoice sent once", async () => {
      const sheet = await approvedSheet(client, 6, "busy");
      sim.setFaults({
        rateLimit: { maxRequests: 4, windowMs: 300, retryAfterSeconds: 1, header: "retry-after" },
      });
      const run = await runAction(client, sheet, { action: "send" }, { bulk: false });
      expect(run.counts.done).toBe(6);
      expect(sim.log.entries().some((e) => e.status === 429)).toBe(true);
      expectSendRowsMatchStore(sim, sheet);
    });

    it("the rate-limit budget runs out: rows waiting, nothing sent for them; a re-run sends them once", async () => {
      const sheet = await approvedSheet(client, 6, "budget");
      sim.setFaults({
        rateLimit: {
          maxRequests: 4,
          windowMs: 4000,
          retryAfterSeconds: 4,
          header: "retry-after",
        },
      });
      const run = await runAction(
        client,
        sheet,
        { action: "send" },
        // One call at a time: a call already inside the client when the stop comes is held by
        // its governor and goes out after the pause (its row then says so); none starts after it.
        { bulk: false, rateLimitBudgetMs: 500, concurrency: 1 }
      );
      expect(run.stopped).toBe("rate-limited");
      expect(run.headline).toMatch(/^Stopped: waiting for the billing service's rate limit/);
      const waiting = run.results.filter((r) => r.state === "waiting");
      // The limit lets 4 requests through: the reads before the sends (2 pages of 4 ids, twice);
      // the first send's 429 stops the run, and no other send takes its slot before the stop.
      expect(waiting).toHaveLength(6);
      expect(sim.log.count("POST", /\/send$/i)).toBe(1);
      for (const r of waiting) {
        expect(stored(sim, r.invoiceId).sendCount).toBe(0);
        for (const row of r.rowNumbers) {
          expect(sheet.cell(row, "sent")).toBeNull();
          expect(sheet.cell(row, "message")).toBe(
            "Waiting for the service's limit — run again to continue."
          );
        }
      }
      sim.setFaults({ rateLimit: null });
      const again = await runAction(client, sheet, { action: "send" });
      expect(again.counts.failed + again.counts.waiting).toBe(0);
      for (const id of idsOf(sheet))
        expect(stored(sim, id)).toMatchObject({ sent: "sent", sendCount: 1 });
      expectSendRowsMatchStore(sim, sheet);
    });

    it("Cancel mid-run: nothing new starts, what was sent says so; a re-run sends the rest once", async () => {
      const sheet = await approvedSheet(client, 12, "cancel");
      sim.setFaults({ latencyMs: 40 });
      const abort = new AbortController();
      let sentSeen = 0;
      const apply = sheet.apply;
      sheet.apply = async (updates: RowUpdate[]) => {
        sentSeen += updates.filter((u) => u.sent !== undefined).length;
        if (sentSeen >= 3) abort.abort();
        await apply(updates);
      };
      const run = await runAction(
        client,
        sheet,
        { action: "send" },
        { bulk: false, concurrency: 2, signal: abort.signal }
      );
      sheet.apply = apply;
      expect(run.stopped).toBe("cancelled");
      expect(run.counts.cancelled).toBeGreaterThan(0);
      const sentIds = idsOf(sheet).filter((id) => stored(sim, id).sendCount > 0);
      expect(sentIds.length).toBeLessThan(12);
      expect(run.changed).toBe(sentIds.length);
      for (const r of run.results) {
        const inv = stored(sim, r.invoiceId);
        const cell = sheet.cell(r.rowNumbers[0], "sent");
        // Cancelled: never sent. Sent before the Cancel: read back once more, so the row says
        // "sent", or "sending" when the service had not finished yet (pending: run again to see).
        if (r.state === "cancelled") expect([inv.sendCount, cell]).toEqual([0, null]);
        else if (r.state === "done") expect([inv.sendCount, cell]).toEqual([1, "sent"]);
        else expect([r.state, inv.sendCount, cell]).toEqual(["pending", 1, "sending"]);
      }
      expect(run.counts.done).toBeGreaterThan(0);
      sim.setFaults({ latencyMs: 0 });
      await new Promise((r) => setTimeout(r, 60));
      const again = await runAction(client, sheet, { action: "send" });
      expect(again.changed).toBe(12 - sentIds.length);
      for (const id of idsOf(sheet))
        expect(stored(sim, id)).toMatchObject({ sent: "sent", sendCount: 1 });
      expectSendRowsMatchStore(sim, sheet);
    });

    it("a sign-in refusal stops the run at once; the rows say so; nothing else is sent", async () => {
      // The two sends stay under way until the rows are compared with the store: the run stops
      // before reading them back (pending, "sending"), on a machine of any speed.
      sim.setOptions({ sendDelayMs: 600_000 });
      const sheet = await approvedSheet(client, 6, "auth");
      const run = await runAction(
        refusingAfter(client, "send", 2),
        sheet,
        { action: "send" },
        { bulk: false, concurrency: 1 }
      );
      expect(run.stopped).toBe("auth");
      // Sent, then the run stopped before it could read them back: pending, run again to see.
      expect(run.counts.done + run.counts.pending).toBe(2);
      expect(run.counts["not sent"]).toBe(4);
      expect(run.headline).toMatch(/^Stopped: /);
      expect(idsOf(sheet).filter((id) => stored(sim, id).sendCount > 0)).toHaveLength(2);
      expectSendRowsMatchStore(sim, sheet);
    });
  });

  describe("credit", () => {
    it("a bulk answer cut after crediting: read back, the credit notes found, never credited again", async () => {
      const sheet = await approvedSheet(client, 5, "cutbulk");
      sim.setFaults({ actionDropNext: { bulkCredit: 1 } });
      const run = await runAction(client, sheet, { action: "credit" });
      expect(run.counts.done).toBe(5);
      expect(run.changed).toBe(5);
      expect(sim.log.count("POST", /credit$/i)).toBe(1);
      expectCreditRowsMatchStore(sim, sheet);
    });

    it("cut single answers and 503s at random; a re-run: exactly one credit note per invoice", async () => {
      const sheet = await approvedSheet(client, 24, "chaos");
      sim.setFaults({ actionDropRates: { credit: 0.35 }, post503Rate: 0.15, seed: 5 });
      const first = await runAction(client, sheet, { action: "credit" }, { bulk: false });
      expectCreditRowsMatchStore(sim, sheet);
      // Every cut answer was settled by reading back: credited by this run, found, or open.
      for (const r of first.results)
        expect({ id: r.invoiceId, credited: r.changes.includes("credited") }).toEqual({
          id: r.invoiceId,
          credited: creditNotesOf(sim, r.invoiceId).length === 1,
        });
      sim.setFaults({ actionDropRates: {}, post503Rate: 0 });
      const second = await runAction(client, sheet, { action: "credit" }, { bulk: false });
      expect(second.counts.done + second.counts["already done"]).toBe(24);
      for (const id of idsOf(sheet))
        expect({ id, notes: creditNotesOf(sim, id).length }).toEqual({ id, notes: 1 });
      expectCreditRowsMatchStore(sim, sheet);
      const third = await runAction(client, sheet, { action: "credit" });
      expect(third.headline).toBe("Nothing changed: 24 already credited.");
    });

    it("Cancel mid-run, then a re-run: every invoice has exactly one credit note, rows and store agree", async () => {
      const sheet = await approvedSheet(client, 10, "cancel");
      sim.setFaults({ latencyMs: 40 });
      const abort = new AbortController();
      const apply = sheet.apply;
      sheet.apply = async (updates: RowUpdate[]) => {
        if (updates.some((u) => u.creditNoteId !== undefined)) abort.abort();
        await apply(updates);
      };
      const run = await runAction(
        client,
        sheet,
        { action: "credit" },
        { bulk: false, concurrency: 2, signal: abort.signal, flushIntervalMs: 0 }
      );
      sheet.apply = apply;
      expect(run.stopped).toBe("cancelled");
      expect(run.counts.cancelled).toBeGreaterThan(0);
      expectCreditRowsMatchStore(sim, sheet);
      sim.setFaults({ latencyMs: 0 });
      await runAction(client, sheet, { action: "credit" });
      for (const id of idsOf(sheet))
        expect({ id, notes: creditNotesOf(sim, id).length }).toEqual({ id, notes: 1 });
      expectCreditRowsMatchStore(sim, sheet);
    });

    it("429s on bulk credit are waited out; a sign-in refusal stops a one-by-one credit at once", async () => {
      const sheet = await approvedSheet(client, 5, "busy");
      sim.setFaults({
        rateLimit: {
          maxRequests: 3,
          windowMs: 300,
          retryAfterSeconds: 1,
          header: "x-retry-after-seconds",
        },
      });
      const run = await runAction(client, sheet, { action: "credit" });
      expect(run.counts.done).toBe(5);
      expectCreditRowsMatchStore(sim, sheet);
      sim.setFaults({ rateLimit: null });

      const other = await approvedSheet(client, 5, "auth");
      const stopped = await runAction(
        refusingAfter(client, "credit", 1),
        other,
        { action: "credit" },
        { bulk: false, concurrency: 1 }
      );
      expect(stopped.stopped).toBe("auth");
      expect(stopped.counts.done).toBe(1);
      expect(stopped.counts["not sent"]).toBe(4);
      expectCreditRowsMatchStore(sim, other);
    });
  });
});
