/**
 * A run through the company gateway: a refused role stops the run with the gateway's
 * plain words on every row and nothing more sent; a token that cannot be renewed mid-run stops it
 * cleanly, each row saying what the service holds.
 */
import { AuthError, GATEWAY_REFUSAL_TEXT } from "../../../src/api/errors";
import { FakeClient } from "../../support/fake-client";
import { line, sheet } from "./fixtures";
import { plan, run } from "./run-helpers";

const RENEWAL_FAILED =
  "Your sign-in has expired and could not be renewed. Sign in on the Billing pane (Connection).";

describe("runInvoices signed in through the gateway", () => {
  it("stops at a reader's refused create, says why on every row, and sends nothing more", async () => {
    const fake = new FakeClient();
    fake.fail.createInvoice = () =>
      new AuthError(
        { status: 403 },
        { problem: "role-missing", advice: GATEWAY_REFUSAL_TEXT.readerCreating }
      );
    const rec = await run(fake, plan(sheet([line(), line(), line()])), { concurrency: 1 });
    expect(fake.count("createInvoice")).toBe(1);
    expect(fake.count("approveInvoice")).toBe(0);
    expect(rec.summary.stopped).toBe("auth");
    expect(rec.summary.stoppedBecause).toBe(
      "Your account may read but not create invoices; ask IT for Billing.Invoice."
    );
    const words = "Your account may read but not create invoices; ask IT for Billing.Invoice.";
    // The refused one: not created. The others never left: nothing sent. Running again cannot
    // help a reader: no row says "Run again", the summary says the account
    // may not do this.
    expect(rec.rows.get(2)).toMatchObject({
      status: "cancelled",
      message: `Not created. ${words}`,
    });
    for (const row of [3, 4]) {
      expect(rec.rows.get(row)).toMatchObject({
        status: "cancelled",
        message: `Nothing was sent. ${words}`,
      });
    }
    expect(rec.summary.refusedByRole).toBe(true);
  });

  it("stops cleanly when the token cannot be renewed mid-run: the created invoice says so", async () => {
    const fake = new FakeClient();
    fake.fail.approveInvoice = () =>
      new AuthError({}, { problem: "sign-in-required", advice: RENEWAL_FAILED });
    const rec = await run(fake, plan(sheet([line(), line({ description: "Other" })])), {
      concurrency: 1,
    });
    expect(rec.summary.stopped).toBe("auth");
    expect(rec.summary.stoppedBecause).toBe(RENEWAL_FAILED);
    const states = [rec.rows.get(2)!, rec.rows.get(3)!];
    const created = states.filter((r) => r.status === "created");
    expect(created).toHaveLength(fake.count("createInvoice"));
    for (const row of created) {
      expect(row.message).toBe(
        `Created, not approved yet. ${RENEWAL_FAILED} Run again to approve it.`
      );
    }
    for (const row of states.filter((r) => r.status !== "created")) {
      expect(row.status).toBe("cancelled");
      expect(row.message).toMatch(
        new RegExp(
          `^(Not created|Nothing was sent)\\. ${RENEWAL_FAILED.replace(/[.()]/g, "\\$&")} Run again to create it\\.$`
        )
      );
    }
  });
});
