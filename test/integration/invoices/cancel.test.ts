import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, creates, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)(
  "invoices against the simulator (%s dialect): cancel mid-run",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;
    beforeAll(async () => ({ sim, client } = await start(dialect, { latencyMs: 20 })));
    afterAll(() => sim.close());

    it("stops starting invoices, keeps every row truthful, and a re-run finishes them without duplicates", async () => {
      const sheet = new MemorySheet(Array.from({ length: 12 }, () => demoRow()));
      const controller = new AbortController();
      const before = creates(sim);
      const first = await runSheet(client, sheet, {
        concurrency: 2,
        signal: controller.signal,
        onProgress: (counts) => {
          if (counts.created + counts.approving >= 2) controller.abort();
        },
      });
      expect(first.stopped).toBe("cancelled");
      const made = creates(sim) - before;
      expect(made).toBeGreaterThan(0);
      expect(made).toBeLessThan(12);
      const statuses = sheet.rows.map((r) => sheet.cell(r.rowNumber, "status"));
      expect(statuses.filter((s) => s === "cancelled")).toHaveLength(12 - made);
      for (const row of sheet.rows) {
        const status = sheet.cell(row.rowNumber, "status");
        const id = sheet.cell(row.rowNumber, "invoiceId");
        if (status === "cancelled") expect(id).toBeNull();
        else expect(id).not.toBeNull();
      }

      const second = await runSheet(client, sheet);
      expect(second.counts.approved).toBe(12);
      expect(creates(sim) - before).toBe(12);
    });
  }
);
