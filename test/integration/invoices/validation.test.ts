import { DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, creates, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)("invoices against the simulator (%s dialect): validation", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());

  it("sends nothing for an invoice with an invalid row and explains each bad row", async () => {
    const sheet = new MemorySheet([
      demoRow({ invoiceRef: "A", quantity: "1,5" }),
      demoRow({ invoiceRef: "A" }),
      demoRow({ invoiceRef: "B", startDateTime: "March 1" }),
      demoRow({ invoiceRef: "C" }),
    ]);
    const before = creates(sim);
    const summary = await runSheet(client, sheet);
    expect(creates(sim) - before).toBe(1);
    expect(summary.counts).toMatchObject({ approved: 1, invalid: 2 });
    expect(sheet.cell(2, "message")).toMatch(/^Not sent: quantity "1,5" in \w2 contains a comma/);
    expect(sheet.cell(3, "message")).toBe('Not sent: row 2 of invoice "A" has a problem.');
    expect(sheet.cell(4, "message")).toMatch(
      /startDateTime "March 1" in \w4 is not a date the add-in can read/
    );
    expect(sheet.cell(5, "status")).toBe("approved");
  });

  it("puts the service's refusal of an unknown customer on the rows in plain words", async () => {
    const sheet = new MemorySheet([demoRow({ customerId: DEMO.contracts.electricity })]);
    const summary = await runSheet(client, sheet);
    expect(summary.counts.failed).toBe(1);
    expect(sheet.cell(2, "status")).toBe("failed");
    expect(String(sheet.cell(2, "message"))).toMatch(
      /^The billing service refused to create the invoice: .*customerId/
    );
    expect(String(sheet.cell(2, "message"))).not.toMatch(/\n\s+at /);
  });
});
