/**
 * The approve step in bulk (docs/developers/rules.md#after-approval): drafts that reach their approve
 * wait here, grouped by `invoiceDate` (one date per request), and go out as one
 * `Invoices/bulk/approve` naming exactly their ids (≤ 100; the api refuses an empty list). A group
 * goes out when it is full, when no other invoice of the run can still join it, after
 * {@link BULK_WAIT_MS}, or when only {@link TAIL_DRAFTS} invoices are left to join. Where the
 * service does not offer bulk approval (the interface dialect; 404/405) every draft falls back to
 * its own approve. A cut answer is settled by reading the drafts back (one batched read): those
 * past draft were approved; those still drafts are sent again, never blindly; a `success: true`
 * answer is confirmed by the first poll, never trusted alone.
 */
import { BULK_CHUNK_SIZE, isAuthError } from "../../api";
import type { BulkOutcome, Invoice } from "../../api";
import { entriesText } from "../describe-error";
import { sendChunk, sortOutcome } from "./bulk-chunk";
import { noteChange } from "./work";
import { RunStopped } from "./stop";
import type { BulkApproveStep, BulkVerdict, RunContext, Work } from "./work";
import { readByIds } from "./read-by-id";
import { isDraft } from "./settle";
import { APPROVAL_PROBES } from "./approval-timing";

/** Longest a draft waits for others to join its bulk request (a slow create holds no one up). */
export const BULK_WAIT_MS = 1000;
/**
 * The first request of a run that learns its approval time goes out with this many drafts: they
 * are the probes (approval-timing.ts), and the sooner they are approved, the sooner the rest know
 * when to poll and the earlier the probes' own last polls end (docs/benchmarks/invoices.md).
 */
export const FIRST_BULK_SIZE = APPROVAL_PROBES;
/**
 * The last request of a run carries at most this many drafts: the drafts waiting when only this
 * many invoices are left to reach their approve go out then, so that the last request's reads
 * take one round of parallel reads when its numbers appear (6 slots × 4 ids, run-invoices.ts
 * `readParts`: one page each even of the simulator's 4-item pages), and the bigger request before
 * it has been read by then. Measured in bench:invoices: a last request of 92 drafts was read back
 * 420 ms after its numbers appeared; one of 48, 55 ms (2 pages a part); one of 24, one page.
 */
export const TAIL_DRAFTS = 24;
/** Bulk approves sent for one draft whose answers were cut while it stayed a draft after each. */
const MAX_BULK_SENDS = 3;

interface Entry {
  work: Work;
  draft: Invoice;
  sends: number;
  resolve: (verdict: BulkVerdict) => void;
  reject: (error: unknown) => void;
}

/** See the module comment; one per run. */
export class BulkApprover implements BulkApproveStep {
  private readonly groups = new Map<string, Entry[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly arrived = new Set<Work>();
  /** Invoices of the run that may still reach their approve. */
  private expected: number;
  /** False once the service answered that it has no bulk approval. */
  private offered = true;
  /** No bulk request has gone out yet in this run. */
  private first = true;
  /** The drafts waiting when {@link TAIL_DRAFTS} invoices were left have gone out (or no need). */
  private tailSent: boolean;

  constructor(
    private readonly ctx: RunContext,
    expected: number
  ) {
    this.expected = expected;
    this.tailSent = expected <= TAIL_DRAFTS;
  }

  /** `work`'s draft is ready to approve: resolves when its bulk request was answered (or settled). */
  approve(work: Work, draft: Invoice): Promise<BulkVerdict> {
    if (!this.offered) return Promise.resolve("single");
    this.arrive(work);
    return new Promise<BulkVerdict>((resolve, reject) => {
      this.enqueue({ work, draft, sends: 0, resolve, reject });
    });
  }

  /** `work` will not reach its approve (finished, failed, or a draft run): others need not wait. */
  leave(work: Work): void {
    this.arrive(work);
    this.flushReady();
  }

  private arrive(work: Work): void {
    if (this.arrived.has(work)) return;
    this.arrived.add(work);
    this.expected -= 1;
  }

  private enqueue(entry: Entry): void {
    const date = entry.work.invoice.invoiceDate;
    const group = this.groups.get(date) ?? [];
    group.push(entry);
    this.groups.set(date, group);
    if (!this.timers.has(date))
      this.timers.set(
        date,
        setTimeout(() => this.flush(date), BULK_WAIT_MS)
      );
    this.flushReady();
  }

  /** Sends every group that is full, or all of them when no one else can join. */
  private flushReady(): void {
    const probes = this.first && this.ctx.timing !== undefined;
    const full = probes ? FIRST_BULK_SIZE : BULK_CHUNK_SIZE;
    // Within the tail: what waits goes now, so that the last request stays small. Not before the
    // probes' first request, which then carries what waits.
    const tail = !this.tailSent && this.expected <= TAIL_DRAFTS;
    for (const [date, group] of [...this.groups]) {
      if (group.length >= full || (tail && !probes) || this.expected <= 0 || this.ctx.stopped())
        this.flush(date);
    }
    if (tail && !(this.first && this.ctx.timing !== undefined)) this.tailSent = true;
  }

  private flush(date: string): void {
    const timer = this.timers.get(date);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(date);
    const group = this.groups.get(date) ?? [];
    this.groups.delete(date);
    if (group.length > 0) this.first = false;
    for (let i = 0; i < group.length; i += BULK_CHUNK_SIZE)
      void this.send(date, group.slice(i, i + BULK_CHUNK_SIZE));
  }

  /** One bulk request for `chunk` (bulk-chunk.ts), and what follows from its answer. */
  private async send(date: string, chunk: Entry[]): Promise<void> {
    if (!this.offered) return chunk.forEach((e) => e.resolve("single"));
    const { ctx } = this;
    const ids = chunk.map((e) => e.draft.id);
    // The highest priority: one request approves up to 100 drafts, and every draft's approval
    // time counts from its answer, so it does not wait behind the queued creates.
    const answer = await sendChunk(
      (send) => ctx.call("probe", send),
      () => {
        for (const e of chunk) e.work.attempt.step = "approve";
        return ctx.client.bulkApprove(ids, date);
      },
      "act.approveInvoices",
      ctx.options.say
    );
    switch (answer.kind) {
      case "answered":
        return this.settleAnswer(chunk, answer.outcome);
      case "not offered":
        this.offered = false;
        // Nothing was done: each draft gets its own approve (and every later one too).
        for (const group of this.groups.values()) group.forEach((e) => e.resolve("single"));
        this.groups.clear();
        return chunk.forEach((e) => e.resolve("single"));
      case "stopped":
        return chunk.forEach((e) => e.reject(answer.error));
      case "not sent":
      case "rate-limited":
        if (answer.kind === "not sent") ctx.stop("unreachable");
        for (const e of chunk) e.work.attempt.said = answer.said;
        return chunk.forEach((e) => e.resolve("not"));
      case "cut":
        return await this.readBack(date, chunk, answer.said);
    }
  }

  /** The service answered: refused drafts failed with its reasons; the rest are confirmed by polls. */
  private settleAnswer(chunk: Entry[], outcome: BulkOutcome): void {
    const unnamed: Entry[] = [];
    sortOutcome(new Map(chunk.map((e) => [e.draft.id.toLowerCase(), e])), outcome, {
      refused: (e, entries) => {
        e.work.attempt.refused = true;
        const say = this.ctx.options.say;
        const words = entriesText(entries) || say("row.noReason");
        e.work.attempt.said = say("row.bulkRefused", { words });
        e.resolve("not");
      },
      accepted: (e) => {
        e.work.attempt.said = undefined;
        e.resolve("sent");
      },
      unnamed: (e) => unnamed.push(e),
    });
    // Not named anywhere: cancelled before it went (still a draft), or no longer a draft when the
    // request came (another pane approved it meanwhile): read back, so the row says which.
    if (unnamed.length === 0) return;
    if (this.ctx.stopped() !== undefined) return unnamed.forEach((e) => e.resolve("not"));
    void this.readUnnamed(unnamed);
  }

  /** Reads back drafts a bulk answer did not name; those past draft are followed by their polls. */
  private async readUnnamed(entries: Entry[]): Promise<void> {
    const { ctx } = this;
    try {
      const back = await readDrafts(ctx, entries);
      for (const e of entries) {
        const invoice = back.get(e.draft.id.toLowerCase());
        if (invoice !== undefined) e.work.held = { kind: "invoice", invoice };
      }
    } catch (error) {
      if (error instanceof RunStopped || isAuthError(error))
        return entries.forEach((e) => e.reject(error));
    }
    entries.forEach((e) => e.resolve("not"));
  }

  /** A cut answer: read the drafts back; approved ones went through, drafts go again (≤ 3 sends). */
  private async readBack(date: string, chunk: Entry[], said: string): Promise<void> {
    const { ctx } = this;
    let byId: Map<string, Invoice>;
    try {
      byId = await readDrafts(ctx, chunk);
    } catch (error) {
      if (error instanceof RunStopped || isAuthError(error))
        return chunk.forEach((e) => e.reject(error));
      for (const e of chunk) e.work.attempt.said = ctx.options.say("row.readBackFailed", { said });
      return chunk.forEach((e) => e.resolve("not"));
    }
    const again: Entry[] = [];
    for (const e of chunk) {
      const back = byId.get(e.draft.id.toLowerCase());
      if (back !== undefined && !isDraft(back)) {
        // Past draft after this run's bulk approve: it went through.
        e.work.held = { kind: "invoice", invoice: back };
        noteChange(e.work, "sent for approval");
        e.resolve("sent");
      } else if (back !== undefined && e.sends + 1 < MAX_BULK_SENDS && !ctx.stopped()) {
        again.push({ ...e, draft: back, sends: e.sends + 1 });
      } else {
        e.work.attempt.said = said;
        e.resolve("not");
      }
    }
    // Read back as drafts: the approve did not happen, so sending it again is not blind.
    if (again.length > 0) await this.send(date, again);
  }
}

/** The drafts of `entries` as the service holds them now, by lower-cased id (one batched read). */
async function readDrafts(
  ctx: RunContext,
  entries: readonly Entry[]
): Promise<Map<string, Invoice>> {
  const back = new Map<string, Invoice>();
  await readByIds(
    ctx.client,
    entries.map((e) => e.draft.id),
    (task) => ctx.call("continue", task),
    (id, outcome) => {
      if ("invoice" in outcome) back.set(id.toLowerCase(), outcome.invoice);
    },
    // An approve's read-back: a draft the answer leaves out is settled by its own poll.
    { alone: false }
  );
  return back;
}
