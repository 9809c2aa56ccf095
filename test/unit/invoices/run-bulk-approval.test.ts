/**
 * The engine's approve step in bulk, against the fake client: exact ids in requests of
 * at most 100, no request without drafts, none in a Create drafts run, the fallback after a 405.
 */
import type { BulkOutcome } from "../../../src/api";
import { ValidationError } from "../../../src/api";
import { TAIL_DRAFTS } from "../../../src/invoices/engine/bulk-approver";
import { readParts } from "../../../src/invoices/engine/read-by-id";
import { FakeClient } from "../../support/fake-client";
import { line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

/** The fake with bulk approval: each call approves exactly the ids it names. */
class BulkFake extends FakeClient {
  bulkCalls: string[][] = [];
  notOffered = false;
  bulkApprove = async (ids: readonly string[], invoiceDate: string): Promise<BulkOutcome> => {
    this.bulkCalls.push([...ids]);
    this.calls.push({ method: "bulkApprove", args: [ids, invoiceDate] });
    await new Promise((r) => setTimeout(r, 1));
    if (this.notOffered) throw new ValidationError("Method not allowed (405)", { status: 405 });
    for (const id of ids) {
      const inv = this.invoices.get(id)!;
      inv.status = "approvalinprogress";
      inv.approvedWith = invoiceDate;
      inv.pollsLeft = this.pollsToApprove;
    }
    return { accepted: [...ids], refused: [], general: [], failed: [], notSent: [] };
  };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => line({ invoiceRef: `R${i}` }));

describe("runInvoices: approval in bulk", () => {
  it("approves 250 drafts in requests of at most 100 exact ids, each id once, and no single approve", async () => {
    const fake = new BulkFake();
    const rec = await run(fake, plan(sheet(lines(250))), { concurrency: 6 });
    expect(rec.summary.counts.approved).toBe(250);
    expect(fake.count("approveInvoice")).toBe(0);
    expect(fake.bulkCalls.length).toBeGreaterThanOrEqual(3);
    for (const ids of fake.bulkCalls) {
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(100);
    }
    const sent = fake.bulkCalls.flat();
    expect(new Set(sent).size).toBe(250);
    expect(sent.sort()).toEqual([...fake.invoices.keys()].sort());
  });

  it("sends no bulk request in a run without drafts (every row invalid)", async () => {
    const fake = new BulkFake();
    const rec = await run(fake, plan(sheet([line({ taxCodeId: "" }), line({ customerId: "" })])));
    expect(rec.summary.counts.invalid).toBe(2);
    expect(fake.bulkCalls).toEqual([]);
    expect(fake.calls).toEqual([]);
  });

  it("creates drafts and approves nothing in a Create drafts run", async () => {
    const fake = new BulkFake();
    const rec = await run(fake, plan(sheet(lines(3))), { drafts: true });
    expect(rec.summary.counts.created).toBe(3);
    expect(fake.bulkCalls).toEqual([]);
    expect(fake.count("approveInvoice")).toBe(0);
    for (const inv of fake.invoices.values()) expect(inv.status).toBe("created");
    expect(rec.rows.get(2)!.message).toMatch(/^Draft: review it/);
  });

  it("keeps the run's last request small: what waits when 24 invoices are left goes at once", async () => {
    const fake = new BulkFake();
    // 300 drafts: 100, 100, then 100 more would wait for the last create; the last request's
    // polls are the end of the run, and a big one is read back slowly (docs/benchmarks/invoices.md).
    const rec = await run(fake, plan(sheet(lines(300))), { concurrency: 6 });
    expect(rec.summary.counts.approved).toBe(300);
    const last = fake.bulkCalls[fake.bulkCalls.length - 1];
    expect(last.length).toBeGreaterThan(0);
    expect(last.length).toBeLessThanOrEqual(TAIL_DRAFTS);
    expect(new Set(fake.bulkCalls.flat()).size).toBe(300);
  });

  it("falls back to one approve per invoice when the service answers 405 to bulk approval", async () => {
    const fake = new BulkFake();
    fake.notOffered = true;
    const rec = await run(fake, plan(sheet(lines(4))));
    expect(rec.summary.counts.approved).toBe(4);
    expect(fake.bulkCalls).toHaveLength(1);
    expect(fake.count("approveInvoice")).toBe(4);
  });
});

describe("readParts: reads asked for together go out side by side", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

  it("parts a chunk's 100 polls over the 6 slots, each id once and in order", () => {
    const parts = readParts(ids(100), 6);
    expect(parts).toHaveLength(6);
    for (const part of parts) expect(part.length).toBeGreaterThanOrEqual(16);
    expect(parts.flat()).toEqual(ids(100));
  });

  it("keeps a few ids in one request and never puts more than 50 in one", () => {
    expect(readParts(ids(3), 6)).toEqual([ids(3)]);
    expect(readParts(ids(8), 6)).toHaveLength(2);
    // The last request of a run (24 drafts): one part a slot, 4 ids each (one simulator page).
    expect(readParts(ids(24), 6).map((part) => part.length)).toEqual([4, 4, 4, 4, 4, 4]);
    const many = readParts(ids(120), 2);
    expect(many).toHaveLength(3);
    for (const part of many) expect(part.length).toBeLessThanOrEqual(50);
    expect(many.flat()).toEqual(ids(120));
    expect(readParts([], 6)).toEqual([]);
  });

  it("reads one page a request once the service's page size is known, each id once and in order", () => {
    const parts = readParts(ids(17), 6, 4);
    expect(parts).toHaveLength(5);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(4);
    expect(parts.flat()).toEqual(ids(17));
    // A service with big pages: one request up to 50 ids.
    expect(readParts(ids(120), 6, 100).map((part) => part.length)).toEqual([40, 40, 40]);
    expect(readParts(ids(30), 6, 100)).toEqual([ids(30)]);
  });
});
