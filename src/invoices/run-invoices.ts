/**
 * The batch engine (DESIGN.md "Invoice sheet", Run): many invoices in flight at once, each through
 * {@link processInvoice}; result cells written back in coalesced batches; cancel through a signal.
 */
import { isAuthError } from "../api/errors";
import type { BillingClient } from "../api/types";
import { InvoiceProblem, RunStopped, processInvoice } from "./invoice-pipeline";
import type { RunContext, Work } from "./invoice-pipeline";
import { invalidRowUpdates } from "./plan-row-updates";
import type { Plan } from "./plan-types";
import { RowUpdateBatcher } from "./row-update-batcher";
import { resolveRunOptions } from "./run-options";
import { INVOICE_STATES } from "./run-types";
import type { InvoiceState, RunCounts, RunOptions, RunSummary, StopReason } from "./run-types";
import type { RowUpdate } from "./sheet-types";
import { SlotPool } from "./slot-pool";

/** Attempts at writing the sheet where the run cannot go on without it (references, the end). */
const WRITE_ATTEMPTS = 3;

/** Creates, approves and numbers the invoices of `plan`; see {@link RunOptions}. */
export async function runInvoices(
  client: BillingClient,
  plan: Plan,
  options: RunOptions = {}
): Promise<RunSummary> {
  const opts = resolveRunOptions(options);
  const startedAt = Date.now();
  const counts = Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as RunCounts;
  counts.invalid = plan.invalidInvoices.length;
  const works: Work[] = plan.invoices.map((invoice) => ({
    invoice,
    state: "queued",
    phase: invoice.invoiceId !== undefined ? "existing" : "start",
    invoiceId: invoice.invoiceId,
    ref: invoice.externalReference,
    action: "start",
  }));
  counts.queued = works.length;

  let dirty = true;
  const emitProgress = () => {
    if (!dirty) return;
    dirty = false;
    try {
      opts.onProgress?.({ ...counts });
    } catch {
      // A failing progress display must not break the run.
    }
  };
  const batcher = new RowUpdateBatcher(opts.onRowUpdates ?? (() => undefined), {
    flushIntervalMs: opts.flushIntervalMs,
    maxBatchSize: opts.maxBatchSize,
    onTick: emitProgress,
  });

  let stopReason: StopReason | undefined;
  // Waits between polls, woken at once when the run stops (one set, not a listener per wait).
  const sleepers = new Set<() => void>();
  const stop = (reason: StopReason) => {
    if (stopReason !== undefined) return;
    stopReason = reason;
    for (const wake of [...sleepers]) wake();
  };
  const onAbort = () => stop("cancelled");
  if (opts.signal?.aborted) stop("cancelled");
  opts.signal?.addEventListener("abort", onAbort);

  const pool = new SlotPool(opts.concurrency);
  let requests = 0;
  const bankAccounts = new Map<string, Promise<string>>();

  const ctx: RunContext = {
    client,
    options: opts,
    stopped: () => stopReason,
    stop,
    async call(priority, task) {
      return await pool.run(priority, async () => {
        if (stopReason !== undefined) throw new RunStopped();
        requests += 1;
        try {
          return await task();
        } catch (error) {
          // Stop at once, before the slot goes to the next call.
          if (isAuthError(error)) stop("auth");
          throw error;
        }
      });
    },
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (stopReason !== undefined) return resolve();
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        sleepers.add(wake);
      }),
    update(work, state, message = "") {
      counts[work.state] -= 1;
      counts[state] += 1;
      work.state = state;
      work.message = message;
      dirty = true;
      const fields: Omit<RowUpdate, "rowNumber"> = { message };
      // A created invoice that was not looked at keeps the status its row has.
      if (state !== "queued" && !(state === "cancelled" && work.invoiceId !== undefined))
        fields.status = state;
      if (work.invoiceId !== undefined) fields.invoiceId = work.invoiceId;
      if (work.invoiceNum !== undefined) fields.invoiceNum = work.invoiceNum;
      batcher.add(work.invoice.rowNumbers.map((rowNumber) => ({ rowNumber, ...fields })));
      if (batcher.broken) stop("sheet-write");
    },
    bankAccountFor(propertyGroupId) {
      let account = bankAccounts.get(propertyGroupId);
      if (account === undefined) {
        account = ctx
          .call("start", () => client.getPropertyGroupBillingConfiguration(propertyGroupId))
          .then((config) => {
            if (!config.companyBankAccountId) {
              throw new InvoiceProblem(
                `The billing configuration of property group ${propertyGroupId} has no bank account; fill in companyBankAccountId.`
              );
            }
            return config.companyBankAccountId;
          });
        bankAccounts.set(propertyGroupId, account);
      }
      return account;
    },
  };

  try {
    batcher.add(invalidRowUpdates(plan));
    // Every new invoice gets its reference in the sheet before any create is sent, so that a create
    // whose outcome is unknown can be recognised by the next run.
    for (const work of works) {
      if (work.invoiceId !== undefined || work.ref !== undefined) continue;
      work.ref = opts.newReference();
      batcher.add(
        work.invoice.rowNumbers.map((rowNumber) => ({ rowNumber, externalReference: work.ref }))
      );
    }
    if (!(await flushWithRetries(batcher, opts.flushIntervalMs))) stop("sheet-write");

    await Promise.all(works.map((work) => processInvoice(ctx, work)));
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    batcher.close();
    await flushWithRetries(batcher, opts.flushIntervalMs);
    dirty = true;
    emitProgress();
  }

  const durationMs = Date.now() - startedAt;
  return {
    counts: { ...counts },
    invoices: works.length + plan.invalidInvoices.length,
    results: works.map((w) => ({
      key: w.invoice.key,
      rowNumbers: w.invoice.rowNumbers,
      state: w.state,
      invoiceId: w.invoiceId,
      invoiceNum: w.invoiceNum,
      externalReference: w.ref,
      message: w.message,
    })),
    durationMs,
    requests,
    rowUpdateCalls: batcher.calls,
    rowsUpdated: batcher.rows,
    stopped: stopReason,
    summary: summarise(counts, durationMs, requests, stopReason),
  };
}

async function flushWithRetries(batcher: RowUpdateBatcher, pauseMs: number): Promise<boolean> {
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt += 1) {
    try {
      await batcher.flush();
      batcher.close();
      return true;
    } catch {
      if (attempt < WRITE_ATTEMPTS) await sleep(Math.max(pauseMs, 50));
    }
  }
  batcher.close();
  return false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const STOP_SENTENCE: Record<StopReason, string> = {
  cancelled: "Cancelled",
  auth: "Stopped: sign in again",
  "sheet-write": "Stopped: the sheet could not be updated",
};

function summarise(
  counts: RunCounts,
  durationMs: number,
  requests: number,
  stopped?: StopReason
): string {
  const parts = INVOICE_STATES.filter((s: InvoiceState) => counts[s] > 0).map(
    (s) => `${counts[s]} ${s}`
  );
  const seconds = (durationMs / 1000).toFixed(1);
  const what = parts.length > 0 ? parts.join(", ") : "no invoices";
  const text = `${what} in ${seconds} s (${requests} request${requests === 1 ? "" : "s"})`;
  return stopped ? `${STOP_SENTENCE[stopped]}. ${text}` : text;
}
