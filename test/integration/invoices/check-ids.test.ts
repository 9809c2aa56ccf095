/**
 * Check looks the rows' ids up in the service (docs/developers/rules.md#each-run-tells-its-own-story), against the simulator:
 * an id it does not know refuses its row naming the cell, the whole invoice is held back, a
 * contractNumber must be its contractId's, and a look-up that fails for a passing reason refuses
 * nothing but says the id was not checked. Each distinct id is asked once, in batches.
 */
import { DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { checkIds, checkRowMarks, withIdCheck } from "../../../src/invoices";
import { DIALECTS, MemorySheet, demoRow, start } from "./helpers";

const UNKNOWN = "0badc0de-0000-4000-8000-000000000001";

describe.each(DIALECTS)("Check's id look-ups against the simulator (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.log.clear();
    client.clearCache();
  });

  it("refuses an unknown customerId with its cell named and holds its whole invoice back", async () => {
    const sheet = new MemorySheet([
      demoRow({ invoiceRef: "A" }),
      demoRow({ invoiceRef: "B", customerId: UNKNOWN }),
      demoRow({ invoiceRef: "B", customerId: null }),
      demoRow({
        invoiceRef: "C",
        contractId: DEMO.contracts.heatingGeneric,
        contractNumber: "C-1001",
        serviceLocationId: DEMO.serviceLocations.jansenMain,
        propertyGroupId: DEMO.propertyGroups.north,
      }),
    ]);
    const plan = sheet.plan();
    expect(plan.counts.invoices).toBe(3);
    const check = await checkIds(client, sheet.snapshot(), plan);
    const column = String.fromCharCode(65 + sheet.headers.indexOf("customerId"));
    expect(check.rowProblems).toEqual(
      new Map([
        [
          3,
          [
            `customerId ${UNKNOWN} in ${column}3 is not known to the billing service (no such customer); pick the customer again (Lookups tab, or the list)`,
          ],
        ],
      ])
    );
    expect(check.unchecked).toEqual([]);

    const checked = withIdCheck(plan, check);
    expect(checked.invoices.map((i) => i.key)).toEqual(["ref:A", "ref:C"]);
    expect(checked.invalidInvoices).toEqual([
      { key: "ref:B", label: 'invoice "B"', rowNumbers: [3, 4], rowsWithProblems: [3] },
    ]);
    // Row 4 has no problem of its own: Check marks it as held back with its invoice.
    expect(checkRowMarks(checked).get(4)).toEqual([
      'Not sent: row 3 of invoice "B" has a problem.',
    ]);
    expect(checked.summary).toBe(
      "4 rows: 2 invoices ready (2 lines), 1 invoice with problems (2 rows; problems in 1)"
    );
  });

  it("asks once per kind of record for many rows, by id list", async () => {
    const sheet = new MemorySheet(
      Array.from({ length: 300 }, (_v, i) =>
        demoRow({
          invoiceRef: `R${i}`,
          customerId: i % 2 ? DEMO.customers.jansen : DEMO.customers.deVries,
          contractId: DEMO.contracts.heatingGeneric,
        })
      )
    );
    const check = await checkIds(client, sheet.snapshot(), sheet.plan());
    expect(check.rowProblems.size).toBe(0);
    expect(sim.log.count("POST", /customers\/filter/i)).toBe(1);
    expect(sim.log.count("POST", /contracts\/filter/i)).toBe(1);
    expect(sim.log.count("GET", /bankaccounts/i)).toBe(1);
    expect(sim.log.count("GET", /taxcodes/i)).toBe(1);
    expect(sim.log.count()).toBe(4);
  });

  it("refuses each unknown id kind and a contractNumber that is not its contract's", async () => {
    const sheet = new MemorySheet([
      demoRow({
        contractId: DEMO.contracts.heatingGeneric,
        contractNumber: "C-1002",
        companyBankAccountId: UNKNOWN,
        taxCodeId: UNKNOWN,
        billingItemId: UNKNOWN,
        serviceLocationId: UNKNOWN,
        propertyGroupId: UNKNOWN,
      }),
    ]);
    const check = await checkIds(client, sheet.snapshot(), sheet.plan());
    const problems = check.rowProblems.get(2)!.join("\n");
    for (const column of [
      "companyBankAccountId",
      "taxCodeId",
      "billingItemId",
      "serviceLocationId",
      "propertyGroupId",
    ])
      expect(problems).toMatch(new RegExp(`^${column} ${UNKNOWN} in [A-Z]+2 is not known`, "m"));
    expect(problems).toMatch(
      /^contractNumber "C-1002" in [A-Z]+2 is not the number of contract .* \(C-1001\)/m
    );
  });

  it("says an id could not be checked when the service does not answer, refusing nothing", async () => {
    sim.setFaults({ post503Rate: 1 });
    try {
      const sheet = new MemorySheet([demoRow({ customerId: UNKNOWN })]);
      const check = await checkIds(client, sheet.snapshot(), sheet.plan());
      expect(check.rowProblems.size).toBe(0);
      expect(check.unchecked).toHaveLength(1);
      expect(check.unchecked[0]).toMatch(
        /^Not checked with the billing service \(it did not answer\): customerId in [A-Z]+2\. /
      );
      const checked = withIdCheck(sheet.plan(), check);
      expect(checked.counts.invoices).toBe(1);
      expect(checked.notes).toEqual(check.unchecked);
    } finally {
      sim.setFaults({ post503Rate: 0 });
    }
  });

  it("does not look up the rows of an invoice an earlier run created", async () => {
    const sheet = new MemorySheet([
      demoRow({ customerId: UNKNOWN, invoiceId: "77777777-7777-4777-8777-777777777777" }),
    ]);
    const check = await checkIds(client, sheet.snapshot(), sheet.plan());
    expect(check.rowProblems.size).toBe(0);
    expect(sim.log.count()).toBe(0);
  });
});
