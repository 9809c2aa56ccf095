/**
 * The batch engine (docs/developers/rules.md#invoice-sheet, Run; "Truth of a run"). A run is four steps:
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
import { RunStopped, isRoleRefusal, summaryLine } from "./stop";
import { InvoiceProblem, noteChange } from "./work";
import type { RunContext, Work } from "./work";
import type { PlanAction } from "./seam";
import { invalidRowUpdates } from "../plan-row-updates";
import type { Plan, PlannedInvoice } from "../plan-types";
import { READ_BATCH_SIZE, readByIds, readParts } from "./read-by-id";
import { RunLoop } from "./run-loop";
import { newRunId } from "./run-options";
import { resolveRunOptions } from "./resolve-run";
import type { ResolvedRunOptions } from "./run-options";
import { INVOICE_STATES } from "./run-types";
import type { InvoiceResult, InvoiceState, RunOptions, RunStory, RunSummary } from "./run-types";
import { isFinalRow } from "../final-row";
import { isSettled, settle } from "./settle";
import type { RowStatus, RowUpdate } from "../sheet-types";
import { ApprovalTiming } from "./approval-timing";
import { BulkApprover } from "./bulk-approver";
import type { SlotPriority } from "./slot-pool";
import { deriveReferences } from "./derived-reference";
import { ReferenceSearch } from "./reference-search";
import { stateLabel } from "./plan-words";

/**
 * How long reads asked for together are gathered: the polls of one bulk request wake on timers
 * that may differ by a millisecond, and a read parted off by it costs a whole round at the end of
 * a run (bench:invoices: 7 of 48 ids read 56 ms after the other 41).
 */
const READ_GATHER_MS = 2;

/** The state a row's `status` cell shows, for a row that keeps it. */
function priorState(invoice: PlannedInvoice): InvoiceState {
  const status = invoice.status ?? "";
  if (status === "approved") return "approving";
  return (INVOICE_STATES as readonly string[]).includes(status) &&
    !["queued", "invalid"].includes(status)
    ? (status as InvoiceState)
    : "unknown";
}

/**
 * Runs the invoices of `plan` through the action's step before the run (if any) and its steps of
 * one invoice (create and approve: actions/create-and-approve.ts), every invoice pipelined through
 * the one loop; see {@link RunOptions}.
 */
export async function runPlan(
  client: BillingClient,
  plan: Plan,
  options: RunOptions,
  action: Pick<PlanAction, "steps" | "before">
): Promise<RunSummary> {
  const run = new PlanRun(client, plan, options, action);
  await run.run();
  return run.summary();
}

/** One create-and-approve (or create-drafts) run: its invoices and its case of the one loop. */
class PlanRun {
  private readonly opts: ResolvedRunOptions;
  private readonly loop: RunLoop<InvoiceState>;
  private readonly runId: string;
  private readonly works: Work[];
  private readonly ctx: RunContext;
  private readonly finished = new Set<Work>();
  /** Reads waiting to be sent together, per priority (ctx.read). */
  private readonly reads = new Map<SlotPriority, PendingRead[]>();

  constructor(
    private readonly client: BillingClient,
    private readonly plan: Plan,
    private readonly options: RunOptions,
    private readonly action: Pick<PlanAction, "steps" | "before">
  ) {
    this.opts = resolveRunOptions(options);
    // Calls go through the loop's caller: slot pool, 429 waits and budget, the stop (run-caller.ts).
    this.loop = new RunLoop(client, INVOICE_STATES, this.opts);
    this.runId = options.runId ?? newRunId(new Date(this.loop.startedAt));
    this.loop.counts.invalid = plan.invalidInvoices.length;
    this.works = plan.invoices.map(newWork);
    for (const work of this.works) this.loop.counts[work.state] += 1;
    this.ctx = this.context();
    const approving = this.works.filter((w) => !w.final).length;
    // A client without bulk approval (an older one, a test double) approves one by one.
    const canBulk = typeof (client as Partial<BillingClient>).bulkApprove === "function";
    if (!this.opts.drafts && this.opts.bulkApprove && canBulk)
      this.ctx.bulk = new BulkApprover(this.ctx, approving);
    this.ctx.references = new ReferenceSearch(this.ctx, this.works);
  }

  /** The steps of the module comment, as a run of the one loop (run-loop.ts). */
  async run(): Promise<void> {
    const { ctx, works, loop } = this;
    await loop.run({
      act: async () => {
        loop.batcher.add(invalidRowUpdates(this.plan));
        await this.before();
        await this.writeReferences();
        // Step 1 for invoices with an id: read in batches, while the others start at once.
        const withId = works.filter((w) => !w.final && !w.kept && w.invoiceId !== undefined);
        for (let i = 0; i < withId.length; i += READ_BATCH_SIZE) {
          const batch = withId.slice(i, i + READ_BATCH_SIZE);
          const read = readBatch(ctx, batch);
          for (const work of batch) work.reconciled = read;
        }
        // Steps 1 (by reference) to 3, every invoice pipelined through the pool.
        // An invoice the service shows approved and numbered (or failed) is written back at once.
        await Promise.all(
          works.map((work) =>
            (work.kept ? Promise.resolve() : this.action.steps(ctx, work)).then(() => {
              ctx.bulk?.leave(work);
              ctx.references?.leave(work);
              if (work.held.kind === "invoice" && isSettled(work.held.invoice)) this.finish(work);
            })
          )
        );
        // Every stray duplicate is found (and deleted or reported) before the run ends.
        await Promise.all(ctx.sweeps);
        // Step 4: what a cut left open is read back once more, unless the run was stopped.
        if (loop.stopped() === undefined) await reconcileAgain(ctx, works);
      },
      // This action's case of the one settle.
      settle: () => {
        for (const work of works) this.finish(work);
      },
    });
  }

  /** The action's step before the run: the invoices it holds back are settled as it says. */
  private async before(): Promise<void> {
    const { before } = this.action;
    if (before === undefined) return;
    const step = { client: this.client, caller: this.loop.caller, say: this.opts.say };
    const kept = await before(step, this.plan);
    for (const work of this.works) {
      const held = kept.get(work.invoice.key);
      if (held === undefined) continue;
      work.kept = held;
      this.finish(work);
    }
  }

  /**
   * Every new invoice gets its reference in the sheet before any create is sent, so that a create
   * whose outcome is unknown can be recognised by the next run.
   */
  private async writeReferences(): Promise<void> {
    const { referenceScope } = this.options;
    const derived =
      referenceScope === undefined
        ? undefined
        : await deriveReferences(referenceScope, this.plan.invoices);
    for (const [i, work] of this.works.entries()) {
      if (work.invoiceId !== undefined || work.ref !== undefined || work.kept) continue;
      work.ref = derived?.[i] ?? this.opts.newReference();
      this.loop.write(work.invoice.rowNumbers, { externalReference: work.ref });
    }
    await this.loop.flushNow();
  }

  private move(work: Work, state: InvoiceState): void {
    this.loop.move(work.state, state);
    work.state = state;
  }

  private write(work: Work, fields: Omit<RowUpdate, "rowNumber">): void {
    this.loop.write(work.invoice.rowNumbers, fields);
  }

  /** What the action's steps call the engine through (create-and-approve.ts). */
  private context(): RunContext {
    const { client, opts, loop } = this;
    const { caller } = loop;
    const bankAccounts = new Map<string, Promise<string>>();
    const ctx: RunContext = {
      client,
      options: opts,
      timing: opts.learnApprovalTime ? new ApprovalTiming(opts.pollIntervalMs) : undefined,
      stopped: () => caller.stopped(),
      stop: (reason) => caller.stop(reason),
      call: (priority, task) => caller.call(priority, task),
      callHoldingStarts: (priority, task) => caller.callHoldingStarts(priority, task),
      sleep: (ms, until) => caller.sleep(ms, until),
      progress: (work, state) => {
        this.move(work, state);
        const fields: Omit<RowUpdate, "rowNumber"> = { status: state as RowStatus, message: "" };
        if (work.invoiceId !== undefined) fields.invoiceId = work.invoiceId;
        this.write(work, fields);
      },
      read: (priority, invoiceId) => this.read(priority, invoiceId),
      sweeps: [],
      bankAccountFor(propertyGroupId) {
        let account = bankAccounts.get(propertyGroupId);
        if (account === undefined) {
          account = ctx
            .call("start", () => client.getPropertyGroupBillingConfiguration(propertyGroupId))
            .then((config) => {
              if (!config.companyBankAccountId) {
                throw new InvoiceProblem(
                  ctx.options.say("row.noBankAccount", { id: propertyGroupId })
                );
              }
              return config.companyBankAccountId;
            });
          bankAccounts.set(propertyGroupId, account);
        }
        return account;
      },
    };
    return ctx;
  }

  /** Reads one invoice; reads asked for together (a bulk chunk's polls wake together) go out together. */
  private read(priority: SlotPriority, invoiceId: string): Promise<Invoice> {
    return new Promise<Invoice>((resolve, reject) => {
      const waiting = this.reads.get(priority) ?? [];
      waiting.push({ id: invoiceId, resolve, reject });
      this.reads.set(priority, waiting);
      if (waiting.length === 1) setTimeout(() => this.flushReads(priority), READ_GATHER_MS);
    });
  }

  private flushReads(priority: SlotPriority): void {
    const waiting = this.reads.get(priority) ?? [];
    this.reads.delete(priority);
    const pageSize = this.client.listPageSize?.();
    for (const part of readParts(waiting, this.opts.concurrency, pageSize))
      void readTogether(this.ctx, priority, part);
  }

  /** Settles `work` from what the service holds and what was attempted, and writes its rows. */
  private finish(work: Work): void {
    if (this.finished.has(work)) return;
    if (work.kept) {
      // Held back before the run: its state and message, its status cell left as it is.
      this.finished.add(work);
      this.move(work, work.kept.state);
      work.message = work.kept.message;
      this.write(work, { message: work.kept.message });
      return;
    }
    if (work.final) return;
    this.finished.add(work);
    const { caller } = this.loop;
    const stopped = caller.stopped();
    const settled = settle({
      held: work.held,
      attempt: work.attempt,
      stopped,
      ...(stopped === "auth" && caller.stopWords !== undefined
        ? { stopText: caller.stopWords }
        : {}),
      reference: work.ref,
      hasId: work.invoice.invoiceId !== undefined,
      hadReference: work.invoice.externalReference !== undefined,
      prior: work.prior,
      drafts: this.opts.drafts,
      roleRefused: stopped === "auth" && isRoleRefusal(caller.stopProblem),
      say: this.opts.say,
    });
    if (work.held.kind === "invoice") {
      work.invoiceId = work.held.invoice.id;
      const num = (work.held.invoice.invoiceNum ?? "").trim();
      if (settled.state === "approved" && num !== "") work.invoiceNum = num;
    }
    this.move(work, settled.state);
    work.message = settled.message;
    noteSettled(work, settled.state);
    this.write(work, rowFields(work, settled));
  }

  /** What the run resolves to. */
  summary(): RunSummary {
    const { loop, works, plan } = this;
    const durationMs = Date.now() - loop.startedAt;
    const { requests, stopWords, connection, stopProblem } = loop.caller;
    const stopReason = loop.stopped();
    const results = works.map(resultOf);
    const keptDrafts = works.filter((w) => w.kept?.state === "created").length;
    return {
      runId: this.runId,
      startedAt: new Date(loop.startedAt),
      counts: { ...loop.counts },
      story: runStory(results, plan.invalidInvoices.length),
      invoices: works.length + plan.invalidInvoices.length,
      results,
      durationMs,
      requests,
      rowUpdateCalls: loop.batcher.calls,
      rowsUpdated: loop.batcher.rows,
      stopped: stopReason,
      ...(stopReason === "auth" && stopWords !== undefined ? { stoppedBecause: stopWords } : {}),
      ...(stopReason === "auth" && isRoleRefusal(stopProblem) ? { refusedByRole: true } : {}),
      connection,
      ...(this.action.before !== undefined ? { keptDrafts } : {}),
      summary: summaryLine(INVOICE_STATES, loop.counts, durationMs, requests, stopReason, {
        say: this.opts.say,
        // English keeps the engine's own state names in this technical line.
        label: (s) => (this.opts.say.language === "en" ? s : stateLabel(s, this.opts.say)),
      }),
    };
  }
}

/** One planned invoice at the start of a run. */
function newWork(invoice: PlannedInvoice): Work {
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
}

/** The changes a settled state adds to the run's story of `work`. */
function noteSettled(work: Work, state: InvoiceState): void {
  const before = work.invoice.status ?? "";
  // An id put in the row by hand, without a status: linked to that invoice, not approved by this run.
  if (
    state !== "invalid" &&
    work.invoice.invoiceId !== undefined &&
    before === "" &&
    work.held.kind === "invoice" &&
    !work.changes.includes("sent for approval")
  )
    noteChange(work, "linked");
  if (state === "approved") noteChange(work, "approved");
  if (state === "failed" && before !== "failed") noteChange(work, "failed");
  if (state === "unknown" && work.attempt.step === "create" && before !== "unknown")
    noteChange(work, "outcome unknown");
}

/** The cells of a settled invoice's rows. */
function rowFields(work: Work, settled: ReturnType<typeof settle>): Omit<RowUpdate, "rowNumber"> {
  const fields: Omit<RowUpdate, "rowNumber"> = { message: settled.message };
  // "queued" at the end: the service's rate limit held it; the cell says "waiting".
  if (settled.writeStatus) fields.status = settled.state === "queued" ? "waiting" : settled.state;
  if (work.invoiceId !== undefined) fields.invoiceId = work.invoiceId;
  if (work.invoiceNum !== undefined) fields.invoiceNum = work.invoiceNum;
  if (work.held.kind === "invoice") {
    // The service's own amounts stand next to the row, as it last answered them.
    const { totalAmountExclVAT, totalAmountInclVAT } = work.held.invoice;
    if (totalAmountExclVAT !== undefined) fields.totalAmountExclVAT = totalAmountExclVAT;
    if (totalAmountInclVAT !== undefined) fields.totalAmountInclVAT = totalAmountInclVAT;
  }
  return fields;
}

/** A run's result for one invoice. */
function resultOf(w: Work): InvoiceResult {
  const held = w.held.kind === "invoice" ? w.held.invoice : undefined;
  return {
    key: w.invoice.key,
    rowNumbers: w.invoice.rowNumbers,
    state: w.state,
    invoiceId: w.invoiceId,
    invoiceNum: w.invoiceNum,
    externalReference: w.ref,
    message: w.message,
    ...(held?.totalAmountExclVAT !== undefined
      ? { totalAmountExclVAT: held.totalAmountExclVAT }
      : {}),
    ...(held?.totalAmountInclVAT !== undefined
      ? { totalAmountInclVAT: held.totalAmountInclVAT }
      : {}),
    before: w.invoice.status ?? "",
    untouched: w.final && !w.kept,
    // No id in the sheet, or an id typed in without a status (a row linked to an invoice by hand).
    ...((w.invoice.invoiceId === undefined || (w.invoice.status ?? "") === "") &&
    w.invoiceId !== undefined &&
    !w.changes.includes("sent for approval") &&
    held !== undefined &&
    !isDraftState(held)
      ? { found: true }
      : {}),
    changes: [...w.changes],
  };
}

/** Past draft in the service (approving, approved, numbered). */
function isDraftState(invoice: Invoice): boolean {
  return (invoice.status ?? "").toLowerCase() === "created";
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
    else if (r.state === "approved") {
      story.approved += 1;
      if (r.found) story.found = (story.found ?? 0) + 1;
    } else if (r.state === "failed") story.failed += 1;
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
 * Reads a batch of invoices by id (read-by-id.ts) and settles each one's `held`: the invoice, none
 * (the service's "not found": the row is refused), or open when the read failed.
 */
async function readBatch(ctx: RunContext, batch: Work[]): Promise<void> {
  const say = ctx.options.say;
  const byId = new Map(batch.map((w) => [w.invoiceId!.toLowerCase(), w]));
  try {
    await readByIds(
      ctx.client,
      batch.map((w) => w.invoiceId!),
      (task) => ctx.call("continue", task),
      (id, outcome) => {
        const work = byId.get(id.toLowerCase())!;
        if ("invoice" in outcome) work.held = { kind: "invoice", invoice: outcome.invoice };
        else if (outcome.error instanceof RunStopped || isAuthError(outcome.error)) return;
        else if (isNotFoundError(outcome.error)) {
          work.held = { kind: "none" };
          work.attempt.refused = true;
          work.attempt.said = say("row.noSuchInvoice", { id: work.invoiceId! });
        } else {
          work.held = { kind: "open" };
          work.attempt.said = describeError(outcome.error, "act.readInvoice", say);
        }
      }
    );
  } catch (error) {
    if (error instanceof RunStopped || isAuthError(error)) return;
    for (const work of batch) {
      work.held = { kind: "open" };
      work.attempt.said = describeError(error, "act.readInvoice", say);
    }
  }
}

/** A read waiting in ctx.read. */
interface PendingRead {
  id: string;
  resolve: (invoice: Invoice) => void;
  reject: (error: unknown) => void;
}

/** One batched read (read-by-id.ts) for reads asked for together; each resolves as it is answered. */
async function readTogether(
  ctx: RunContext,
  priority: SlotPriority,
  batch: PendingRead[]
): Promise<void> {
  const waiting = new Map<string, PendingRead[]>();
  for (const r of batch) {
    const id = r.id.toLowerCase();
    waiting.set(id, [...(waiting.get(id) ?? []), r]);
  }
  try {
    await readByIds(
      ctx.client,
      [...waiting.values()].map((reads) => reads[0]!.id),
      (task) => ctx.call(priority, task),
      (id, outcome) => {
        for (const r of waiting.get(id.toLowerCase()) ?? [])
          if ("invoice" in outcome) r.resolve(outcome.invoice);
          else r.reject(outcome.error);
      },
      { oneByGet: true }
    );
  } catch (error) {
    for (const r of batch) r.reject(error);
  }
}

/** Step 4: reads back once more what is still open after a cut (by id in batches, or by reference). */
async function reconcileAgain(ctx: RunContext, works: Work[]): Promise<void> {
  const open = works.filter((w) => !w.final && w.held.kind === "open" && !w.attempt.refused);
  const byId = open.filter((w) => w.invoiceId !== undefined);
  const byRef = open.filter((w) => w.invoiceId === undefined && w.ref !== undefined);
  const reads: Promise<void>[] = [];
  for (let i = 0; i < byId.length; i += READ_BATCH_SIZE)
    reads.push(readBatch(ctx, byId.slice(i, i + READ_BATCH_SIZE)));
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
