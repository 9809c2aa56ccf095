/**
 * Credit runs against the simulator: one credit note per invoice, the confirmation's
 * exact total, an invoice already credited shows its credit note and is never credited again,
 * drafts and credit notes are refused, bulk and one by one. Checked against the simulator's store.
 */
import Big from "big.js";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import {
  approvedSheet,
  creditNotesOf,
  expectCreditRowsMatchStore,
  idsOf,
  prepare,
  runAction,
  startForActions,
  stored,
} from "./action-helpers";
import { MemorySheet, demoRow, runSheet } from "./helpers";
import { AFTER_APPROVAL_COLUMNS } from "../../../src/invoices";

describe("credit run", () => {
  let sim: Simulator;
  let client: BillingClient;
  afterEach(() => sim?.close());

  describe("live dialect", () => {
    beforeEach(async () => {
      ({ sim, client } = await startForActions("live"));
    });

    it("the confirmation's total is the service's, exact; one credit note per invoice, written to its rows", async () => {
      const sheet = await approvedSheet(client, 3, "credit");
      const prepared = await prepare(client, sheet, { action: "credit" });
      expect(prepared.toDo).toHaveLength(3);
      // The store's own totals, summed exactly.
      let expected = new Big(0);
      for (const id of idsOf(sheet))
        expected = expected.plus(
          String(prepared.toDo.find((p) => p.invoiceId === id)!.invoice.totalAmountInclVAT)
        );
      expect(prepared.totalInclVAT).toBe(expected.toFixed(2));
      // 3 × 1 line of (100.15 + 101.15 + 102.15) excl. VAT at 21%.
      expect(prepared.totalExclVAT).toBe("303.45");
      expect(prepared.totalsMissing).toBe(0);

      const run = await runAction(client, sheet, { action: "credit" });
      expect(run.counts.done).toBe(3);
      expect(run.changed).toBe(3);
      expect(run.headline).toBe(`3 invoices credited (${expected.toFixed(2)} incl. VAT reversed).`);
      expect(sim.log.count("POST", /bulk\/credit$/i)).toBe(1);
      for (const id of idsOf(sheet)) {
        expect(creditNotesOf(sim, id)).toHaveLength(1);
        const note = creditNotesOf(sim, id)[0];
        expect(note).toMatchObject({
          type: "creditnote",
          status: "approved",
          creditedInvoiceId: id,
        });
        expect(note.invoiceNum).toMatch(/\S/);
      }
      for (const r of run.results) expect(r.changes).toEqual(["credited"]);
      expectCreditRowsMatchStore(sim, sheet);
    });

    it("an invoice already credited shows its credit note and is never credited again", async () => {
      const sheet = await approvedSheet(client, 2, "twice");
      const [first] = idsOf(sheet);
      await client.credit(first); // credited elsewhere: the sheet does not know
      const prepared = await prepare(client, sheet, { action: "credit" });
      expect(prepared.alreadyDone.map((p) => p.invoiceId)).toEqual([first]);
      expect(prepared.alreadyDone[0].creditNoteNum).toBe(creditNotesOf(sim, first)[0].invoiceNum);
      const run = await runAction(client, sheet, { action: "credit" });
      expect(run.counts).toMatchObject({ done: 1, "already done": 1 });
      expect(run.results.find((r) => r.invoiceId === first)!.changes).toEqual([
        "found credit note",
      ]);
      expect(String(sheet.cell(2, "message"))).toMatch(
        /^Already credited by credit note \S+: not credited again\.$/
      );
      expectCreditRowsMatchStore(sim, sheet);

      const again = await runAction(client, sheet, { action: "credit" });
      expect(again.changed).toBe(0);
      expect(again.headline).toBe("Nothing changed: 2 already credited.");
      expect(again.results.every((r) => r.changes.length === 0)).toBe(true);
      expectCreditRowsMatchStore(sim, sheet);
    });

    it("a draft, a credit note and an unknown id are refused with a reason; nothing is credited for them", async () => {
      const sheet = await approvedSheet(client, 1, "refuse");
      const [id] = idsOf(sheet);
      const note = await client.credit(id);
      const draftSheet = new MemorySheet(
        [demoRow({ description: "a draft" })],
        AFTER_APPROVAL_COLUMNS
      );
      await runSheet(client, draftSheet, { drafts: true });
      const draftId = String(draftSheet.cell(2, "invoiceId"));
      // A sheet whose rows claim "approved" for all three.
      const claims = new MemorySheet(
        [
          { invoiceId: draftId, status: "approved" },
          { invoiceId: note.id, status: "approved" },
          { invoiceId: "00000000-0000-4000-8000-00000000abcd", status: "approved" },
          { invoiceId: "not an id", status: "approved" },
          { invoiceId: id, status: "created" },
        ],
        AFTER_APPROVAL_COLUMNS
      );
      const prepared = await prepare(client, claims, { action: "credit" });
      expect(prepared.toDo).toHaveLength(0);
      expect(prepared.refused.map((r) => [r.rowNumbers, r.message])).toEqual([
        [[5], 'Not credited: the invoiceId "not an id" is not an id of the billing service.'],
        [
          [6],
          "Not credited: it is a draft: approve it first (only approved invoices can be credited).",
        ],
        [
          [2],
          "Not credited: the billing service holds it as a draft: only approved invoices can be credited.",
        ],
        [[3], "Not credited: it is a credit note, and a credit note cannot be credited."],
        [
          [4],
          "Not credited: the billing service has no invoice 00000000-0000-4000-8000-00000000abcd (not found); check the invoiceId.",
        ],
      ]);
      const before = sim.store.invoices.size;
      const run = await runAction(client, claims, { action: "credit" });
      expect(run.counts.refused).toBe(5);
      // The service's refusals are written to rows the sheet called approved; a row the sheet
      // itself refuses keeps its own message.
      expect(claims.cell(2, "message")).toBe(prepared.refused[2].message);
      expect(claims.cell(4, "message")).toBe(prepared.refused[4].message);
      expect(claims.cell(6, "message")).toBeNull();
      expect(run.headline).toBe("Nothing changed: 5 refused.");
      expect(sim.store.invoices.size).toBe(before);
      expect(sim.log.count("POST", /credit$/i)).toBe(1); // the one made by the test itself
    });

    it("a create run on credited rows leaves them alone: still credited, nothing read or approved", async () => {
      const sheet = await approvedSheet(client, 2, "final");
      await runAction(client, sheet, { action: "credit" });
      const writes: unknown[] = [];
      const apply = sheet.apply;
      sheet.apply = async (updates) => {
        writes.push(...updates.filter((u) => u.status !== undefined));
        await apply(updates);
      };
      const rerun = await runSheet(client, sheet);
      expect(rerun.story.untouched).toBe(2);
      expect(writes).toEqual([]);
      expectCreditRowsMatchStore(sim, sheet);
    });

    it("one by one (bulk off): one credit note per invoice", async () => {
      const sheet = await approvedSheet(client, 3, "single");
      const run = await runAction(client, sheet, { action: "credit" }, { bulk: false });
      expect(run.counts.done).toBe(3);
      expect(sim.log.count("POST", /bulk\/credit$/i)).toBe(0);
      expectCreditRowsMatchStore(sim, sheet);
    });

    it("rows sharing an invoice id are one invoice: one credit note, every row written", async () => {
      const sheet = new MemorySheet(
        [
          demoRow({ invoiceRef: "A", description: "A1" }),
          demoRow({ invoiceRef: "A", description: "A2", unitPrice: 10.05 }),
        ],
        AFTER_APPROVAL_COLUMNS
      );
      await runSheet(client, sheet);
      const run = await runAction(client, sheet, { action: "credit" });
      expect(run.results).toHaveLength(1);
      expect(run.results[0].rowNumbers).toEqual([2, 3]);
      expect(sheet.cell(3, "creditNoteNum")).toBe(sheet.cell(2, "creditNoteNum"));
      expectCreditRowsMatchStore(sim, sheet);
    });
  });

  it("interface dialect: no bulk credit (404): one credit each, exactly one credit note", async () => {
    ({ sim, client } = await startForActions("interface"));
    const sheet = await approvedSheet(client, 2, "iface");
    const run = await runAction(client, sheet, { action: "credit" });
    expect(run.counts.done).toBe(2);
    for (const id of idsOf(sheet)) expect(stored(sim, id).creditedByInvoiceId).toBeDefined();
    expectCreditRowsMatchStore(sim, sheet);
  });
});
