import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

describe.each(DIALECTS)(
  "invoices against the simulator (%s dialect): re-running a finished sheet",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;
    beforeAll(async () => ({ sim, client } = await start(dialect)));
    afterAll(() => sim.close());

    it("makes no new invoice and reads none of the approved, numbered ones again", async () => {
      const sheet = new MemorySheet([
        demoRow({ invoiceRef: "A" }),
        demoRow({ invoiceRef: "A" }),
        demoRow({ invoiceRef: "B" }),
      ]);
      await runSheet(client, sheet);
      const numbers = [2, 3, 4].map((r) => sheet.cell(r, "invoiceNum"));
      const invoices = sim.store.invoices.size;
      sim.log.clear();

      const again = await runSheet(client, sheet);
      expect(again.counts.approved).toBe(2);
      expect(sim.log.count("POST", /^\/api\/bill\/invoices$/i)).toBe(0);
      expect(sim.log.count("POST")).toBe(0);
      // Approved and numbered rows are final (docs/developers/rules.md#truth-of-a-run): not a single request.
      expect(sim.log.count("GET", /^\/api\/bill\/invoices\//i)).toBe(0);
      expect(sim.log.count()).toBe(0);
      expect(sim.store.invoices.size).toBe(invoices);
      expect([2, 3, 4].map((r) => sheet.cell(r, "invoiceNum"))).toEqual(numbers);
    });
  }
);
