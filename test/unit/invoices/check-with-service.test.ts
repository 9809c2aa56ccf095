/**
 * Check's look-ups as one step (checkPlanWithService): nothing asked for a selection that cannot be
 * sent; without a usable client, or with a refused sign-in, the sheet's problems stand and a note
 * says the ids were not checked; a 503 leaves the id unchecked, never refused as unknown.
 */
import type { BillingClient } from "../../../src/api/types";
import { AuthError, SettingsError, UnavailableError } from "../../../src/api/errors";
import { checkPlanWithService, planInvoices } from "../../../src/invoices";
import { TODAY, line, sheet } from "./fixtures";

const snapshot = sheet([line(), line({ taxCodeId: "nonsense" })]);
const plan = planInvoices(snapshot, { today: TODAY });

/** A client whose every call fails with `error` (and counts the calls). */
function failing(error: unknown): { client: BillingClient; calls: () => number } {
  let calls = 0;
  const fail = async () => {
    calls += 1;
    throw error;
  };
  const client = new Proxy({} as BillingClient, { get: () => fail });
  return { client, calls: () => calls };
}

describe("checkPlanWithService", () => {
  it("asks nothing for a selection with a problem of its own", async () => {
    const bad = planInvoices(
      { headers: ["description"], rows: [{ rowNumber: 2, values: ["x"] }] },
      {
        today: TODAY,
      }
    );
    const { client, calls } = failing(new Error("must not be called"));
    await expect(checkPlanWithService(() => client, snapshot, bad)).resolves.toBe(bad);
    expect(calls()).toBe(0);
  });

  it("keeps the sheet's problems and says why the ids were not checked when no client can be made", async () => {
    const checked = await checkPlanWithService(
      () => {
        throw new SettingsError([{ field: "baseUrl", message: "The base URL is missing." }]);
      },
      snapshot,
      plan
    );
    expect(checked.rowProblems).toEqual(plan.rowProblems);
    expect(checked.counts).toEqual(plan.counts);
    expect(checked.notes).toHaveLength(1);
    expect(checked.notes![0]).toMatch(/^The ids were not checked with the billing service: /);
  });

  it("says sign in again when the service refuses the sign-in, refusing no row", async () => {
    const { client } = failing(new AuthError({ status: 401 }));
    const checked = await checkPlanWithService(() => client, snapshot, plan);
    expect(checked.counts.invoices).toBe(plan.counts.invoices);
    expect(checked.notes![0]).toMatch(
      /^The ids were not checked with the billing service: .*sign in/i
    );
  });

  it("leaves ids unchecked, not unknown, when the service does not answer", async () => {
    const { client } = failing(new UnavailableError("503", { status: 503 }));
    const checked = await checkPlanWithService(() => client, snapshot, plan);
    expect(checked.rowProblems).toEqual(plan.rowProblems);
    expect(checked.counts.invoices).toBe(1);
    expect(checked.notes).toHaveLength(1);
    expect(checked.notes![0]).toMatch(
      /^Not checked with the billing service \(it did not answer\): customerId in A2, companyBankAccountId in B2, taxCodeId in C2, customerId in A3, companyBankAccountId in B3\. Could not look the ids up: /
    );
    expect(checked.notes![0]).not.toMatch(/not known/);
  });
});
