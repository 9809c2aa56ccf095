/**
 * The invoice engine against a real simulator: a tiny in-memory "sheet" that takes the engine's row
 * updates, so a second run plans from what the first one wrote back.
 */
import { DEMO, createSimulator } from "../../../simulator";
import type { Dialect, Simulator, SimulatorOptions } from "../../../simulator";
import { createBillingClient } from "../../../src/api";
import type { BillingClient } from "../../../src/api/types";
import { RESULT_COLUMNS, planInvoices, runInvoices } from "../../../src/invoices";
import type {
  CellValue,
  Plan,
  RowUpdate,
  RunOptions,
  RunSummary,
  SheetSnapshot,
} from "../../../src/invoices";

export const DIALECTS: Dialect[] = ["live", "interface"];
export const TODAY = new Date(2026, 5, 15, 12);

/** A started simulator with short approval delays and a client for it. */
export async function start(
  dialect: Dialect,
  options: Partial<SimulatorOptions> = {}
): Promise<{ sim: Simulator; client: BillingClient }> {
  const sim = await createSimulator({
    port: 0,
    dialect,
    approvalDelayMs: 200,
    numberDelayMs: 100,
    ...options,
  });
  const client = createBillingClient(
    { baseUrl: sim.url, headers: {}, credential: { kind: "none" } },
    { retry: { limit: 4, maxTotalWaitMs: 3000 } }
  );
  return { sim, client };
}

/** A valid invoice line row of the demo data. */
export function demoRow(extra: Record<string, CellValue> = {}): Record<string, CellValue> {
  return {
    customerId: DEMO.customers.jansen,
    companyBankAccountId: DEMO.bankAccounts.main,
    taxCodeId: DEMO.taxCodes.vat21,
    description: "Meter replacement",
    quantity: 1,
    unitPrice: 125.5,
    ...extra,
  };
}

/** A sheet in memory: the engine's updates land in its cells (result columns appended). */
export class MemorySheet {
  headers: string[] = [];
  rows: { rowNumber: number; values: CellValue[] }[] = [];

  /** `extraColumns`: appended after the result columns (the after-approval columns). */
  constructor(rows: Record<string, CellValue>[], extraColumns: readonly string[] = []) {
    for (const row of rows)
      for (const key of Object.keys(row)) if (!this.headers.includes(key)) this.headers.push(key);
    for (const col of [...RESULT_COLUMNS, ...extraColumns])
      if (!this.headers.includes(col)) this.headers.push(col);
    this.rows = rows.map((row, i) => ({
      rowNumber: i + 2,
      values: this.headers.map((h) => row[h] ?? null),
    }));
  }

  snapshot(): SheetSnapshot {
    return {
      headers: [...this.headers],
      rows: this.rows.map((r) => ({ rowNumber: r.rowNumber, values: [...r.values] })),
    };
  }

  cell(rowNumber: number, column: string): CellValue {
    return this.rows.find((r) => r.rowNumber === rowNumber)!.values[this.headers.indexOf(column)];
  }

  set(rowNumber: number, column: string, value: CellValue): void {
    this.rows.find((r) => r.rowNumber === rowNumber)!.values[this.headers.indexOf(column)] = value;
  }

  apply = async (updates: RowUpdate[]): Promise<void> => {
    for (const u of updates) {
      for (const [field, value] of Object.entries(u)) {
        if (field !== "rowNumber" && value !== undefined)
          this.set(u.rowNumber, field, value as CellValue);
      }
    }
  };

  plan(): Plan {
    return planInvoices(this.snapshot(), { today: TODAY });
  }
}

/** Fast polling for tests (the simulator's delays are a few hundred ms). */
export const TEST_RUN: RunOptions = {
  unsafeTestPollIntervalMs: 50,
  flushIntervalMs: 10,
  approvalTimeoutMs: 10_000,
};

/** Plans the sheet and runs it, writing results into the sheet. */
export function runSheet(
  client: BillingClient,
  sheet: MemorySheet,
  options: RunOptions = {}
): Promise<RunSummary> {
  return runInvoices(client, sheet.plan(), { ...TEST_RUN, ...options, onRowUpdates: sheet.apply });
}

/** POST /api/bill/Invoices requests the simulator answered. */
export function creates(sim: Simulator): number {
  return sim.log.count("POST", /^\/api\/bill\/invoices$/i);
}
