/**
 * Check asks the service what it holds under the rows' references before anything is sent
 * (docs/controllers/taskpane.md, "Which invoice a row is"), against the simulator's store: last
 * month's invoice for the same line holds the row back with its number and date; one under the
 * row's reference with other content too; this sitting's (an undone write-back) is a note; an
 * edited row, and an invoice no row holds any more after an edit, are said.
 */
import { DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import { RESULT_COLUMNS, checkPlanWithService } from "../../../src/invoices";
import { DIALECTS, MemorySheet, demoRow, runSheet, start } from "./helpers";

const DAY = 24 * 60 * 60_000;
const SCOPE = "workbook:6d3c2a10-0000-4000-8000-0000000000c1/Sheet1";

function undoWriteBack(sheet: MemorySheet): void {
  for (const r of sheet.rows) for (const c of RESULT_COLUMNS) sheet.set(r.rowNumber, c, null);
}

describe.each(DIALECTS)(
  "Check: what the service holds under the rows' references (%s dialect)",
  (dialect) => {
    let sim: Simulator;
    let client: BillingClient;
    beforeAll(async () => ({ sim, client } = await start(dialect)));
    afterAll(() => sim.close());
    beforeEach(() => {
      sim.store.invoices.clear();
      sim.setFaults({ get503Rate: 0, post503Rate: 0 });
    });

    const check = (sheet: MemorySheet) =>
      checkPlanWithService(() => client, sheet.snapshot(), sheet.plan(), { referenceScope: SCOPE });

    it("holds back last month's line with its number and date, before anything is sent", async () => {
      const january = new MemorySheet([demoRow(), demoRow({ quantity: 2 })]);
      await runSheet(client, january, { referenceScope: SCOPE });
      const old = [...sim.store.invoices.values()].find((i) => i.lines[0].quantity === 1)!;
      old.createdAt -= 31 * DAY;
      old.invoiceDate = new Date(Date.parse(old.invoiceDate!) - 31 * DAY).toISOString();
      sim.log.clear();
      const february = new MemorySheet([demoRow(), demoRow({ quantity: 3 })]);
      const plan = await check(february);
      expect(plan.invoices).toHaveLength(1);
      expect(plan.rowProblems.get(2)?.join(" ")).toContain(`Looks like invoice ${old.invoiceNum}`);
      expect(plan.rowProblems.get(2)?.join(" ")).toContain(`put ${old.id} in invoiceId`);
      expect(plan.rowProblems.has(3)).toBe(false);
      expect(sim.log.count("POST", /^\/api\/bill\/invoices$/i)).toBe(0);
    });

    it("says this sitting's invoices are found (an undone write-back) and holds nothing back", async () => {
      const sheet = new MemorySheet([
        demoRow({ invoiceRef: "A" }),
        demoRow({ invoiceRef: "B", quantity: 2 }),
      ]);
      await runSheet(client, sheet, { referenceScope: SCOPE });
      undoWriteBack(sheet);
      const plan = await check(sheet);
      expect(plan.invoices).toHaveLength(2);
      expect(plan.rowProblems.size).toBe(0);
      expect(plan.notes?.join(" ")).toContain("Rows 2, 3 are already in the billing service");
    });

    it("holds back a row whose reference carries another customer's invoice, naming the difference", async () => {
      const probe = new MemorySheet([demoRow()]);
      await runSheet(client, probe, { referenceScope: SCOPE, drafts: true });
      const reference = String(probe.cell(2, "externalReference"));
      sim.store.invoices.clear();
      const planted = await client.createInvoice({
        customerId: DEMO.customers.deVries,
        companyBankAccountId: DEMO.bankAccounts.main,
        externalReference: reference,
        lines: [{ taxCodeId: DEMO.taxCodes.vat21, description: "x", quantity: 1, unitPrice: 0.01 }],
      });
      const plan = await check(new MemorySheet([demoRow()]));
      expect(plan.invoices).toHaveLength(0);
      const said = plan.rowProblems.get(2)?.join(" ") ?? "";
      expect(said).toContain(`already holds invoice ${planted.id}`);
      expect(said.toLowerCase()).toContain(`customerid ${DEMO.customers.deVries}`.toLowerCase());
    });

    it("says when a row no longer matches the invoice it holds, and when an edit after an undo leaves an invoice without a row", async () => {
      const sheet = new MemorySheet([demoRow()]);
      await runSheet(client, sheet, { referenceScope: SCOPE });
      const id = String(sheet.cell(2, "invoiceId"));
      // Edited without undo: the row still holds the invoice.
      sheet.set(2, "unitPrice", 130);
      const edited = await check(sheet);
      expect(edited.notes?.join(" ")).toContain(
        `Rows 2 no longer say what their invoice ${id} holds`
      );
      // Undone, then edited: the invoice stays in the service, held by no row.
      undoWriteBack(sheet);
      const orphaned = await check(sheet);
      expect(orphaned.rowProblems.size).toBe(0);
      expect(orphaned.notes?.join(" ")).toContain(`(${id}), made from this sheet on`);
      expect(orphaned.notes?.join(" ")).toContain("is held by no selected row");
    });

    it("holds nothing back when the search fails, and says the references were not checked", async () => {
      const sheet = new MemorySheet([demoRow()]);
      sim.setFaults({ post503Rate: 1 });
      const plan = await check(sheet);
      sim.setFaults({ post503Rate: 0 });
      expect(plan.invoices).toHaveLength(1);
      expect(plan.notes?.join(" ")).toMatch(/could not be checked/);
    });
  }
);
