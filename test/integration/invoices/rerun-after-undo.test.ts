/**
 * Ctrl+Z after a run (ExcelApi 1.20: an add-in's writes join Excel's undo stack) erases what the
 * run wrote back — invoiceId, externalReference, status, invoiceNum, message — while the invoices
 * stay in the service. The next run must bill nothing twice: it derives the same
 * references from the same rows and finds the invoices, with a service that refuses a taken
 * reference (409) and with one that stores it anyway.
 */
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { RESULT_COLUMNS } from "../../../src/invoices";
import { DIALECTS, MemorySheet, creates, demoRow, runSheet, start } from "./helpers";

const SCOPE = "Invoices.xlsx/Sheet1";

/** What an undo of the run's write-back leaves: every result cell as it was before (empty). */
function undoWriteBack(sheet: MemorySheet): void {
  for (const r of sheet.rows) for (const c of RESULT_COLUMNS) sheet.set(r.rowNumber, c, null);
}

describe.each(DIALECTS)("a run after an undo of the write-back (%s dialect)", (dialect) => {
  let sim: Simulator;
  let client: BillingClient;
  beforeAll(async () => ({ sim, client } = await start(dialect)));
  afterAll(() => sim.close());

  it.each([false, true])(
    "creates nothing twice and writes the same invoices back (service stores a taken reference: %s)",
    async (duplicateReferences) => {
      sim.setFaults({ duplicateReferences });
      const sheet = new MemorySheet([
        demoRow({ invoiceRef: "U1" }),
        demoRow({ invoiceRef: "U1", description: "Call-out fee" }),
        demoRow({ invoiceRef: "U2", quantity: 3 }),
      ]);
      const first = await runSheet(client, sheet, { referenceScope: SCOPE });
      expect(first.counts.approved).toBe(2);
      const before = sheet.rows.map((r) => [
        sheet.cell(r.rowNumber, "invoiceId"),
        sheet.cell(r.rowNumber, "invoiceNum"),
      ]);
      const invoices = sim.store.invoices.size;
      const createsBefore = creates(sim);

      undoWriteBack(sheet);
      const second = await runSheet(client, sheet, { referenceScope: SCOPE });

      // Nothing new in the service: the same two invoices, each still approved once.
      expect(sim.store.invoices.size).toBe(invoices);
      // With the 409 the service stores nothing; without it, each draft this run created is
      // deleted before any approve, and its row says so ("created" stays true: it was sent).
      if (!duplicateReferences) expect(second.story.created).toBe(0);
      else for (const r of second.results) expect(r.changes).toContain("deleted duplicate");
      expect(second.counts.approved).toBe(2);
      expect(
        sheet.rows.map((r) => [
          sheet.cell(r.rowNumber, "invoiceId"),
          sheet.cell(r.rowNumber, "invoiceNum"),
        ])
      ).toEqual(before);
      // With the 409 the service refuses the creates; without it, each create's draft is deleted.
      expect(creates(sim) - createsBefore).toBe(2);
    }
  );
});
