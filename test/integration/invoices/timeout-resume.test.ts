import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, creates, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)(
  "invoices against the simulator (%s dialect): approval time-out, then resume",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;
    beforeAll(
      async () =>
        ({ sim, client } = await start(dialect, { approvalDelayMs: 400, numberDelayMs: 100 }))
    );
    afterAll(() => sim.close());

    it("leaves the invoice pending, and a second run picks up its number without creating it again", async () => {
      const sheet = new MemorySheet([demoRow(), demoRow()]);
      const first = await runSheet(client, sheet, { approvalTimeoutMs: 120 });
      expect(first.counts.pending).toBe(2);
      expect(sheet.cell(2, "status")).toBe("pending");
      expect(sheet.cell(2, "message")).toBe("Still approving — run again to continue.");
      expect(sheet.cell(2, "invoiceNum")).toBeNull();

      const createsBefore = creates(sim);
      const approvesBefore = sim.log.count("POST", /approve$/i);
      const second = await runSheet(client, sheet);
      expect(second.counts.approved).toBe(2);
      expect(creates(sim)).toBe(createsBefore);
      expect(sim.log.count("POST", /approve$/i)).toBe(approvesBefore);
      expect(String(sheet.cell(2, "invoiceNum"))).not.toBe("");
      expect(sheet.cell(2, "message")).toBe("");
    });
  }
);
