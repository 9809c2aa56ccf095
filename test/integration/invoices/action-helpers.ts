/**
 * Send and credit runs against a real simulator: a sheet of invoices approved by the
 * invoice run, then planned, prepared and run as the task pane does, the rows written back into
 * the in-memory sheet; store-side counts to prove nothing is sent or credited twice.
 */
import { DEMO } from "../../../simulator";
import type { Dialect, Simulator, SimulatorOptions, StoredInvoice } from "../../../simulator";
import type { BillingClient } from "../../../src/api/types";
import {
  AFTER_APPROVAL_COLUMNS,
  planInvoiceActions,
  prepareInvoiceActions,
  runInvoiceActions,
} from "../../../src/invoices";
import type {
  ActionPreparation,
  ActionRequest,
  ActionRunOptions,
  ActionSummary,
  CellValue,
} from "../../../src/invoices";
import { MemorySheet, demoRow, runSheet, start } from "./helpers";

/** A simulator that approves and numbers at once and sends in 30 ms. */
export function startForActions(
  dialect: Dialect = "live",
  options: Partial<SimulatorOptions> = {}
): Promise<{ sim: Simulator; client: BillingClient }> {
  return start(dialect, { approvalDelayMs: 0, numberDelayMs: 0, sendDelayMs: 30, ...options });
}

/** Fast read-backs for tests. */
export const TEST_ACTIONS: ActionRunOptions = {
  unsafeTestPollIntervalMs: 20,
  flushIntervalMs: 10,
  settleTimeoutMs: 5000,
};

/** A row of the demo customer without a postal address (Jan Mulder). */
export function mulderRow(extra: Record<string, CellValue> = {}): Record<string, CellValue> {
  return demoRow({
    customerId: DEMO.customers.mulder,
    contractId: DEMO.contracts.coolingShared,
    ...extra,
  });
}

/** `count` invoices of one line each (plus `extra` rows), approved by the invoice run. */
export async function approvedSheet(
  client: BillingClient,
  count: number,
  tag: string,
  extra: Record<string, CellValue>[] = []
): Promise<MemorySheet> {
  const rows: Record<string, CellValue>[] = [];
  for (let i = 0; i < count; i += 1)
    rows.push(demoRow({ description: `${tag} ${i}`, unitPrice: 100 + i + 0.15 }));
  rows.push(...extra);
  const sheet = new MemorySheet(rows, AFTER_APPROVAL_COLUMNS);
  const run = await runSheet(client, sheet);
  if (run.counts.approved !== rows.length)
    throw new Error(`the sheet was not approved: ${run.summary}`);
  return sheet;
}

/** Plans and prepares `request` on every row of `sheet`. */
export async function prepare(
  client: BillingClient,
  sheet: MemorySheet,
  request: ActionRequest
): Promise<ActionPreparation> {
  return await prepareInvoiceActions(client, planInvoiceActions(sheet.snapshot(), request));
}

/** Plans, prepares and runs `request` on every row of `sheet`, writing the rows back. */
export async function runAction(
  client: BillingClient,
  sheet: MemorySheet,
  request: ActionRequest,
  options: ActionRunOptions = {}
): Promise<ActionSummary> {
  const prepared = await prepare(client, sheet, request);
  return await runInvoiceActions(client, prepared, {
    ...TEST_ACTIONS,
    ...options,
    onRowUpdates: sheet.apply,
  });
}

/** The store's invoice (advanced to now). */
export function stored(sim: Simulator, id: string): StoredInvoice {
  return sim.store.invoice(id)!;
}

/** Credit notes in the store that credit `id`. */
export function creditNotesOf(sim: Simulator, id: string): StoredInvoice[] {
  return [...sim.store.invoices.values()].filter(
    (i) => i.type === "creditnote" && i.creditedInvoiceId?.toLowerCase() === id.toLowerCase()
  );
}

/** The invoice ids of the sheet's rows (in order; one per row). */
export function idsOf(sheet: MemorySheet): string[] {
  return sheet.rows.map((r) => String(sheet.cell(r.rowNumber, "invoiceId")));
}

/**
 * Rows and store agree after a send run: every row's `sent` cell says what the store holds
 * ("sent", "failed: …", or, for invoices never sent, empty or a refusal), and no invoice was sent
 * more than once — unless `allowResend` names ids whose earlier send failed (sent again on purpose).
 */
export function expectSendRowsMatchStore(
  sim: Simulator,
  sheet: MemorySheet,
  allowResend: ReadonlySet<string> = new Set()
): void {
  for (const row of sheet.rows) {
    const id = String(sheet.cell(row.rowNumber, "invoiceId"));
    const inv = stored(sim, id);
    const cell = String(sheet.cell(row.rowNumber, "sent") ?? "");
    if (!allowResend.has(id))
      expect({ id, sentAtMostOnce: inv.sendCount <= 1 }).toEqual({ id, sentAtMostOnce: true });
    if (inv.sent === "sent") expect({ id, cell }).toEqual({ id, cell: "sent" });
    else if (inv.sent === "failed")
      expect({ id, cell: cell.split(":")[0] }).toEqual({ id, cell: "failed" });
    else if (inv.sent === "notsent")
      expect({
        id,
        cell: cell === "" || cell.startsWith("failed:") || cell === "not sent",
      }).toEqual({ id, cell: true });
    else
      expect({ id, cell }).toEqual({
        id,
        cell: inv.sent === "printing" ? "printing (by post)" : inv.sent,
      });
  }
}

/**
 * Rows and store agree after a credit run: exactly one credit note per credited invoice, none for
 * the others; a row says `credited` with the credit note's id and number exactly when it has one.
 */
export function expectCreditRowsMatchStore(sim: Simulator, sheet: MemorySheet): void {
  for (const row of sheet.rows) {
    const id = String(sheet.cell(row.rowNumber, "invoiceId"));
    const inv = stored(sim, id);
    const notes = creditNotesOf(sim, id);
    expect({ id, notes: notes.length }).toEqual({ id, notes: inv.creditedByInvoiceId ? 1 : 0 });
    const status = sheet.cell(row.rowNumber, "status");
    if (inv.creditedByInvoiceId) {
      expect({
        id,
        status,
        creditNoteId: sheet.cell(row.rowNumber, "creditNoteId"),
        creditNoteNum: sheet.cell(row.rowNumber, "creditNoteNum"),
      }).toEqual({
        id,
        status: "credited",
        creditNoteId: notes[0].id,
        creditNoteNum: notes[0].invoiceNum,
      });
    } else {
      expect({ id, status }).toEqual({ id, status: "approved" });
      expect(sheet.cell(row.rowNumber, "creditNoteId") ?? "").toBe("");
    }
  }
}
