import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, creates, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)(
  "invoices against the simulator (%s dialect): a create with an unknown outcome",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;
    beforeAll(async () => ({ sim, client } = await start(dialect)));
    afterAll(() => sim.close());

    it("is read back by its reference in the same run and approved, never sent a second time", async () => {
      sim.setFaults({ createFailures: { mode: "drop-after-store", count: 1 } });
      const sheet = new MemorySheet([demoRow()]);
      const invoicesBefore = sim.store.invoices.size;
      const createsBefore = creates(sim);

      const first = await runSheet(client, sheet);
      // The answer was cut after the service stored it: settled by reading back, not guessed.
      expect(first.counts.approved).toBe(1);
      expect(creates(sim) - createsBefore).toBe(1);
      expect(sheet.cell(2, "status")).toBe("approved");
      const ref = String(sheet.cell(2, "externalReference"));
      expect(sim.store.findByExternalReference(ref)!.invoiceNum).toBe(sheet.cell(2, "invoiceNum"));
      expect(sim.store.invoices.size).toBe(invoicesBefore + 1);

      const second = await runSheet(client, sheet);
      expect(second.counts.approved).toBe(1);
      expect(creates(sim) - createsBefore).toBe(1);
      expect(sim.store.invoices.size).toBe(invoicesBefore + 1);
      expect(sim.store.findByExternalReference(ref)!.id).toBe(sheet.cell(2, "invoiceId"));
    });
  }
);
