/**
 * Which invoice a row is (docs/controllers/taskpane.md, "Which invoice a row is"): a found invoice
 * is the row's only when it matches the row and was made in this sitting; anything else under the
 * row's reference is shown, never approved or deleted.
 */
import { UnknownOutcomeError, ValidationError } from "../../../src/api/errors";
import type { SearchedInvoices } from "../../../src/api";
import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

const DAY = 24 * 60 * 60_000;
const exists = () =>
  new ValidationError("refused", {
    status: 409,
    entries: [{ key: "INVOICE_ALREADY_EXISTS", message: "exists" }],
  });

/** The body the row `line()` plans, under `ref`. */
function bodyOfLine(ref: string, extra: Record<string, unknown> = {}) {
  const body = plan(sheet([line()])).invoices[0].body;
  return {
    ...structuredClone(body),
    companyBankAccountId: IDS.bank,
    externalReference: ref,
    ...extra,
  };
}

describe("runInvoices: which invoice a row is", () => {
  it("refuses to take an invoice of an earlier month under the row's reference: a likely repeat, said with its number and date", async () => {
    const fake = new FakeClient();
    fake.showContent = true;
    fake.seed({
      id: IDS.invoice,
      status: "approved",
      invoiceNum: "INV-2026-000001",
      createdDateTime: new Date(Date.now() - 40 * DAY).toISOString(),
      body: bodyOfLine("XL-1"),
    });
    fake.fail.createInvoice = exists;
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.invoices.size).toBe(1);
    expect(fake.invoices.get(IDS.invoice)!.status).toBe("approved");
    const row = rec.rows.get(2)!;
    expect(row.invoiceId).toBeUndefined();
    expect(row.invoiceNum).toBeUndefined();
    expect(row.status).toBe("failed");
    expect(row.message).toContain("looks like invoice INV-2026-000001 (approved)");
    expect(row.message).toContain(`put ${IDS.invoice} in invoiceId`);
    expect(rec.summary.story).toMatchObject({ approved: 0, created: 0 });
  });

  it("takes an invoice made minutes ago under the row's reference (a run whose write-back was undone) and says it found it", async () => {
    const fake = new FakeClient();
    fake.showContent = true;
    fake.seed({
      id: IDS.invoice,
      status: "approved",
      invoiceNum: "INV-2026-000002",
      createdDateTime: new Date(Date.now() - 10 * 60_000).toISOString(),
      body: bodyOfLine("XL-1"),
    });
    fake.fail.createInvoice = exists;
    const rec = await run(fake, plan(sheet([line()])));
    expect(rec.rows.get(2)).toMatchObject({
      invoiceId: IDS.invoice,
      status: "approved",
      invoiceNum: "INV-2026-000002",
    });
    expect(rec.rows.get(2)!.message).toContain(`Found ${IDS.invoice}`);
    expect(rec.summary.story).toMatchObject({ approved: 1, found: 1, created: 0 });
    expect(fake.count("approveInvoice")).toBe(0);
  });

  it("never takes, approves or deletes an invoice of another customer planted under the row's reference", async () => {
    const fake = new FakeClient();
    fake.showContent = true;
    const planted = "99999999-9999-4999-8999-999999999999";
    fake.seed({
      id: planted,
      status: "created",
      createdDateTime: new Date().toISOString(),
      body: bodyOfLine("XL-1", { customerId: IDS.customerB }),
    });
    fake.fail.createInvoice = exists;
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.invoices.get(planted)!.status).toBe("created");
    expect(fake.count("deleteInvoice")).toBe(0);
    expect(fake.count("approveInvoice")).toBe(0);
    const row = rec.rows.get(2)!;
    expect(row.invoiceId).toBeUndefined();
    expect(row.status).toBe("failed");
    expect(row.message).toContain(`already holds invoice ${planted}`);
    expect(row.message).toContain(
      `customerId ${IDS.customerB} where the row says ${IDS.customerA}`
    );
  });

  it("bills the row beside an invoice of other content under its reference (a service that stores both), and leaves that one alone", async () => {
    const fake = new FakeClient();
    fake.showContent = true;
    const planted = "99999999-9999-4999-8999-999999999999";
    const lines = bodyOfLine("XL-1").lines.map((l) => ({ ...l, unitPrice: 0.01 }));
    fake.seed({
      id: planted,
      status: "created",
      createdDateTime: new Date(Date.now() - 60_000).toISOString(),
      body: bodyOfLine("XL-1", { lines }),
    });
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.invoices.size).toBe(2);
    expect(fake.invoices.get(planted)!.status).toBe("created");
    expect(fake.count("deleteInvoice")).toBe(0);
    const row = rec.rows.get(2)!;
    expect(row.status).toBe("approved");
    expect(row.invoiceId).not.toBe(planted);
    expect(row.message).toContain(`Invoice ${planted} also carries this row's reference XL-1`);
    expect(row.message).toContain("unitPrice 0.01 where the row says 10");
  });

  it("settles drafts the service gives no time for, after a cut create, in one run: one approved, the other deleted", async () => {
    const fake = new FakeClient();
    const create = fake.createInvoice;
    fake.createInvoice = async (body) => {
      // A browser's resend stored it twice, and the answer was cut: the run knows neither id.
      await create(body);
      await create(body);
      for (const inv of fake.invoices.values()) delete inv.createdDateTime;
      throw new UnknownOutcomeError("connection cut", { endpoint: "POST /api/bill/Invoices" });
    };
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.invoices.size).toBe(1);
    const [kept] = [...fake.invoices.values()];
    expect(kept.status).toBe("approved");
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", invoiceId: kept.id });
  });

  it("approves a draft only on a one-page answer: a search that took several pages is made again", async () => {
    const fake = new FakeClient();
    const find = fake.findInvoicesByExternalReference;
    let searches = 0;
    fake.findInvoicesByExternalReference = async (ref: string) => {
      const found: SearchedInvoices = await find(ref);
      found.pages = ++searches === 1 ? 2 : 1;
      return found;
    };
    const rec = await run(fake, plan(sheet([line()])));
    expect(searches).toBe(2);
    expect(rec.rows.get(2)).toMatchObject({ status: "approved" });
    // The approve came after the second (one-page) search, not after the first.
    const order = fake.calls.map((c) => c.method);
    expect(order.indexOf("approveInvoice")).toBeGreaterThan(
      order.lastIndexOf("findInvoicesByExternalReference")
    );
  });

  it("takes an invoice whose id the controller put in the row as linked, not as approved by this run", async () => {
    const fake = new FakeClient();
    fake.seed({
      id: IDS.invoice,
      status: "approved",
      invoiceNum: "INV-2026-000003",
      body: bodyOfLine("XL-9"),
    });
    const rec = await run(fake, plan(sheet([line({ invoiceId: IDS.invoice })])));
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", invoiceNum: "INV-2026-000003" });
    expect(rec.summary.results[0].changes).toEqual(["linked", "approved"]);
    expect(rec.summary.story).toMatchObject({ approved: 1, found: 1, created: 0 });
    expect(fake.count("approveInvoice")).toBe(0);
    expect(fake.count("createInvoice")).toBe(0);
  });
});
