/**
 * Spilled results within Excel's limits, under the Excel on the web profile (5 MB per result):
 * INVOICES of a customer with more invoices than a spill may hold gives the first ones and a last
 * row saying how many more there are and how to narrow the call; a table over the byte bound is cut
 * the same way. Real HTTP against the simulator (its store filled directly, not by 10,000 POSTs).
 */
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { MAX_SPILL_BYTES, MAX_SPILL_ROWS, boundSpill } from "../../../src/functions/spill-bound";
import { createSimulator, DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { profileById, requirementsOf } from "../../../preview/hosts/profiles";
import { connectFunctions } from "./service-data";

const FIVE_MB = 5 * 1024 * 1024;
const EXTRA = 500;

describe("spills within Excel's limits (Excel on the web)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    (globalThis as { Office?: unknown }).Office = {
      context: { requirements: requirementsOf(profileById("excel-web")) },
    };
    sim = await createSimulator({ port: 0, pageSize: 1000 });
    const customer = DEMO.customers.visser;
    for (let i = 0; i < MAX_SPILL_ROWS + EXTRA; i += 1) {
      const id = sim.store.nextInvoiceId();
      sim.store.invoices.set(id, {
        id,
        status: "approved",
        invoiceNum: `BIG-${String(i).padStart(6, "0")}`,
        externalReference: null,
        customerId: customer,
        contractId: null,
        contractNumber: null,
        companyBankAccountId: DEMO.bankAccounts.main,
        invoiceDate: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        lines: [{ taxCodeId: DEMO.taxCodes.vat21, description: "x", quantity: 1, unitPrice: 1 }],
        errors: [],
        extra: {},
        createdAt: Date.UTC(2026, 0, 1),
        sent: "notsent",
        sendCount: 0,
      });
    }
    connectFunctions(sim);
  }, 120_000);
  afterAll(async () => {
    configureConnection();
    delete (globalThis as { Office?: unknown }).Office;
    await sim.close();
  });

  it("INVOICES keeps to 10,000 rows, the last saying how many more and how to narrow the call", async () => {
    const table = await F.invoicesFunction(DEMO.customers.visser);
    expect(table).toHaveLength(MAX_SPILL_ROWS);
    expect(JSON.stringify(table).length).toBeLessThan(FIVE_MB);
    const shown = MAX_SPILL_ROWS - 2; // the header and the note
    expect(table.at(-1)![0]).toBe(
      `… ${MAX_SPILL_ROWS + EXTRA - shown} more rows not shown (Excel's limit): give a shorter period (from, to) or a status.`
    );
    expect(
      table
        .at(-1)!
        .slice(1)
        .every((c) => c === "")
    ).toBe(true);
    // The rows shown are the oldest, in order.
    expect(table[1][1]).toBe("BIG-000000");
    expect(table.at(-2)![1]).toBe(`BIG-${String(shown - 1).padStart(6, "0")}`);
  }, 120_000);

  it("cuts a table over the byte bound before 5 MB, whatever its row count", () => {
    const wide = Array.from({ length: 2_000 }, (_, i) => [`row ${i}`, "x".repeat(3_000)]);
    const cut = boundSpill(wide, "ask for less.");
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(MAX_SPILL_BYTES);
    expect(cut.length).toBeLessThan(wide.length);
    expect(cut.at(-1)![0]).toBe(
      `… ${wide.length - cut.length + 1} more rows not shown (Excel's limit): ask for less.`
    );
    // Within both bounds a table is given whole, as it is.
    const small = wide.slice(0, 10);
    expect(boundSpill(small, "x")).toBe(small);
  });
});
