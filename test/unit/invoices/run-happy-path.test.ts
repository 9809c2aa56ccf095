import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: create, approve, poll, write back", () => {
  it("creates each invoice with its reference, approves it with the invoice date and writes the number", async () => {
    const fake = new FakeClient();
    fake.pollsToApprove = 2;
    const rec = await run(
      fake,
      plan(
        sheet([
          line({ invoiceRef: "A" }),
          line({ invoiceRef: "A" }),
          line({ invoiceRef: "B", invoiceDate: "2026-03-01" }),
        ])
      )
    );

    expect(rec.summary.counts).toMatchObject({ approved: 2, failed: 0, queued: 0 });
    const [a, b] = [...fake.invoices.values()];
    expect(a.body.externalReference).toBe("XL-1");
    expect(a.body.lines).toHaveLength(2);
    expect(a.approvedWith).toBe("2026-03-15T00:00:00+00:00");
    expect(b.approvedWith).toBe("2026-03-01T00:00:00+00:00");
    expect(rec.rows.get(2)).toEqual({
      rowNumber: 2,
      externalReference: "XL-1",
      status: "approved",
      invoiceId: a.id,
      invoiceNum: a.invoiceNum,
      message: "",
    });
    expect(rec.rows.get(3)!.invoiceNum).toBe(a.invoiceNum);
    expect(rec.rows.get(4)!.invoiceNum).toBe(b.invoiceNum);
    // Each invoice needs 2 polls; polls that wake together go out as one batched read,
    // so 2 reads when the two invoices' polls coincide and at most 4 when a busy machine parts them.
    const reads = fake.count("getInvoicesByIds") + fake.count("getInvoice");
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(reads).toBeLessThanOrEqual(4);
    // Per invoice: create + reference check (off the critical path) + approve, plus the reads.
    expect(fake.count("findInvoicesByExternalReference")).toBe(2);
    expect(rec.summary.requests).toBe(2 * 3 + reads);
    expect(rec.summary.summary).toMatch(
      new RegExp(`^2 approved in \\d+\\.\\d s \\(${2 * 3 + reads} requests\\)$`)
    );
  });

  it("writes the reference to the sheet before the create that carries it is sent", async () => {
    const fake = new FakeClient();
    const rec = await run(fake, plan(sheet([line()])));
    const firstWrite = rec.events.indexOf("write");
    expect(firstWrite).toBeGreaterThanOrEqual(0);
    expect(rec.batches[0]).toEqual([{ rowNumber: 2, externalReference: "XL-1" }]);
    expect(rec.events.indexOf("createInvoice")).toBeGreaterThan(firstWrite);
  });

  it("generates XL-<uuid> references by default", async () => {
    const fake = new FakeClient();
    await run(fake, plan(sheet([line()])), { newReference: undefined });
    expect([...fake.invoices.values()][0].body.externalReference).toMatch(
      /^XL-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    );
  });

  it("marks invalid rows and sends nothing for them", async () => {
    const fake = new FakeClient();
    const rec = await run(fake, plan(sheet([line({ customerId: "nope" }), line()])));
    expect(fake.invoices.size).toBe(1);
    expect(rec.rows.get(2)).toMatchObject({ status: "invalid" });
    expect(rec.rows.get(2)!.message).toMatch(
      /^Not sent: customerId "nope" in A2 is not a billing service id/
    );
    expect(rec.summary.counts).toMatchObject({ approved: 1, invalid: 1 });
  });

  it("reports progress counts per state, ending with everything done", async () => {
    const fake = new FakeClient();
    const seen: Record<string, number>[] = [];
    await run(fake, plan(sheet([line(), line()])), { onProgress: (c) => seen.push(c) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toMatchObject({
      approved: 2,
      queued: 0,
      creating: 0,
      approving: 0,
    });
  });

  it("sends no customer ids other than the sheet's", async () => {
    const fake = new FakeClient();
    await run(fake, plan(sheet([line({ customerId: IDS.customerB })])));
    expect([...fake.invoices.values()][0].body.customerId).toBe(IDS.customerB);
  });
});
