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
import { isAuthError, isNotFoundError } from "../../api";
import type { BillingClient, Invoice } from "../../api";
import { describeError } from "../describe-error";
import { InvoiceProblem, noteChange, processInvoice } from "../actions/create-and-approve";
import { RunStopped, isRoleRefusal, summaryLine } from "./stop";
import type { RunContext, Work } from "../actions/create-and-approve";
import { invalidRowUpdates } from "../plan-row-updates";
import type { Plan, PlannedInvoice } from "../plan-types";
import { RowUpdateBatcher, flushWithRetries } from "./row-update-batcher";
import { newRunId, resolveRunOptions } from "./run-options";
import { INVOICE_STATES } from "./run-types";
import type {
  InvoiceResult,
  InvoiceState,
  RunCounts,
  RunOptions,
  RunStory,
  RunSummary,
  StopReason,
} from "./run-types";
import { isFinalRow } from "../final-row";
import { isSettled, settle } from "./settle";
import type { RowStatus, RowUpdate } from "../sheet-types";
import { ProgressReporter, RunCaller } from "./run-caller";
import { ApprovalTiming } from "../actions/approval-timing";
import { BulkApprover } from "./bulk-approver";
import type { SlotPriority } from "./slot-pool";
import { deriveReferences } from "./derived-reference";
import { ReferenceSearch } from "./reference-search";

/** How often the progress looks whether the service's rate limit holds the run (the pane's "resumes in"). */
const PAUSE_CHECK_MS = 500;

/**
 * How long reads asked for together are gathered: the polls of one bulk request wake on timers
 * that may differ by a millisecond, and a read parted off by it costs a whole round at the end of
 * a run (bench:invoices: 7 of 48 ids read 56 ms after the other 41).
 */
const READ_GATHER_MS = 2;

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

/** Creates, approves and numbers the invoices of `plan`; see {@link RunOptions}. */
export async function runInvoices(
  client: BillingClient,
  plan: Plan,
  options: RunOptions = {}
): Promise<RunSummary> {
  const opts = resolveRunOptions(options);
  const startedAt = Date.now();
  const runId = options.runId ?? newRunId(new Date(startedAt));
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
      changes: [],
    };
  });
  for (const work of works) counts[work.state] += 1;

  // Calls go through the run's caller: slot pool, 429 waits and budget, the stop (run-caller.ts).
  const caller = new RunCaller(client, {
    concurrency: opts.concurrency,
    rateLimitBudgetMs: opts.rateLimitBudgetMs,
    maxRateLimitWaits: opts.maxRateLimitWaits,
  });
  const stop = (reason: StopReason) => caller.stop(reason);
  const progress = new ProgressReporter(caller, counts, opts.onProgress);
  const emitProgress = progress.emit;
  const batcher = new RowUpdateBatcher(opts.onRowUpdates ?? (() => undefined), {
    flushIntervalMs: opts.flushIntervalMs,
    maxBatchSize: opts.maxBatchSize,
    onTick: emitProgress,
  });

  const onAbort = () => stop("cancelled");
  if (opts.signal?.aborted) stop("cancelled");
  opts.signal?.addEventListener("abort", onAbort);

  const pauseWatch = opts.onProgress ? setInterval(emitProgress, PAUSE_CHECK_MS) : undefined;
  const bankAccounts = new Map<string, Promise<string>>();
  const finished = new Set<Work>();

  const move = (work: Work, state: InvoiceState) => {
    counts[work.state] -= 1;
    counts[state] += 1;
    work.state = state;
    progress.changed();
  };
  const write = (work: Work, fields: Omit<RowUpdate, "rowNumber">) => {
    batcher.add(work.invoice.rowNumbers.map((rowNumber) => ({ rowNumber, ...fields })));
    if (batcher.broken) stop("sheet-write");
  };

  const ctx: RunContext = {
    client,
    options: opts,
    timing: opts.learnApprovalTime ? new ApprovalTiming(opts.pollIntervalMs) : undefined,
    stopped: () => caller.stopped(),
    stop,
    call: (priority, task) => caller.call(priority, task),
    sleep: (ms) => caller.sleep(ms),
    progress(work, state) {
      move(work, state);
      const fields: Omit<RowUpdate, "rowNumber"> = {
        status: state as RowStatus,
        message: "",
      };
      if (work.invoiceId !== undefined) fields.invoiceId = work.invoiceId;
      write(work, fields);
    },
    read(priority, invoiceId) {
      return new Promise<Invoice>((resolve, reject) => {
        const waiting = reads.get(priority) ?? [];
        waiting.push({ id: invoiceId, resolve, reject });
        reads.set(priority, waiting);
        // Reads asked for together (a bulk chunk's polls wake together) go out together.
        if (waiting.length === 1) setTimeout(() => flushReads(priority), READ_GATHER_MS);
      });
    },
    sweeps: [],
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

  /** Reads waiting to be sent together, per priority (ctx.read). */
  const reads = new Map<SlotPriority, PendingRead[]>();
  function flushReads(priority: SlotPriority): void {
    const waiting = reads.get(priority) ?? [];
    reads.delete(priority);
    for (const part of readParts(waiting, opts.concurrency)) void readTogether(ctx, priority, part);
  }
  const approving = works.filter((w) => !w.final).length;
  // A client without bulk approval (an older one, a test double) approves one by one.
  const canBulk = typeof (client as Partial<BillingClient>).bulkApprove === "function";
  if (opts.mode === "create-and-approve" && opts.bulkApprove && canBulk)
    ctx.bulk = new BulkApprover(ctx, approving);
  ctx.references = new ReferenceSearch(ctx, works);

  try {
    batcher.add(invalidRowUpdates(plan));
    // Every new invoice gets its reference in the sheet before any create is sent, so that a create
    // whose outcome is unknown can be recognised by the next run.
    const derived =
      options.referenceScope === undefined
        ? undefined
        : await deriveReferences(options.referenceScope, plan.invoices);
    for (const [i, work] of works.entries()) {
      if (work.invoiceId !== undefined || work.ref !== undefined) continue;
      work.ref = derived?.[i] ?? opts.newReference();
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
          ctx.bulk?.leave(work);
          ctx.references?.leave(work);
          if (work.held.kind === "invoice" && isSettled(work.held.invoice)) finish(work);
        })
      )
    );
    // Every stray duplicate is found (and deleted or reported) before the run ends.
    await Promise.all(ctx.sweeps);
    // Step 4: what a cut left open is read back once more, unless the run was stopped.
    if (caller.stopped() === undefined) await reconcileAgain(ctx, works);
  } finally {
    if (pauseWatch !== undefined) clearInterval(pauseWatch);
    opts.signal?.removeEventListener("abort", onAbort);
    for (const work of works) finish(work);
    batcher.close();
    await flushWithRetries(batcher, opts.flushIntervalMs);
    progress.changed();
    emitProgress();
  }

  /** Settles `work` from what the service holds and what was attempted, and writes its rows. */
  function finish(work: Work): void {
    if (work.final || finished.has(work)) return;
    finished.add(work);
    const settled = settle({
      held: work.held,
      attempt: work.attempt,
      stopped: caller.stopped(),
      ...(caller.stopped() === "auth" && caller.stopWords !== undefined
        ? { stopText: caller.stopWords }
        : {}),
      reference: work.ref,
      hasId: work.invoice.invoiceId !== undefined,
      hadReference: work.invoice.externalReference !== undefined,
      prior: work.prior,
      drafts: opts.mode === "create-drafts",
      roleRefused: caller.stopped() === "auth" && isRoleRefusal(caller.stopProblem),
    });
    if (work.held.kind === "invoice") {
      work.invoiceId = work.held.invoice.id;
      const num = (work.held.invoice.invoiceNum ?? "").trim();
      if (settled.state === "approved" && num !== "") work.invoiceNum = num;
    }
    move(work, settled.state);
    work.message = settled.message;
    const before = work.invoice.status ?? "";
    if (settled.state === "approved") noteChange(work, "approved");
    if (settled.state === "failed" && before !== "failed") noteChange(work, "failed");
    if (settled.state === "unknown" && work.attempt.step === "create" && before !== "unknown")
      noteChange(work, "outcome unknown");
    const fields: Omit<RowUpdate, "rowNumber"> = { message: settled.message };
    // "queued" at the end: the service's rate limit held it; the cell says "waiting".
    if (settled.writeStatus) fields.status = settled.state === "queued" ? "waiting" : settled.state;
    if (work.invoiceId !== undefined) fields.invoiceId = work.invoiceId;
    if (work.invoiceNum !== undefined) fields.invoiceNum = work.invoiceNum;
    if (work.held.kind === "invoice") {
      // The service's own amounts stand next to the row (issue 20), as it last answered them.
      const { totalAmountExclVAT, totalAmountInclVAT } = work.held.invoice;
      if (totalAmountExclVAT !== undefined) fields.totalAmountExclVAT = totalAmountExclVAT;
      if (totalAmountInclVAT !== undefined) fields.totalAmountInclVAT = totalAmountInclVAT;
    }
    write(work, fields);
  }

  const durationMs = Date.now() - startedAt;
  const { requests, stopWords, connection } = caller;
  const stopReason = caller.stopped();
  const results: InvoiceResult[] = works.map((w) => ({
    key: w.invoice.key,
    rowNumbers: w.invoice.rowNumbers,
    state: w.state,
    invoiceId: w.invoiceId,
    invoiceNum: w.invoiceNum,
    externalReference: w.ref,
    message: w.message,
    ...(w.held.kind === "invoice" && w.held.invoice.totalAmountExclVAT !== undefined
      ? { totalAmountExclVAT: w.held.invoice.totalAmountExclVAT }
      : {}),
    ...(w.held.kind === "invoice" && w.held.invoice.totalAmountInclVAT !== undefined
      ? { totalAmountInclVAT: w.held.invoice.totalAmountInclVAT }
      : {}),
    before: w.invoice.status ?? "",
    untouched: w.final,
    changes: [...w.changes],
  }));
  return {
    runId,
    startedAt: new Date(startedAt),
    counts: { ...counts },
    story: runStory(results, plan.invalidInvoices.length),
    invoices: works.length + plan.invalidInvoices.length,
    results,
    durationMs,
    requests,
    rowUpdateCalls: batcher.calls,
    rowsUpdated: batcher.rows,
    stopped: stopReason,
    ...(stopReason === "auth" && stopWords !== undefined ? { stoppedBecause: stopWords } : {}),
    ...(stopReason === "auth" && isRoleRefusal(caller.stopProblem) ? { refusedByRole: true } : {}),
    connection,
    summary: summaryLine(INVOICE_STATES, counts, durationMs, requests, stopReason),
  };
}

/** States of an invoice that is not finished at the end of a run, by what is left to happen. */
const APPROVING_STATES: readonly InvoiceState[] = ["approving", "pending"];
const DRAFT_STATES: readonly InvoiceState[] = ["created"];

/** What a run did, counted from its results (see {@link RunStory}). */
export function runStory(results: readonly InvoiceResult[], invalid: number): RunStory {
  const story: RunStory = {
    created: 0,
    approved: 0,
    untouched: 0,
    failed: 0,
    unknown: 0,
    open: 0,
    approving: 0,
    drafts: 0,
    notStarted: 0,
    invalid,
    changed: 0,
  };
  for (const r of results) {
    if (r.changes.includes("created")) story.created += 1;
    if (r.changes.length > 0) story.changed += 1;
    if (r.untouched) story.untouched += 1;
    else if (r.state === "approved") story.approved += 1;
    else if (r.state === "failed") story.failed += 1;
    else if (r.state === "unknown") story.unknown += 1;
    else {
      story.open += 1;
      if (APPROVING_STATES.includes(r.state)) story.approving += 1;
      else if (DRAFT_STATES.includes(r.state)) story.drafts += 1;
      else story.notStarted += 1;
    }
  }
  return story;
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

/** Reads of fewer ids than this are not parted (one page of the simulator holds 4). */
export const MIN_IDS_PER_READ = 4;

/**
 * Parts reads asked for together into requests that go out side by side: up to one per slot (at
 * least {@link MIN_IDS_PER_READ} ids each), none over {@link RECONCILE_BATCH_SIZE}. The service
 * pages its answer, and the pages of one request come one after the other (the simulator's page
 * holds 4: 50 ids took 13 pages, 420 ms, at the end of a bench run where the number was waiting);
 * parted over the free slots, the pages of a chunk's read come in parallel.
 */
export function readParts<T>(waiting: readonly T[], slots: number): T[][] {
  const n = waiting.length;
  if (n === 0) return [];
  const parts = Math.max(
    Math.ceil(n / RECONCILE_BATCH_SIZE),
    Math.min(slots, Math.ceil(n / MIN_IDS_PER_READ))
  );
  const result: T[][] = [];
  for (let i = 0, from = 0; i < parts; i += 1) {
    const to = Math.round(((i + 1) * n) / parts);
    result.push(waiting.slice(from, to));
    from = to;
  }
  return result;
}

/** A read waiting in ctx.read. */
interface PendingRead {
  id: string;
  resolve: (invoice: Invoice) => void;
  reject: (error: unknown) => void;
}

/**
 * One batched read (Invoices/filter with `includeOnlyIds`) for reads asked for together; an id the
 * answer leaves out is read on its own, so that "not found" is the service's word.
 */
async function readTogether(
  ctx: RunContext,
  priority: SlotPriority,
  batch: PendingRead[]
): Promise<void> {
  let found: Invoice[];
  try {
    found =
      batch.length === 1
        ? [await ctx.call(priority, () => ctx.client.getInvoice(batch[0].id))]
        : await ctx.call(priority, () => ctx.client.getInvoicesByIds(batch.map((r) => r.id)));
  } catch (error) {
    for (const r of batch) r.reject(error);
    return;
  }
  const byId = new Map(found.map((i) => [i.id.toLowerCase(), i]));
  for (const r of batch) {
    const invoice = byId.get(r.id.toLowerCase());
    if (invoice !== undefined) r.resolve(invoice);
    else ctx.call(priority, () => ctx.client.getInvoice(r.id)).then(r.resolve, r.reject);
  }
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
          if (matching.length === 1) {
            work.held = { kind: "invoice", invoice: matching[0] };
            noteChange(work, work.attempt.step === "create" ? "created" : "found");
          } else if (matching.length === 0) work.held = { kind: "none" };
        })
        .catch(() => undefined)
    );
  }
  await Promise.all(reads);
}
