/**
 * runInvoiceActions settles lost answers by reading back, against an in-memory service
 * whose answers can be cut after acting and whose reads can fail: a credit is never asked twice; a
 * send is sent again only when the service shows it not sent, at most 3 times; a mark as sent is
 * never asked twice, and an answer that does not show it sent is read back.
 */
import { UnavailableError, UnknownOutcomeError } from "../../../src/api/errors";
import type { BillingClient, Invoice } from "../../../src/api/types";
import {
  prepareInvoiceActions,
  planInvoiceActions,
  runInvoiceActions,
} from "../../../src/invoices";
import type { ActionRequest, RowUpdate } from "../../../src/invoices";

const ID = "11110000-0000-4000-8000-000000000001";
const NOTE = "22220000-0000-4000-8000-000000000001";

/** One approved invoice; cut answers are lost after acting; `failReads()` makes every read fail. */
function service(opts: {
  cutCredit?: boolean;
  actOnCredit?: boolean;
  cutSends?: number;
  actOnSend?: boolean;
  /** Mark as sent: the answer cut after acting; the service does not act (its answer shows it). */
  cutMark?: boolean;
  actOnMark?: boolean;
}) {
  const inv: Invoice = {
    id: ID,
    status: "approved",
    invoiceNum: "INV-1",
    errors: [],
    sent: "notsent",
    totalAmountInclVAT: "12.10",
    totalAmountExclVAT: "10.00",
  };
  const held = new Map<string, Invoice>([[ID, inv]]);
  const calls = { credit: 0, send: 0, reads: 0, markSent: 0 };
  let readsFail = false;
  const client = {
    getInvoicesByIds: (ids: readonly string[]) => {
      calls.reads += 1;
      if (readsFail) return Promise.reject(new UnavailableError("down", { status: 503 }));
      return Promise.resolve(
        ids
          .map((x) => held.get(x))
          .filter((x): x is Invoice => !!x)
          .map((x) => ({ ...x }))
      );
    },
    getInvoice: (x: string) => Promise.resolve({ ...held.get(x)! }),
    credit: () => {
      calls.credit += 1;
      if (opts.actOnCredit !== false) {
        held.set(NOTE, {
          id: NOTE,
          status: "approved",
          invoiceNum: "CN-1",
          errors: [],
          type: "creditnote",
          creditedInvoiceId: ID,
        });
        inv.creditedByInvoiceId = NOTE;
      }
      if (opts.cutCredit) return Promise.reject(new UnknownOutcomeError("The connection was lost"));
      return Promise.resolve({ ...held.get(NOTE)! });
    },
    send: () => {
      calls.send += 1;
      const act = opts.actOnSend !== false;
      if (act) inv.sent = "sent";
      if (calls.send <= (opts.cutSends ?? 0))
        return Promise.reject(new UnknownOutcomeError("The connection was lost"));
      return Promise.resolve({ ...inv });
    },
    markSent: () => {
      calls.markSent += 1;
      if (opts.actOnMark !== false) inv.sent = "sent";
      if (opts.cutMark) return Promise.reject(new UnknownOutcomeError("The connection was lost"));
      return Promise.resolve({ ...inv });
    },
  } as unknown as BillingClient;
  return { client, calls, failReads: () => (readsFail = true), inv };
}

async function run(client: BillingClient, request: ActionRequest, onRead?: () => void) {
  const plan = planInvoiceActions(
    { headers: ["invoiceId", "status"], rows: [{ rowNumber: 2, values: [ID, "approved"] }] },
    request
  );
  const prepared = await prepareInvoiceActions(client, plan);
  onRead?.();
  const rows: RowUpdate[] = [];
  const summary = await runInvoiceActions(client, prepared, {
    bulk: false,
    unsafeTestPollIntervalMs: 0,
    flushIntervalMs: 0,
    onRowUpdates: (u) => void rows.push(...u),
  });
  return { summary, rows };
}

describe("runInvoiceActions: lost answers", () => {
  it("a cut credit read back as credited: credited by this run, with its credit note; asked once", async () => {
    const s = service({ cutCredit: true });
    const { summary, rows } = await run(s.client, { action: "credit" });
    expect(s.calls.credit).toBe(1);
    expect(summary.results[0]).toMatchObject({
      state: "done",
      creditNoteId: NOTE,
      creditNoteNum: "CN-1",
      changes: ["credited"],
    });
    expect(rows.at(-1)).toMatchObject({
      status: "credited",
      creditNoteId: NOTE,
      creditNoteNum: "CN-1",
    });
  });

  it("a cut credit read back as not credited: nothing was done, and it is NOT asked again", async () => {
    const s = service({ cutCredit: true, actOnCredit: false });
    const { summary } = await run(s.client, { action: "credit" });
    expect(s.calls.credit).toBe(1);
    expect(summary.results[0].state).toBe("not sent");
    expect(summary.results[0].message).toMatch(/shows no credit note for it: nothing was credited/);
    expect(summary.changed).toBe(0);
  });

  it("a cut credit whose read-back fails too: outcome open, asked once; the next run finds the credit note", async () => {
    const s = service({ cutCredit: true });
    const first = await run(s.client, { action: "credit" }, () => {
      // Reads fail from the run's own re-read on: nothing is credited without a fresh read.
      s.failReads();
    });
    expect(s.calls.credit).toBe(0);
    expect(first.summary.results[0].state).toBe("not sent");
    const s2 = service({ cutCredit: true });
    // The read right before acting works; the read-back after the cut fails.
    const getByIds = s2.client.getInvoicesByIds.bind(s2.client);
    let reads = 0;
    s2.client.getInvoicesByIds = (ids) =>
      ++reads <= 2 ? getByIds(ids) : Promise.reject(new UnavailableError("down", { status: 503 }));
    const second = await run(s2.client, { action: "credit" });
    expect(s2.calls.credit).toBe(1);
    expect(second.summary.results[0].state).toBe("unknown");
    expect(second.summary.results[0].message).toMatch(
      /whether it was credited is open: run Credit again \(it reads the invoice first and never credits twice\)/
    );
    s2.client.getInvoicesByIds = getByIds;
    const third = await run(s2.client, { action: "credit" });
    expect(s2.calls.credit).toBe(1);
    expect(third.summary.results[0]).toMatchObject({
      state: "already done",
      creditNoteNum: "CN-1",
      changes: ["found credit note"],
    });
  });

  it("a credit answered with the original invoice (not its credit note): the note is found by reading back", async () => {
    const s = service({});
    const credit = s.client.credit.bind(s.client);
    s.client.credit = async (x: string) => {
      await credit(x);
      return { ...s.inv };
    };
    const { summary } = await run(s.client, { action: "credit" });
    expect(s.calls.credit).toBe(1);
    expect(summary.results[0]).toMatchObject({
      state: "done",
      creditNoteId: NOTE,
      creditNoteNum: "CN-1",
    });
  });

  it("a cut send read back as sent is not sent again", async () => {
    const s = service({ cutSends: 1 });
    const { summary } = await run(s.client, { action: "send" });
    expect(s.calls.send).toBe(1);
    expect(summary.results[0]).toMatchObject({ state: "done", sent: "sent", changes: ["sent"] });
  });

  it("a cut send read back as not sent is sent again — at most 3 sends in all", async () => {
    const s = service({ cutSends: 10, actOnSend: false });
    const { summary } = await run(s.client, { action: "send" });
    expect(s.calls.send).toBe(3);
    expect(summary.results[0].state).toBe("not sent");
    expect(summary.results[0].message).toMatch(
      /shows it not sent, so nothing was sent: run Send again/
    );
  });

  it("a cut mark as sent read back as sent: marked by this run, asked once", async () => {
    const s = service({ cutMark: true });
    const { summary, rows } = await run(s.client, { action: "mark-sent" });
    expect(s.calls.markSent).toBe(1);
    expect(summary.results[0]).toMatchObject({ state: "done", changes: ["sent"] });
    expect(rows.at(-1)).toMatchObject({
      sent: "sent",
      message: expect.stringMatching(/^Marked as sent/),
    });
  });

  it("a cut mark as sent read back as not sent: nothing was done, and it is NOT asked again", async () => {
    const s = service({ cutMark: true, actOnMark: false });
    const { summary, rows } = await run(s.client, { action: "mark-sent" });
    expect(s.calls.markSent).toBe(1);
    expect(summary.results[0]).toMatchObject({ state: "not sent", changes: [] });
    expect(summary.changed).toBe(0);
    expect(String(rows.at(-1)?.message)).toMatch(/nothing was marked\. Run Mark as sent again\.$/);
  });

  it("a cut mark as sent whose read-back fails too: outcome open, asked once", async () => {
    const s = service({ cutMark: true });
    // Reads fail from the mark on: the read right before acting still answers.
    const markSent = s.client.markSent.bind(s.client);
    s.client.markSent = (id: string) => {
      s.failReads();
      return markSent(id);
    };
    const { summary, rows } = await run(s.client, { action: "mark-sent" });
    expect(s.calls.markSent).toBe(1);
    expect(summary.results[0].state).toBe("unknown");
    expect(String(rows.at(-1)?.message)).toMatch(/whether it was marked as sent is open/);
  });

  it("an answer that does not show it sent is read back; still not shown sent: pending, asked once", async () => {
    const s = service({ actOnMark: false });
    const { summary, rows } = await run(s.client, { action: "mark-sent" });
    expect(s.calls.markSent).toBe(1);
    expect(summary.results[0].state).toBe("pending");
    expect(String(rows.at(-1)?.message)).toMatch(/does not show it as sent yet/);
  });
});
