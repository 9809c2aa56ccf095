/** Running the engine against the fake client and keeping what it wrote to the "sheet". */
import { planInvoices, runInvoices } from "../../../src/invoices";
import type { Plan, RowUpdate, RunOptions, RunSummary, SheetSnapshot } from "../../../src/invoices";
import type { FakeClient } from "../../support/fake-client";
import { TODAY } from "./fixtures";

export interface Recorded {
  summary: RunSummary;
  /** The sheet's result cells after the run, per row. */
  rows: Map<number, RowUpdate>;
  /** Every onRowUpdates call. */
  batches: RowUpdate[][];
  /** Interleaving of client calls and sheet writes ("write", "createInvoice", …). */
  events: string[];
}

/** Fast test timing: polls and flushes every few ms. */
export const FAST: RunOptions = {
  unsafeTestPollIntervalMs: 5,
  flushIntervalMs: 2,
  newReference: refs(),
};

/** References XL-1, XL-2, … */
export function refs(): () => string {
  let n = 0;
  return () => `XL-${++n}`;
}

export function plan(snapshot: SheetSnapshot): Plan {
  return planInvoices(snapshot, { today: TODAY });
}

export async function run(
  fake: FakeClient,
  thePlan: Plan,
  options: RunOptions = {}
): Promise<Recorded> {
  const rows = new Map<number, RowUpdate>();
  const batches: RowUpdate[][] = [];
  const events: string[] = [];
  const calls = fake.calls;
  const callsSeen = { n: calls.length };
  const logCalls = () => {
    for (; callsSeen.n < calls.length; callsSeen.n++) events.push(calls[callsSeen.n].method);
  };
  const summary = await runInvoices(fake.asClient(), thePlan, {
    ...FAST,
    newReference: refs(),
    ...options,
    onRowUpdates: async (updates) => {
      logCalls();
      events.push("write");
      batches.push(updates);
      for (const u of updates) rows.set(u.rowNumber, { ...rows.get(u.rowNumber), ...u });
      await options.onRowUpdates?.(updates);
    },
  });
  logCalls();
  return { summary, rows, batches, events };
}
