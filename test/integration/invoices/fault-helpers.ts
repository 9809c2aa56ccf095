/**
 * What the fault suites share (18, 28): the hostile simulator at 40 requests a second with
 * every fault at once, the sheets, and the checks of every row against the simulator's store. Used
 * by fault-suite.test.ts (500 invoices, in `npm test`) and test/scale (5,000, `npm run fault:scale`).
 */
import type { Dialect, Simulator, StoredInvoice } from "../../../simulator";
import { createBillingClient } from "../../../src/api";
import type { BillingClient } from "../../../src/api/types";
import type { RowUpdate, RunSummary } from "../../../src/invoices";
import { MemorySheet, demoRow, start } from "./helpers";

const INVALID_ROWS = 10;
/** The service's limit: 40 requests a second. */
export const LIMIT = { maxRequests: 40, windowMs: 1000, retryAfterSeconds: 1 };
/**
 * Polls wait behind every create and approve at this rate: give the approval time to be seen. The
 * references derived within a scope, as the pane runs (so the reference check is the gathered
 * prefix search the engine gathers).
 */
export const RUN = { approvalTimeoutMs: 120_000, referenceScope: "Fault suite.xlsx/Invoices" };

/** A sheet of `invoices` invoices of two lines each, then the invalid rows; `tag` keeps sheets apart. */
export function faultSheet(tag: string, invoices: number): MemorySheet {
  const rows = [];
  for (let i = 0; i < invoices; i += 1) {
    rows.push(demoRow({ invoiceRef: `${tag}${i}`, description: `${tag}${i} line 1` }));
    rows.push(demoRow({ invoiceRef: `${tag}${i}`, description: `${tag}${i} line 2` }));
  }
  for (let i = 0; i < INVALID_ROWS; i += 1)
    rows.push(demoRow({ description: `INVALID-${tag}-${i}`, taxCodeId: "not-an-id" }));
  return new MemorySheet(rows);
}

/** Watches every write: an approved row must never be turned into anything else. */
export function watchDowngrades(sheet: MemorySheet): string[] {
  const downgrades: string[] = [];
  const apply = sheet.apply;
  sheet.apply = async (updates: RowUpdate[]) => {
    for (const u of updates) {
      const was = sheet.cell(u.rowNumber, "status");
      if (was === "approved" && u.status !== undefined && u.status !== "approved")
        downgrades.push(`row ${u.rowNumber}: approved → ${u.status}`);
    }
    await apply(updates);
  };
  return downgrades;
}

/** Every claim of `sheet` (its `invoices` valid invoices and the invalid rows) against the store. */
export function expectSheetMatchesStore(
  sim: Simulator,
  sheet: MemorySheet,
  tag: string,
  invoices: number,
  last: RunSummary
): void {
  const mine = (description: string) => description.startsWith(tag);
  const stored = [...sim.store.invoices.values()]
    .map((i) => sim.store.invoice(i.id)!)
    .filter((i) => i.lines.some((l) => mine(String(l.description))));

  // Every valid invoice is settled: approved, or failed with the service's reason.
  const open = last.results.filter((r) => r.state !== "approved" && r.state !== "failed");
  expect(open.map((r) => `${r.state}: ${r.message ?? ""}`)).toEqual([]);
  expect(last.counts.approved + last.counts.failed).toBe(invoices);
  // Nothing "not sent" or waiting because the service said "later".
  const statuses = sheet.rows.map((r) => String(sheet.cell(r.rowNumber, "status")));
  expect(statuses.filter((s) => s === "not sent" || s === "waiting")).toEqual([]);

  const byRef = new Map<string, StoredInvoice[]>();
  for (const inv of stored) {
    const list = byRef.get(inv.externalReference ?? "") ?? [];
    list.push(inv);
    byRef.set(inv.externalReference ?? "", list);
  }
  // 0 duplicates approved: one reference, at most one invoice past draft.
  for (const [, list] of byRef)
    expect(list.filter((i) => i.status !== "created").length).toBeLessThanOrEqual(1);

  // Every row in a final state that matches the store.
  const approvalFailures = stored.filter((i) =>
    i.errors.some((e) => e.key === "COULD_NOT_APPROVE_INVOICE")
  );
  for (const row of sheet.rows.slice(0, invoices * 2)) {
    const status = sheet.cell(row.rowNumber, "status");
    const id = String(sheet.cell(row.rowNumber, "invoiceId"));
    const inv = sim.store.invoice(id);
    expect(inv).toBeDefined();
    expect(inv!.externalReference).toBe(sheet.cell(row.rowNumber, "externalReference"));
    if (status === "approved") {
      expect(inv!.status).toBe("approved");
      expect(sheet.cell(row.rowNumber, "invoiceNum")).toBe(inv!.invoiceNum);
    } else {
      expect(status).toBe("failed");
      expect(inv!.errors.map((e) => e.key)).toContain("COULD_NOT_APPROVE_INVOICE");
      // The service's reason first (a note may follow: an extra draft of a resent create deleted).
      expect(String(sheet.cell(row.rowNumber, "message"))).toMatch(
        /^The billing service reported a problem with the invoice: The invoice could not be approved\.( |$)/
      );
    }
  }
  expect(last.counts.failed).toBe(approvalFailures.length);
  // No approved invoice in the store that no row points at (nothing billed twice or lost).
  const rowIds = new Set(sheet.rows.map((r) => String(sheet.cell(r.rowNumber, "invoiceId"))));
  for (const inv of stored.filter((i) => i.status === "approved"))
    expect(rowIds.has(inv.id)).toBe(true);
  // Every line billed exactly once.
  const billed = stored
    .filter((i) => i.status === "approved")
    .flatMap((i) => i.lines.map((l) => String(l.description)));
  expect(billed.length).toBe(new Set(billed).size);
  expect(billed.length).toBe((invoices - approvalFailures.length) * 2);

  // 0 requests for invalid rows: nothing of theirs reached the store, and they say why.
  const invalid = `INVALID-${tag}`;
  expect(
    [...sim.store.invoices.values()].some((i) =>
      i.lines.some((l) => String(l.description).startsWith(invalid))
    )
  ).toBe(false);
  for (const row of sheet.rows.slice(invoices * 2)) {
    expect(sheet.cell(row.rowNumber, "status")).toBe("invalid");
    expect(sheet.cell(row.rowNumber, "externalReference")).toBeNull();
  }
}

/** The share of the simulator's answers that were 429, and that the other faults did happen. */
export function faultsSeen(sim: Simulator): { share: number; throttled: number; all: number } {
  const statuses = sim.log.entries().map((e) => e.status);
  expect(statuses).toContain(503);
  expect(statuses).toContain(0);
  const throttled = statuses.filter((s) => s === 429).length;
  return { share: throttled / statuses.length, throttled, all: statuses.length };
}

export async function startLimited(
  dialect: Dialect,
  header: "retry-after" | "x-retry-after-seconds"
): Promise<{ sim: Simulator; client: BillingClient }> {
  const started = await start(dialect, { approvalDelayMs: 40, numberDelayMs: 20, pageSize: 100 });
  // The client as a controller has it: the default retry budget (30 s), not the tests' short one.
  started.client = createBillingClient({
    baseUrl: started.sim.url,
    headers: {},
    credential: { kind: "none" },
  });
  started.sim.setFaults({
    seed: 9,
    get503Rate: 0.1,
    post503Rate: 0.1,
    rateLimit: { ...LIMIT, header },
    failApproval: { rate: 0.03 },
    approveDropRate: 0.02,
    createFaultRates: { dropBeforeStore: 0.02, dropAfterStore: 0.02, storeTwice: 0.02 },
  });
  return started;
}
