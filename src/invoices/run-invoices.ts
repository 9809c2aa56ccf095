/**
 * The batch engine (DESIGN.md "Invoice sheet", Run; "Truth of a run"). A run is four steps:
 * 1. Reconcile: settle every unfinished invoice that carries an id from what the service holds,
 *    read in batches (Invoices/filter with `includeOnlyIds`); one that carries only a reference is
 *    looked up by it. Approved and numbered rows are final and not read again.
 * 2. Plan: only what the service does not hold is created.
 * 3. Act: create, check the reference, approve, poll — all invoices pipelined through one slot pool.
 * 4. Reconcile again: what a cut left open is read back once more.
 * Each invoice's rows are then settled from what the service holds and what was attempted.
 */
import { isAuthError, isNotFoundError, isUnavailableError } from "../api";
import type { BillingClient, Invoice } from "../api";
import { describeError } from "./describe-error";
import { InvoiceProblem, RunStopped, processInvoice } from "./invoice-pipeline";
import type { RunContext, Work } from "./invoice-pipeline";
import { invalidRowUpdates } from "./plan-row-updates";
import type { Plan, PlannedInvoice } from "./plan-types";
import { RowUpdateBatcher } from "./row-update-batcher";
import { resolveRunOptions } from "./run-options";
import { INVOICE_STATES } from "./run-types";
import type { InvoiceState, RunCounts, RunOptions, RunSummary, StopReason } from "./run-types";
import { isSettled, settle } from "./settle";
import type { RowStatus, RowUpdate } from "./sheet-types";
import { SlotPool } from "./slot-pool";
import { ApprovalTiming } from "./approval-timing";
import { isNotSentError, userAuthAdvice } from "../api";

/** Attempts at writing the sheet where the run cannot go on without it (references, the end). */
const WRITE_ATTEMPTS = 3;

/** Ids read in one Invoices/filter call of the reconcile step. */
export const RECONCILE_BATCH_SIZE = 50;

/** The state a row's `status` cell shows, for a row that keeps it. */
function priorState(invoice: PlannedInvoice): InvoiceState {
  const status = invoice.status ?? "";
  if (status === "approved") return "approving";
  return (INVOICE_STATES as readonly string[]).includes(status) &&
    !["queued", "invalid"].includes(status)
    ? (status as InvoiceState)
    : "unknown";
}

/** Approved and numbered in the sheet, by an earlier run: final (DESIGN.md "Truth of a run"). */
function isFinalRow(invoice: PlannedInvoice): boolean {
  return (
    invoice.invoiceId !== undefined &&
    invoice.status === "approved" &&
    (invoice.body.invoiceNum ?? "").trim() !== ""
  );
}

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
  const works: Work[] = plan.invoices.map((invoice) => {
    const final = isFinalRow(invoice);
    return {
      invoice,
      state: final ? "approved" : "queued",
      invoiceId: invoice.invoiceId,
      invoiceNum: final ? invoice.body.invoiceNum : undefined,
      ref: invoice.externalReference,
      held: { kind: "unasked" },
      attempt: { step: "none", notes: [] },
      prior: priorState(invoice),
      final,
      referenceChecked: false,
    };
  });
  for (const work of works) counts[work.state] += 1;

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
  /** The plain words of a sign-in or role refusal that stopped the run (rows and summary say them). */
  let stopWords: string | undefined;
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
  let connection: RunSummary["connection"];
  const bankAccounts = new Map<string, Promise<string>>();
  const finished = new Set<Work>();

  const move = (work: Work, state: InvoiceState) => {
    counts[work.state] -= 1;
    counts[state] += 1;
    work.state = state;
    dirty = true;
  };
  const write = (work: Work, fields: Omit<RowUpdate, "rowNumber">) => {
    batcher.add(work.invoice.rowNumbers.map((rowNumber) => ({ rowNumber, ...fields })));
    if (batcher.broken) stop("sheet-write");
  };

  const ctx: RunContext = {
    client,
    options: opts,
    timing: opts.learnApprovalTime ? new ApprovalTiming(opts.pollIntervalMs) : undefined,
    stopped: () => stopReason,
    stop,
    async call(priority, task) {
      return await pool.run(priority, async () => {
        if (stopReason !== undefined) throw new RunStopped();
        requests += 1;
        try {
          const result = await task();
          connection = "ok";
          return result;
        } catch (error) {
          // Stop at once, before the slot goes to the next call (the pool hands it on at once).
          if (isAuthError(error)) {
            if (stopReason === undefined) stopWords = userAuthAdvice(error);
            stop("auth");
          } else if (isUnavailableError(error) && isNotSentError(error)) stop("unreachable");
          connection =
            isUnavailableError(error) && error.status === undefined ? "unreachable" : "ok";
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
    progress(work, state) {
      move(work, state);
      const fields: Omit<RowUpdate, "rowNumber"> = {
        status: state as RowStatus,
        message: "",
      };
      if (work.invoiceId !== undefined) fields.invoiceId = work.invoiceId;
      write(work, fields);
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

    // Step 1 for invoices with an id: read in batches, while the others start at once.
    const withId = works.filter((w) => !w.final && w.invoiceId !== undefined);
    for (let i = 0; i < withId.length; i += RECONCILE_BATCH_SIZE) {
      const batch = withId.slice(i, i + RECONCILE_BATCH_SIZE);
      const read = readBatch(ctx, batch);
      for (const work of batch) work.reconciled = read;
    }
    // Steps 1 (by reference) to 3, every invoice pipelined through the pool.
    // An invoice the service shows approved and numbered (or failed) is written back at once.
    await Promise.all(
      works.map((work) =>
        processInvoice(ctx, work).then(() => {
          if (work.held.kind === "invoice" && isSettled(work.held.invoice)) finish(work);
        })
      )
    );
    // Step 4: what a cut left open is read back once more, unless the run was stopped.
    if (stopReason === undefined) await reconcileAgain(ctx, works);
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    for (const work of works) finish(work);
    batcher.close();
    await flushWithRetries(batcher, opts.flushIntervalMs);
    dirty = true;
    emitProgress();
  }

  /** Settles `work` from what the service holds and what was attempted, and writes its rows. */
  function finish(work: Work): void {
    if (work.final || finished.has(work)) return;
    finished.add(work);
    const settled = settle({
      held: work.held,
      attempt: work.attempt,
      stopped: stopReason,
      ...(stopReason === "auth" && stopWords !== undefined ? { stopText: stopWords } : {}),
      reference: work.ref,
      hasId: work.invoice.invoiceId !== undefined,
      hadReference: work.invoice.externalReference !== undefined,
      prior: work.prior,
    });
    if (work.held.kind === "invoice") {
      work.invoiceId = work.held.invoice.id;
      const num = (work.held.invoice.invoiceNum ?? "").trim();
      if (settled.state === "approved" && num !== "") work.invoiceNum = num;
    }
    move(work, settled.state);
    work.message = settled.message;
    const fields: Omit<RowUpdate, "rowNumber"> = { message: settled.message };
    if (settled.writeStatus && settled.state !== "queued") fields.status = settled.state;
    if (work.invoiceId !== undefined) fields.invoiceId = work.invoiceId;
    if (work.invoiceNum !== undefined) fields.invoiceNum = work.invoiceNum;
    write(work, fields);
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
    ...(stopReason === "auth" && stopWords !== undefined ? { stoppedBecause: stopWords } : {}),
    connection,
    summary: summarise(counts, durationMs, requests, stopReason),
  };
}

/**
 * Reads a batch of invoices by id in one call (and its pages). An id the answer leaves out is
 * read on its own, so that "not found" is the service's word, not a guess from a list.
 */
async function readBatch(ctx: RunContext, batch: Work[]): Promise<void> {
  let found: Invoice[];
  try {
    found = await ctx.call("continue", () =>
      ctx.client.getInvoicesByIds(batch.map((w) => w.invoiceId!))
    );
  } catch (error) {
    if (error instanceof RunStopped) return;
    if (isAuthError(error)) return;
    for (const work of batch) {
      work.held = { kind: "open" };
      work.attempt.said = describeError(error, "read the invoice");
    }
    return;
  }
  const byId = new Map(found.map((i) => [i.id.toLowerCase(), i]));
  await Promise.all(
    batch.map(async (work) => {
      const invoice = byId.get(work.invoiceId!.toLowerCase());
      if (invoice !== undefined) {
        work.held = { kind: "invoice", invoice };
        return;
      }
      try {
        const single = await ctx.call("continue", () => ctx.client.getInvoice(work.invoiceId!));
        work.held = { kind: "invoice", invoice: single };
      } catch (error) {
        if (error instanceof RunStopped || isAuthError(error)) return;
        if (isNotFoundError(error)) {
          work.held = { kind: "none" };
          work.attempt.refused = true;
          work.attempt.said = `The billing service has no invoice ${work.invoiceId} (not found); check the invoiceId, or clear invoiceId, externalReference and status to create the invoice anew.`;
          return;
        }
        work.held = { kind: "open" };
        work.attempt.said = describeError(error, "read the invoice");
      }
    })
  );
}

/** Step 4: reads back once more what is still open after a cut (by id in batches, or by reference). */
async function reconcileAgain(ctx: RunContext, works: Work[]): Promise<void> {
  const open = works.filter((w) => !w.final && w.held.kind === "open" && !w.attempt.refused);
  const byId = open.filter((w) => w.invoiceId !== undefined);
  const byRef = open.filter((w) => w.invoiceId === undefined && w.ref !== undefined);
  const reads: Promise<void>[] = [];
  for (let i = 0; i < byId.length; i += RECONCILE_BATCH_SIZE)
    reads.push(readBatch(ctx, byId.slice(i, i + RECONCILE_BATCH_SIZE)));
  for (const work of byRef) {
    reads.push(
      ctx
        .call("continue", () => ctx.client.findInvoicesByExternalReference(work.ref!))
        .then((found) => {
          const matching = found.filter((i) => i.externalReference === work.ref);
          // One found: it exists (its approval is for the next run, after its reference check).
          if (matching.length === 1) work.held = { kind: "invoice", invoice: matching[0] };
          else if (matching.length === 0) work.held = { kind: "none" };
        })
        .catch(() => undefined)
    );
  }
  await Promise.all(reads);
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
  unreachable: "Stopped: the billing service could not be reached",
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
