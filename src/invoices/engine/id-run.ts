/**
 * The run of an action on invoices the sheet names by id — discard drafts, send, credit, mark as sent
 * (docs/developers/rules.md#truth-of-a-run). One loop for every such action; what differs is the action's
 * table (id-action.ts, src/invoices/actions/). A run is four steps:
 * 1. Read the invoices to act on once more (batched), right before acting: a re-run, a resume or
 *    another window may have acted on one since the confirmation (the action sorts them again).
 * 2. Act: in bulk with exact ids (≤ 100 a request) where the service offers it, else one by one.
 *    A cut answer (or a 5xx) is settled by reading the invoices back, never by asking blindly.
 * 3. What the action does after (send: read back until done; credit: the credit notes' numbers).
 * 4. Every invoice's rows are written from what the service holds.
 * Calls go through the run's caller: slot pool, rate-limit waits, sign-in stop, row batching.
 */
import { isAuthError, isRateLimitError } from "../../api";
import { BULK_CHUNK_SIZE } from "../../api";
import type {
  BillingClient,
  BulkOutcome,
  Invoice,
  SendChannel,
  ServiceErrorEntry,
} from "../../api";
import { describeError, type ErrorAction } from "../describe-error";
import type { RowUpdate } from "../sheet-types";
import { resolveActionOptions } from "./action-options";
import type { ResolvedActionOptions } from "./action-options";
import { ACTION_STATES } from "./action-types";
import type {
  ActionChange,
  ActionCounts,
  ActionPreparation,
  ActionRefusal,
  ActionResult,
  ActionRunOptions,
  ActionState,
  ActionSummary,
  PreparedItem,
} from "./action-types";
import type { IdAction, IdRunner, IdWork } from "./id-action";

export type { IdWork } from "./id-action";
import { entriesWords, headline, participleOf, summariseActions } from "./id-words";
import { readInvoices, sortPrepared } from "./prepare";
import type { HeldInvoices } from "./prepare";
import type { RunCaller } from "./run-caller";
import { ChunkSkipped, sendChunk, sortOutcome } from "./bulk-chunk";
import { RunLoop } from "./run-loop";
import { newRunId } from "./run-options";
import { RunStopped, isRoleRefusal, lower } from "./stop";

/** Runs `action` on the invoices of `preparation` (see the module comment). */
export async function runIdAction(
  client: BillingClient,
  action: IdAction,
  preparation: ActionPreparation,
  options: ActionRunOptions = {}
): Promise<ActionSummary> {
  const run = new IdRun(client, action, preparation, options);
  await run.run();
  return run.summary();
}

/** One run of an id action: its state, and the steps every action shares. */
export class IdRun implements IdRunner {
  readonly opts: ResolvedActionOptions;
  readonly startedAt: number;
  readonly runId: string;
  readonly channel: SendChannel;
  readonly counts: ActionCounts;
  readonly refused: ActionRefusal[];
  readonly works: IdWork[];
  readonly caller: RunCaller;
  /** The action's past participle in the run's language ("sent", "verzonden"). */
  readonly participle: string;
  /** Invoices the action left to be read back together after acting (credit: bulk credits). */
  readonly toReadBack: IdWork[] = [];
  private readonly loop: RunLoop<ActionState>;

  constructor(
    readonly client: BillingClient,
    readonly action: IdAction,
    readonly preparation: ActionPreparation,
    options: ActionRunOptions
  ) {
    this.opts = resolveActionOptions(options);
    this.loop = new RunLoop(client, ACTION_STATES, {
      concurrency: this.opts.concurrency,
      rateLimitBudgetMs: this.opts.rateLimitBudgetMs,
      flushIntervalMs: this.opts.flushIntervalMs,
      maxBatchSize: this.opts.maxBatchSize,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.onRowUpdates ? { onRowUpdates: options.onRowUpdates } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      say: this.opts.say,
    });
    this.startedAt = this.loop.startedAt;
    this.counts = this.loop.counts;
    this.caller = this.loop.caller;
    this.runId = options.runId ?? newRunId(new Date(this.startedAt));
    const request = preparation.plan.request;
    this.channel = request.channel ?? "email";
    this.participle = participleOf(this.action, this.opts.say);
    this.refused = [...preparation.refused];
    this.counts.refused = this.refused.length;
    this.works = [
      ...preparation.toDo.map((item) => newWork(item, "queued", false)),
      ...preparation.alreadyDone.map((item) => newWork(item, "already done", true)),
    ];
    for (const w of this.works) this.counts[w.state] += 1;
  }

  /** The four steps (see the module comment), as a run of the one loop (run-loop.ts). */
  async run(): Promise<void> {
    // Rows the service refused while the sheet called them approved get the reason; rows the sheet
    // itself refuses keep their own cells (their message says why they are not approved).
    const planned = new Set(this.preparation.plan.items.map((i) => i.key));
    for (const r of this.preparation.refused)
      if (r.invoiceId !== undefined && planned.has(r.invoiceId.toLowerCase()))
        this.loop.write(r.rowNumbers, { message: r.message });
    await this.loop.run({
      act: async () => {
        // Step 1: what the service holds right before acting.
        await this.reread(this.works.filter((w) => w.state === "queued"));
        // Step 2.
        await this.action.act(
          this,
          this.works.filter((w) => w.state === "queued")
        );
        // Step 3.
        await this.action.after?.(this);
      },
      // Step 4: the action's case of the one settle.
      settle: () => {
        for (const work of this.works) {
          this.conclude(work);
          this.writeRow(work);
        }
      },
    });
  }

  /** Moves `work` to `state`; a settled invoice's rows are written as it settles. */
  move(work: IdWork, state: ActionState): void {
    this.loop.move(work.state, state);
    work.state = state;
    this.loop.batcher.touch();
    if (state !== "queued" && state !== "working") this.writeRow(work);
  }

  write(work: IdWork, fields: Omit<RowUpdate, "rowNumber">): void {
    this.loop.write(work.item.rowNumbers, fields);
  }

  note(work: IdWork, change: ActionChange): void {
    if (!work.changes.includes(change)) work.changes.push(change);
  }

  /** Reads ids through the run's calls (batched; "not found" is the service's word). */
  readBack(
    ids: readonly string[],
    priority: "continue" | "poll" = "continue",
    settling = false
  ): Promise<HeldInvoices> {
    return readInvoices(this.client, ids, undefined, (task) =>
      this.caller.call(priority, task, settling)
    );
  }

  /**
   * Reads back the invoices of calls whose answers were lost. When that fails too (or the run
   * stopped), each is left `unknown` with `open(failedToo)` as its message, and undefined returned.
   */
  async readBackOrOpen(
    list: IdWork[],
    open: (failedToo: boolean) => string
  ): Promise<HeldInvoices | undefined> {
    try {
      return await this.readBack(
        list.map((w) => w.item.invoiceId),
        "continue",
        true
      );
    } catch (error) {
      const failedToo = !(error instanceof RunStopped || isAuthError(error));
      for (const w of list) {
        w.message = open(failedToo);
        this.move(w, "unknown");
      }
      return undefined;
    }
  }

  /**
   * Settles calls whose answers were lost by reading the invoices back (readBackOrOpen): each one
   * read goes to `onBack`; one the service no longer knows goes to `onGone`, or fails in the
   * action's words (`goneWords` on its own cell). False when the read-back failed too.
   */
  async readBackEach(
    list: IdWork[],
    open: (failedToo: boolean) => string,
    onBack: (work: IdWork, back: Invoice) => void,
    onGone: ((work: IdWork) => void) | { goneWords: string }
  ): Promise<boolean> {
    const held = await this.readBackOrOpen(list, open);
    if (held === undefined) return false;
    for (const w of list) {
      const back = held.get(w.item.key);
      if (back !== null && back !== undefined) {
        w.invoice = back;
        onBack(w, back);
      } else if (typeof onGone === "function") onGone(w);
      else
        this.failWith(
          w,
          onGone.goneWords,
          this.opts.say("id.row.gone", { participle: this.participle, id: w.item.invoiceId })
        );
    }
    return true;
  }

  /** Step 1: reads `list` back; those now done or refused leave the queue. */
  private async reread(list: IdWork[]): Promise<void> {
    if (list.length === 0) return;
    let held: HeldInvoices;
    try {
      held = await this.readBack(list.map((w) => w.item.invoiceId));
    } catch (error) {
      if (error instanceof RunStopped || isAuthError(error)) return;
      const said = describeError(error, "act.readBeforeActing", this.opts.say);
      for (const w of list) {
        w.message = this.opts.say("id.row.notDoneReadFirst", {
          participle: this.participle,
          reason: lower(said),
        });
        this.move(w, "not sent");
      }
      return;
    }
    const request = this.preparation.plan.request;
    const sorted = sortPrepared(
      this.action,
      { request, items: list.map((w) => w.item), refused: [] },
      held,
      this.opts.say
    );
    const byKey = new Map(list.map((w) => [w.item.key, w]));
    for (const p of sorted.toDo) {
      const w = byKey.get(p.key)!;
      w.invoice = p.invoice;
      w.item = { ...w.item, invoice: p.invoice, retry: p.retry ?? false };
    }
    for (const p of sorted.alreadyDone) {
      const w = byKey.get(p.key)!;
      w.invoice = p.invoice;
      w.wasDone = true;
      if (p.creditNoteId !== undefined) w.creditNoteId = p.creditNoteId;
      if (p.gone) w.gone = true;
      this.move(w, "already done");
    }
    for (const r of sorted.refused) {
      const w = byKey.get((r.invoiceId ?? "").toLowerCase());
      if (w === undefined) continue;
      w.refusal = r.message;
      w.message = r.message;
      this.move(w, "refused");
    }
  }

  /** The service refused the action for `work` (its reasons); nothing was done. */
  refusedBy(work: IdWork, entries: readonly ServiceErrorEntry[]): void {
    const { say } = this.opts;
    const what = say(this.action.refusalWhat(this.channel));
    // The action's own cell (send: `sent`) keeps English; the message is in the run's words.
    this.failWith(
      work,
      entriesWords(entries),
      say("id.row.refused", {
        what,
        words: entriesWords(entries, say),
        participle: this.participle,
      })
    );
  }

  failWith(work: IdWork, words: string, message: string): void {
    this.action.onFail?.(work, words);
    work.message = message;
    if (!(this.action.failedBefore?.(work) ?? false)) this.note(work, "failed");
    this.move(work, "failed");
  }

  /** A call that never reached the service (unreachable before sending): nothing was done. */
  notSent(work: IdWork, error: unknown, what: ErrorAction): void {
    work.message = this.notDone(describeError(error, what, this.opts.say));
    this.move(work, "not sent");
  }

  /** "Not sent: {reason}" in the run's words (`said`: a sentence, lower-cased here). */
  notDone(said: string): string {
    return this.opts.say("id.row.notDone", { participle: this.participle, reason: lower(said) });
  }

  /** Stopped before asking, or a 429 past the budget: nothing was done; true when so. */
  nothingDone(work: IdWork, error: unknown): boolean {
    if (!(error instanceof RunStopped || isAuthError(error) || isRateLimitError(error)))
      return false;
    if (work.state === "working") this.move(work, "queued");
    return true;
  }

  /**
   * Acts on `list` in bulk chunks (≤ 100 exact ids); resolves to those that must go one by one
   * (the service offers no bulk operation). Chunks go out through the run's pool.
   */
  async inBulk(
    list: IdWork[],
    onAccepted: (work: IdWork) => void,
    onCut: (chunk: IdWork[], said: string) => Promise<IdWork[]>
  ): Promise<IdWork[]> {
    const bulk = this.opts.bulk ? this.action.bulkCall(this.client) : undefined;
    if (bulk === undefined) return list;
    const single: IdWork[] = [];
    const state = { offered: true };
    const chunks: IdWork[][] = [];
    for (let i = 0; i < list.length; i += BULK_CHUNK_SIZE)
      chunks.push(list.slice(i, i + BULK_CHUNK_SIZE));
    const call = (ids: string[]) => bulk(ids, this.channel);
    await Promise.all(
      chunks.map(async (chunk) => {
        single.push(...(await this.bulkChunk(chunk, state, call, onAccepted, onCut)));
      })
    );
    return single;
  }

  /** One bulk chunk (bulk-chunk.ts); resolves to those that go one by one. */
  private async bulkChunk(
    chunk: IdWork[],
    state: { offered: boolean },
    call: (ids: string[]) => Promise<BulkOutcome>,
    onAccepted: (work: IdWork) => void,
    onCut: (chunk: IdWork[], said: string) => Promise<IdWork[]>
  ): Promise<IdWork[]> {
    if (!state.offered) return chunk;
    const answer = await sendChunk(
      (send) => this.caller.call("start", send),
      () => {
        if (!state.offered) throw new ChunkSkipped();
        for (const w of chunk) if (w.state === "queued") this.move(w, "working");
        return call(chunk.map((w) => w.item.invoiceId));
      },
      this.action.bulkWhat,
      this.opts.say
    );
    if (answer.kind !== "answered")
      for (const w of chunk) if (w.state === "working") this.move(w, "queued");
    switch (answer.kind) {
      case "answered":
        sortOutcome(new Map(chunk.map((w) => [w.item.key, w])), answer.outcome, {
          refused: (w, entries, general) => {
            if (general || !(this.action.onBulkRefused?.(this, w, entries) ?? false))
              this.refusedBy(w, entries);
          },
          accepted: onAccepted,
          unnamed: (w) => {
            if (w.state === "working") this.move(w, "queued");
          },
        });
        return [];
      case "not offered":
        // Nothing was done: each invoice is acted on alone (and every later chunk too).
        state.offered = false;
        return chunk;
      case "stopped":
      case "rate-limited":
        return [];
      case "not sent":
        for (const w of chunk) {
          w.message = this.notDone(answer.said);
          this.move(w, "not sent");
        }
        return [];
      case "cut":
        return await onCut(chunk, answer.said);
    }
  }

  /** At the end: an invoice not settled yet is settled from what was attempted and the stop. */
  private conclude(work: IdWork): void {
    if (work.state !== "queued" && work.state !== "working") return;
    if (work.state === "working" && (this.action.concludeWorking?.(this, work) ?? false)) return;
    const { say } = this.opts;
    const participle = this.participle;
    if (work.state === "working") {
      work.message = say("id.row.stoppedWhile", { participle });
      this.move(work, "unknown");
      return;
    }
    const stopped = this.caller.stopped();
    const state: ActionState =
      stopped === "rate-limited" ? "waiting" : stopped === "cancelled" ? "cancelled" : "not sent";
    work.message =
      stopped === "rate-limited"
        ? say("id.row.waiting")
        : stopped === "auth"
          ? say("id.row.notDone", {
              participle,
              reason: this.caller.stopWords ?? say("id.row.credentials"),
            })
          : stopped === "cancelled"
            ? say("id.row.cancelledBefore", { participle })
            : say("id.row.stoppedBefore", { participle });
    this.move(work, state);
  }

  /** Writes `work`'s rows from what the service holds (as last read) and what was attempted. */
  private writeRow(work: IdWork): void {
    const fields = this.action.rowFields(this, work);
    if (Object.keys(fields).length > 0) this.write(work, fields);
  }

  /** What the run resolves to. */
  summary(): ActionSummary {
    const durationMs = Date.now() - this.startedAt;
    const results = this.works.map(resultOf);
    // Service-side refusals found in step 1 join the refusals.
    const refused = [...this.refused];
    for (const w of this.works)
      if (w.state === "refused" && w.refusal !== undefined)
        refused.push({
          rowNumbers: [...w.item.rowNumbers],
          invoiceId: w.item.invoiceId,
          message: w.refusal,
        });
    const { caller, counts } = this;
    const stopped = caller.stopped();
    const changed = results.filter((r) =>
      r.changes.some((c) => this.action.changes.includes(c))
    ).length;
    const name = this.action.name;
    return {
      runId: this.runId,
      startedAt: new Date(this.startedAt),
      action: name,
      ...(this.action.channels ? { channel: this.channel } : {}),
      results,
      refused,
      counts: { ...counts },
      changed,
      ...(stopped !== undefined ? { stopped } : {}),
      ...(stopped === "auth" && caller.stopWords !== undefined
        ? { stoppedBecause: caller.stopWords }
        : {}),
      ...(stopped === "auth" && isRoleRefusal(caller.stopProblem) ? { refusedByRole: true } : {}),
      neverReached: this.works.filter((w) => w.state === "not sent" && w.reached !== true).length,
      durationMs,
      requests: caller.requests,
      headline: headline(
        this.action,
        results,
        counts,
        changed,
        stopped,
        caller.stopWords,
        this.opts.say
      ),
      summary: summariseActions(counts, durationMs, caller.requests, stopped, {
        action: this.action,
        say: this.opts.say,
      }),
    };
  }
}

function newWork(item: PreparedItem, state: ActionState, wasDone: boolean): IdWork {
  return {
    item,
    state,
    invoice: item.invoice,
    changes: [],
    sends: 0,
    wasDone,
    ...(item.creditNoteId !== undefined ? { creditNoteId: item.creditNoteId } : {}),
    ...(item.creditNoteNum !== undefined ? { creditNoteNum: item.creditNoteNum } : {}),
    ...(item.gone ? { gone: true } : {}),
  };
}

function resultOf(w: IdWork): ActionResult {
  return {
    key: w.item.key,
    invoiceId: w.item.invoiceId,
    rowNumbers: [...w.item.rowNumbers],
    state: w.state,
    ...(w.sent !== undefined ? { sent: w.sent } : {}),
    ...(w.creditNoteId !== undefined ? { creditNoteId: w.creditNoteId } : {}),
    ...(w.creditNoteNum !== undefined ? { creditNoteNum: w.creditNoteNum } : {}),
    ...(w.invoice.invoiceNum ? { invoiceNum: w.invoice.invoiceNum } : {}),
    ...(w.invoice.totalAmountInclVAT !== undefined
      ? { totalInclVAT: w.invoice.totalAmountInclVAT }
      : {}),
    ...(w.message !== undefined ? { message: w.message } : {}),
    changes: [...w.changes],
  };
}
