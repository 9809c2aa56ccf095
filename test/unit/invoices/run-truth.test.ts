import { RateLimitError, UnavailableError } from "../../../src/api/errors";
import type { CreateInvoiceRequest } from "../../../src/api/types";
import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

/** A failure whose request never left: the connection was refused. */
const refused = () =>
  new UnavailableError("The service could not be reached", {
    cause: Object.assign(new Error("fetch failed"), { code: "ECONNREFUSED" }),
  });

/** A failure after the request may have arrived: the connection was cut. */
const cut = () => new UnavailableError("The connection to the service failed");

describe("runInvoices: every row settles on what the service holds", () => {
  it("settles an approve whose answer was cut by reading the invoice back: approved, not 'created'", async () => {
    const fake = new FakeClient();
    const approve = fake.approveInvoice;
    fake.approveInvoice = async (id, date) => {
      await approve(id, date);
      throw cut();
    };
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.count("approveInvoice")).toBe(1);
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", message: "" });
    expect(rec.rows.get(2)!.invoiceNum).toBe([...fake.invoices.values()][0].invoiceNum);
  });

  it("sends an approve again when reading back shows it was not carried out", async () => {
    const fake = new FakeClient();
    let approves = 0;
    fake.fail.approveInvoice = () => (++approves === 1 ? cut() : undefined);
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.count("approveInvoice")).toBe(2);
    expect(rec.rows.get(2)!.status).toBe("approved");
  });

  it("never downgrades a row whose re-read fails: the status cell is left as it is", async () => {
    const fake = new FakeClient();
    fake.seed({ id: IDS.invoice, status: "approvalinprogress" });
    fake.fail.getInvoicesByIds = () => new UnavailableError("503", { status: 503 });
    fake.fail.getInvoice = () => new UnavailableError("503", { status: 503 });
    const rec = await run(
      fake,
      plan(sheet([line({ invoiceId: IDS.invoice, status: "approving" })]))
    );
    expect(rec.rows.get(2)).not.toHaveProperty("status");
    expect(rec.rows.get(2)!.message).toBe(
      "Could not read the invoice: the billing service could not be reached or did not answer in time. Run again to continue."
    );
    expect(rec.summary.counts.approving).toBe(1);
    expect(fake.count("approveInvoice")).toBe(0);
  });

  it("leaves approved, numbered rows alone: not read again, not written", async () => {
    const fake = new FakeClient();
    const rec = await run(
      fake,
      plan(
        sheet([
          line({ invoiceId: IDS.invoice, status: "approved", invoiceNum: "INV-1" }),
          line({ invoiceId: IDS.customerB, status: "approved", invoiceNum: "INV-2" }),
        ])
      )
    );
    expect(fake.calls).toEqual([]);
    expect(rec.rows.size).toBe(0);
    expect(rec.summary.counts.approved).toBe(2);
  });

  it("reads many unfinished invoices in one batched call, not one read each", async () => {
    const fake = new FakeClient();
    const ids = Array.from(
      { length: 30 },
      (_, i) => `00000000-0000-4000-9000-${String(i + 1).padStart(12, "0")}`
    );
    for (const id of ids) fake.seed({ id, status: "approved", invoiceNum: `N-${id.slice(-2)}` });
    const rec = await run(
      fake,
      plan(sheet(ids.map((id) => line({ invoiceId: id, status: "approving" }))))
    );
    expect(fake.calls.map((c) => c.method)).toEqual(["getInvoicesByIds"]);
    expect(rec.summary.counts.approved).toBe(30);
  });

  it("says the outcome is still open when the search by reference fails, never 'nothing was created'", async () => {
    const fake = new FakeClient();
    fake.fail.findInvoicesByExternalReference = () => new UnavailableError("503", { status: 503 });
    const rec = await run(
      fake,
      plan(sheet([line({ externalReference: "XL-7", status: "unknown" })]))
    );
    expect(fake.count("createInvoice")).toBe(0);
    expect(rec.rows.get(2)).toMatchObject({ status: "unknown" });
    expect(rec.rows.get(2)!.message).toBe(
      "Whether an invoice with the reference XL-7 exists is still open: looking it up failed. Could not look up the invoice by its reference: the billing service could not be reached or did not answer in time. Run again to continue."
    );
  });

  it("waits out a 429 on create and sends it again (a 429 means nothing was done)", async () => {
    const fake = new FakeClient();
    let creates = 0;
    fake.fail.createInvoice = () =>
      ++creates === 1 ? new RateLimitError("429", { status: 429, retryAfterMs: 20 }) : undefined;
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.count("createInvoice")).toBe(2);
    expect(fake.invoices.size).toBe(1);
    expect(rec.rows.get(2)!.status).toBe("approved");
  });
});

describe("runInvoices: a create the browser sent twice", () => {
  /** Stores every create twice and answers with the second, as a resent POST does. */
  function storeTwice(fake: FakeClient): void {
    const create = fake.createInvoice;
    fake.createInvoice = async (body: CreateInvoiceRequest) => {
      await create(body);
      return await create(body);
    };
  }

  it("deletes the extra draft before approving, approves exactly one, and says so on the row", async () => {
    const fake = new FakeClient();
    storeTwice(fake);
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.invoices.size).toBe(1);
    const [kept] = [...fake.invoices.values()];
    expect(kept.status).toBe("approved");
    expect(fake.count("deleteInvoice")).toBe(1);
    const deleted = String(fake.calls.find((c) => c.method === "deleteInvoice")!.args[0]);
    // Every run keeps the first one created (reference-keeper.ts): here not the one answered.
    expect(deleted).not.toBe(kept.id);
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", invoiceId: kept.id });
    expect(rec.rows.get(2)!.message).toBe(
      `A second invoice ${deleted} with the same reference (a create sent twice on the way, or another pane creating the same invoice at the same moment) was a draft and has been deleted. This row now holds ${kept.id}, the first invoice created under its reference XL-1.`
    );
  });

  it("never approves the extra draft when deleting it fails, and reports it on the row", async () => {
    const fake = new FakeClient();
    storeTwice(fake);
    fake.fail.deleteInvoice = () => new UnavailableError("503", { status: 503 });
    const rec = await run(fake, plan(sheet([line()])));
    const statuses = [...fake.invoices.values()].map((i) => i.status).sort();
    expect(statuses).toEqual(["approved", "created"]);
    const extra = [...fake.invoices.values()].find((i) => i.status === "created")!;
    const kept = [...fake.invoices.values()].find((i) => i.status === "approved")!;
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", invoiceId: kept.id });
    expect(rec.rows.get(2)!.message).toBe(
      `A second invoice ${extra.id} with the same reference (a create sent twice on the way, or another pane creating the same invoice at the same moment) is still in the billing service as a draft; it was not approved. Delete it there (Could not delete it: the billing service could not be reached or did not answer in time.) This row now holds ${kept.id}, the first invoice created under its reference XL-1.`
    );
  });

  it("keeps requests per invoice within 2 + polls + 1 when nothing goes wrong", async () => {
    const fake = new FakeClient();
    fake.pollsToApprove = 1;
    const rec = await run(fake, plan(sheet([line(), line(), line()])));
    // Polls of invoices approved together are one batched read: at most this.
    expect(rec.summary.requests).toBeLessThanOrEqual(3 * (2 + 1 + 1));
  });
});

describe("runInvoices: a service that cannot be reached", () => {
  it("calls a create that never left 'not sent', stops, and sends nothing more", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = refused;
    const rec = await run(fake, plan(sheet([line(), line(), line()])), { concurrency: 1 });
    expect(fake.count("createInvoice")).toBe(1);
    expect(rec.summary.stopped).toBe("unreachable");
    expect(rec.summary.connection).toBe("unreachable");
    expect(rec.rows.get(2)).toMatchObject({ status: "not sent" });
    expect(rec.rows.get(2)!.message).toBe(
      "Not sent: Could not create the invoice: the billing service could not be reached or did not answer in time. Run again to send it."
    );
    for (const row of [3, 4]) {
      expect(rec.rows.get(row)).toMatchObject({ status: "cancelled" });
      expect(rec.rows.get(row)!.message).toBe(
        "Nothing was sent. The billing service could not be reached. Run again to create it."
      );
    }
  });

  it("leaves invoices whose approval was sent 'still approving' when the service goes away", async () => {
    const fake = new FakeClient();
    fake.pollsToApprove = 1000;
    let approved = 0;
    fake.fail.getInvoice = () => (approved > 0 ? refused() : undefined);
    const approve = fake.approveInvoice;
    fake.approveInvoice = async (id, date) => {
      await approve(id, date);
      approved += 1;
    };
    const rec = await run(fake, plan(sheet([line()])));
    expect(rec.summary.stopped).toBe("unreachable");
    expect(rec.rows.get(2)).toMatchObject({ status: "approving" });
    expect(rec.rows.get(2)!.message).toBe(
      "Still approving — run again to continue. Could not read the invoice's approval state: the billing service could not be reached or did not answer in time. The billing service could not be reached."
    );
  });
});
