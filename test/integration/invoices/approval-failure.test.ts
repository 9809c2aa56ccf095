import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)(
  "invoices against the simulator (%s dialect): approval failure",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;
    beforeAll(async () => ({ sim, client } = await start(dialect)));
    afterAll(() => sim.close());

    it("marks the invoice failed with the message of its errors entry", async () => {
      const sheet = new MemorySheet([demoRow({ description: "FAIL-APPROVAL please" }), demoRow()]);
      const summary = await runSheet(client, sheet);
      expect(summary.counts).toMatchObject({ approved: 1, failed: 1 });
      expect(sheet.cell(2, "status")).toBe("failed");
      expect(String(sheet.cell(2, "message"))).toMatch(
        /^The billing service reported a problem with the invoice: .+\.$/
      );
      expect(sheet.cell(2, "invoiceId")).not.toBeNull();
      expect(sheet.cell(3, "status")).toBe("approved");
    });
  }
);
