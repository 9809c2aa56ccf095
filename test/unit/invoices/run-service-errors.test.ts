import {
  AuthError,
  RateLimitError,
  UnavailableError,
  ValidationError,
} from "../../../src/api/errors";
import { FakeClient } from "../../support/fake-client";
import { IDS, line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

describe("runInvoices: service errors become plain words on the invoice's rows", () => {
  it("puts the service's reasons for refusing a create on the rows", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () =>
      new ValidationError("refused", {
        status: 422,
        entries: [
          { key: "CUSTOMER_NOT_FOUND", message: `customerId ${IDS.customerA} does not exist` },
        ],
      });
    const rec = await run(fake, plan(sheet([line()])));
    expect(rec.rows.get(2)).toMatchObject({
      status: "failed",
      message: `The billing service refused to create the invoice: customerId ${IDS.customerA} does not exist.`,
    });
    expect(rec.rows.get(2)!.message).not.toMatch(/\bat .*\.ts/);
  });

  it("stops the whole run on refused credentials and tells every remaining row to sign in again", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () => new AuthError({ status: 401 });
    const rec = await run(fake, plan(sheet([line(), line(), line(), line()])), { concurrency: 1 });
    expect(fake.count("createInvoice")).toBe(1);
    expect(rec.summary.stopped).toBe("auth");
    for (const row of [2, 3, 4, 5]) {
      expect(rec.rows.get(row)!.message).toMatch(/refused the credentials: sign in again/);
      expect(rec.rows.get(row)!.status).toBe("cancelled");
    }
  });

  it("sends create and approve again after each 429: a 429 is never a row's final answer", async () => {
    const fake = new FakeClient();
    let creates = 0;
    let approves = 0;
    const busy = () => new RateLimitError("429", { status: 429, retryAfterMs: 5 });
    fake.fail.createInvoice = () => (++creates <= 3 ? busy() : undefined);
    fake.fail.approveInvoice = () => (++approves <= 3 ? busy() : undefined);
    const rec = await run(fake, plan(sheet([line()])));
    expect(rec.rows.get(2)).toMatchObject({ status: "approved", message: "" });
    expect(fake.count("createInvoice")).toBe(4);
    expect(fake.count("approveInvoice")).toBe(4);
    expect(fake.invoices.size).toBe(1);
    expect(rec.summary.stopped).toBeUndefined();
  });

  it("shows the service's pause in the progress while the rate limit holds the run", async () => {
    const fake = new FakeClient();
    let pausedUntil: number | undefined;
    (fake as unknown as { rateLimit: () => unknown }).rateLimit = () => ({
      pausedUntil: pausedUntil !== undefined && pausedUntil > Date.now() ? pausedUntil : undefined,
      throttled: 1,
      sent: 1,
    });
    let creates = 0;
    fake.fail.createInvoice = () => {
      if (++creates > 1) return undefined;
      pausedUntil = Date.now() + 1200;
      return new RateLimitError("429", { status: 429, retryAfterMs: 1200 });
    };
    const pauses: number[] = [];
    const rec = await run(fake, plan(sheet([line()])), {
      onProgress: (_counts, pause) => {
        if (pause) pauses.push(pause.resumesInSeconds);
      },
    });
    expect(rec.rows.get(2)!.status).toBe("approved");
    expect(pauses.length).toBeGreaterThan(0);
    // A countdown in whole seconds (1.2 s shows as 2, then 1; a slow machine may report first at 1).
    expect([1, 2]).toContain(pauses[0]);
    expect(pauses).toEqual([...pauses].sort((a, b) => b - a));
    expect(pauses).toContain(1);
  });

  it("leaves a created invoice resumable when approve meets 429s beyond the run's budget", async () => {
    const fake = new FakeClient();
    fake.fail.approveInvoice = () => new RateLimitError("429", { status: 429, retryAfterMs: 50 });
    const rec = await run(fake, plan(sheet([line()])), { rateLimitBudgetMs: 200 });
    expect(rec.summary.stopped).toBe("rate-limited");
    expect(rec.rows.get(2)).toMatchObject({ status: "created" });
    expect(rec.rows.get(2)!.message).toBe(
      "Created, not approved yet. The billing service kept asking to wait (its rate limit). Run again to approve it."
    );
  });

  it("says 'waiting for the service's limit', not 'not sent', when creates meet 429s beyond the budget", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () => new RateLimitError("429", { status: 429, retryAfterMs: 50 });
    const rec = await run(fake, plan(sheet([line(), line()])), { rateLimitBudgetMs: 200 });
    expect(rec.summary.stopped).toBe("rate-limited");
    expect(rec.summary.counts.queued).toBe(2);
    expect(rec.summary.counts["not sent"]).toBe(0);
    for (const row of [2, 3])
      expect(rec.rows.get(row)).toMatchObject({
        status: "waiting",
        message: "Waiting for the service's limit — run again to continue.",
      });
    expect(rec.summary.summary).toMatch(/^Stopped: waiting for the billing service's rate limit/);
  });

  it("gives up on a 429 after maxRateLimitWaits: the row is not sent", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () => new RateLimitError("429", { status: 429, retryAfterMs: 5 });
    const rec = await run(fake, plan(sheet([line()])), { maxRateLimitWaits: 2 });
    expect(fake.count("createInvoice")).toBe(3);
    expect(rec.rows.get(2)).toMatchObject({ status: "not sent" });
  });

  it("asks the reference check again after a 5xx, so the invoice is approved in the same run", async () => {
    const fake = new FakeClient();
    let searches = 0;
    fake.fail.findInvoicesByExternalReference = () =>
      ++searches <= 2 ? new UnavailableError("503", { status: 503 }) : undefined;
    const rec = await run(fake, plan(sheet([line()])));
    expect(rec.rows.get(2)!.status).toBe("approved");
    expect(fake.count("findInvoicesByExternalReference")).toBe(3);
  });

  it("keeps polling through an occasional unavailable answer", async () => {
    const fake = new FakeClient();
    let gets = 0;
    fake.fail.getInvoice = () =>
      ++gets <= 2 ? new UnavailableError("503", { status: 503 }) : undefined;
    const rec = await run(fake, plan(sheet([line()])));
    expect(rec.rows.get(2)!.status).toBe("approved");
  });

  it("leaves an approving invoice resumable when polls keep meeting an unavailable service", async () => {
    const fake = new FakeClient();
    fake.fail.getInvoice = () => new UnavailableError("503", { status: 503 });
    const rec = await run(fake, plan(sheet([line()])));
    expect(fake.count("getInvoice")).toBe(3);
    expect(rec.rows.get(2)).toMatchObject({ status: "approving" });
    expect(rec.rows.get(2)!.message).toMatch(
      /^Still approving — run again to continue\. Could not read the invoice's approval state: the billing service could not be reached/
    );
  });

  it("reads the bank account of a property group once per run", async () => {
    const fake = new FakeClient();
    fake.propertyGroups.set(IDS.group, IDS.bank2);
    const row = line({ companyBankAccountId: null, propertyGroupId: IDS.group });
    const rec = await run(fake, plan(sheet([row, row, row])));
    expect(fake.count("getPropertyGroupBillingConfiguration")).toBe(1);
    expect([...fake.invoices.values()].map((i) => i.body.companyBankAccountId)).toEqual([
      IDS.bank2,
      IDS.bank2,
      IDS.bank2,
    ]);
    expect([...fake.invoices.values()][0].body.propertyGroups).toEqual([{ id: IDS.group }]);
    expect(rec.summary.counts.approved).toBe(3);
  });

  it("fails the invoice when its property group has no bank account", async () => {
    const fake = new FakeClient();
    const rec = await run(
      fake,
      plan(sheet([line({ companyBankAccountId: null, propertyGroupId: IDS.group })]))
    );
    expect(rec.rows.get(2)!.status).toBe("failed");
    expect(rec.rows.get(2)!.message).toMatch(
      /billing configuration of property group .* has no bank account/
    );
    expect(fake.count("createInvoice")).toBe(0);
  });
});
