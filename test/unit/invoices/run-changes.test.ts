/**
 * What a run records as changed per invoice (docs/developers/rules.md#each-run-tells-its-own-story): the
 * Billing log's rows and the summary's counts come from these records, so each is checked here
 * against what the fake service did.
 */
import type { CreateInvoiceRequest } from "../../../src/api/types";
import { ValidationError } from "../../../src/api/errors";
import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: what each run changed", () => {
  it("records created, sent for approval and approved for a new invoice, with a run id", async () => {
    const fake = new FakeClient();
    const rec = await run(fake, plan(sheet([line()])), { runId: "run-test" });
    expect(rec.summary.runId).toBe("run-test");
    expect(rec.summary.results[0]).toMatchObject({
      state: "approved",
      before: "",
      untouched: false,
      changes: ["created", "sent for approval", "approved"],
    });
    expect(rec.summary.story).toMatchObject({ created: 1, approved: 1, changed: 1, untouched: 0 });
  });

  it("gives each run an id of its own by default", async () => {
    const a = await run(new FakeClient(), plan(sheet([line()])));
    const b = await run(new FakeClient(), plan(sheet([line()])));
    expect(a.summary.runId).toMatch(/^run-\d{8}-\d{6}-[0-9a-f]{4}$/);
    expect(b.summary.runId).not.toBe(a.summary.runId);
  });

  it("records nothing for an approved, numbered row and counts it untouched", async () => {
    const fake = new FakeClient();
    const rec = await run(
      fake,
      plan(
        sheet([
          line({
            invoiceId: IDS.invoice,
            externalReference: "XL-1",
            status: "approved",
            invoiceNum: "2026-0001",
          }),
        ])
      )
    );
    expect(fake.calls).toEqual([]);
    expect(rec.summary.results[0]).toMatchObject({ untouched: true, changes: [] });
    expect(rec.summary.story).toMatchObject({ untouched: 1, changed: 0, approved: 0 });
  });

  it("records an earlier create found by its reference as found, not created", async () => {
    const fake = new FakeClient();
    fake.seed({
      id: IDS.invoice,
      status: "created",
      body: {
        customerId: IDS.customerA,
        companyBankAccountId: IDS.bank,
        externalReference: "XL-7",
        lines: [],
      },
    });
    const rec = await run(
      fake,
      plan(sheet([line({ externalReference: "XL-7", status: "unknown" })]))
    );
    expect(rec.summary.results[0].changes).toEqual(["found", "sent for approval", "approved"]);
    expect(rec.summary.story.created).toBe(0);
  });

  it("records the deletion of an extra draft a resent create left", async () => {
    const fake = new FakeClient();
    const create = fake.createInvoice;
    fake.createInvoice = async (body: CreateInvoiceRequest) => {
      await create(body);
      return await create(body);
    };
    const rec = await run(fake, plan(sheet([line()])));
    // The extra draft goes before the approve (the reference is checked first).
    expect(rec.summary.results[0].changes).toEqual([
      "created",
      "deleted duplicate",
      "sent for approval",
      "approved",
    ]);
  });

  it("records a refused create as failed once: a re-run refused the same way records nothing", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () =>
      new ValidationError("refused", { endpoint: "POST /api/bill/Invoices", status: 400 });
    const first = await run(fake, plan(sheet([line()])));
    expect(first.summary.results[0]).toMatchObject({ state: "failed", changes: ["failed"] });
    expect(first.summary.story).toMatchObject({ failed: 1, changed: 1 });

    const again = await run(
      fake,
      plan(sheet([line({ externalReference: "XL-1", status: "failed" })]))
    );
    expect(again.summary.results[0]).toMatchObject({ state: "failed", before: "failed" });
    expect(again.summary.results[0].changes).toEqual([]);
    expect(again.summary.story).toMatchObject({ failed: 1, changed: 0 });
  });
});
