import { DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)("invoices against the simulator (%s dialect): happy path", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());

  it("creates, approves and numbers grouped invoices, writing id, status and number to every row", async () => {
    const sheet = new MemorySheet([
      demoRow({ invoiceRef: "A" }),
      demoRow({ invoiceRef: "A", description: "Labour", quantity: 2, unitPrice: 45 }),
      demoRow({ invoiceRef: "B", customerId: DEMO.customers.smit, invoiceDate: "2026-06-01" }),
      demoRow({
        invoiceRef: "C",
        companyBankAccountId: null,
        propertyGroupId: DEMO.propertyGroups.north,
      }),
    ]);
    const summary = await runSheet(client, sheet);

    expect(summary.counts).toMatchObject({ approved: 3, failed: 0, unknown: 0 });
    for (const row of [2, 3, 4, 5]) {
      expect(sheet.cell(row, "status")).toBe("approved");
      expect(String(sheet.cell(row, "invoiceNum"))).not.toBe("");
      expect(String(sheet.cell(row, "externalReference"))).toMatch(/^XL-/);
    }
    expect(sheet.cell(2, "invoiceId")).toBe(sheet.cell(3, "invoiceId"));
    const stored = sim.store.invoice(String(sheet.cell(2, "invoiceId")))!;
    expect(stored.status).toBe("approved");
    expect(stored.lines).toHaveLength(2);
    expect(stored.invoiceDate).toMatch(/^2026-06-15T00:00:00/);
    expect(sim.log.count("GET", /propertygroupbillingconfiguration/i)).toBe(1);
  });
});
