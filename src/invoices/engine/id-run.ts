/**
 * The send and credit runs (issue 21; DESIGN.md "Truth of a run"). A run is four steps:
 * 1. Read the invoices to act on once more (batched), right before acting: a re-run, a resume or
 *    another window may have sent or credited one since the confirmation.
 * 2. Act: in bulk with exact ids (≤ 100 a request) where the service offers it, else one by one.
 *    A cut answer (or a 5xx) is settled by reading the invoices back: a send the service shows under
 *    way went through; one it shows not sent is sent again (at most 3 sends, never blindly); a
 *    credit is NEVER asked again in the run — read back, it is credited (its credit note is found
 *    through `creditedByInvoiceId`) or it is not, and the row says which.
 * 3. Sends: read back (batched, every 2–3 s) until `sent`, `failed` or `skipped`, or the time-out
 *    (`pending`: run again to see the outcome; it is not sent again).
 * 4. Every invoice's rows are written from what the service holds.
 * Calls go through the invoice run's parts: slot pool, rate-limit waits, sign-in stop, row batching.
 */
import Big from "big.js";
import {
  isAuthError,
  isBulkNotOffered,
  isNotSentError,
  isRateLimitError,
  isUnavailableError,
  isValidationError,
  BULK_CHUNK_SIZE,
} from "../../api";
import type {
  BillingClient,
  BulkOutcome,
  Invoice,
  SendChannel,
  ServiceErrorEntry,
} from "../../api";
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
import { ACTION_STATES } from "./action-types";
import { describeError } from "../describe-error";
import { RunStopped, lower } from "./stop";
import { actionVerb } from "./plan-ids";
import { readInvoices, sortPrepared } from "./prepare";
import type { HeldInvoices } from "./prepare";
import { RowUpdateBatcher, flushWithRetries } from "./row-update-batcher";
import { ProgressReporter, RunCaller } from "./run-caller";
import { newRunId } from "./run-options";
import { resolveActionOptions } from "./action-options";
import { entriesWords, headline, sendFailureWords, sentWords, summariseActions } from "./id-words";
import type { RowUpdate } from "../sheet-types";

/** Sends for one invoice whose answers were cut while the service showed it not sent after each. */
export const MAX_SENDS = 3;
/** How often the progress looks whether the service's rate limit holds the run. */
const PAUSE_CHECK_MS = 500;

/** One invoice during a run. */
interface Work {
  item: PreparedItem;
  state: ActionState;
  /** What the service held when last read (or answered). */
  invoice: Invoice;
  message?: string;
  /** Send: the `sent` cell's words. */
  sent?: string;
  creditNoteId?: string;
  creditNoteNum?: string;
  changes: ActionChange[];
  /** Send: sends made by this run. */
  sends: number;
  /** Send: read back until done, until this time. */
  followUntil?: number;
  /** Send: accepted, not read back yet (its held `sent` may be an earlier send's). */
  awaitingRead?: boolean;
  /** Came from the preparation's alreadyDone (its state stays "already done"). */
  wasDone: boolean;
  /** Refused by the service in step 1 (re-read). */
  refusal?: string;
}

/** A sent state after which nothing changes by itself. */
const isSendFinal = (sent: string | undefined) =>
  sent === "sent" || sent === "failed" || sent === "skipped";
/** The service shows a send under way or done (a cut send went through). */
const isSendUnderWay = (sent: string | undefined) =>
  sent === "sending" || sent === "printing" || sent === "sent" || sent === "skipped";

/** Sends or credits the invoices of `preparation` (see the module comment). */
export async function runInvoiceActions(
  client: BillingClient,
  preparation: ActionPreparation,
  options: ActionRunOptions = {}
): Promise<ActionSummary> {
  const opts = resolveActionOptions(options);
  const startedAt = Date.now();
  const runId = options.runId ?? newRunId(new Date(startedAt));
  const request = preparation.plan.request;
  const action = request.action;
  const channel: SendChannel = request.channel ?? "email";
  const verb = actionVerb(request);
  const counts = Object.fromEntries(ACTION_STATES.map((s) => [s, 0])) as ActionCounts;
  const refused: ActionRefusal[] = [...preparation.refused];
  counts.refused = refused.length;

  const works: Work[] = [
    ...preparation.toDo.map((item) => newWork(item, "queued", false)),
    ...preparation.alreadyDone.map((item) => newWork(item, "already done", true)),
  ];
  for (const w of works) counts[w.state] += 1;

  const caller = new RunCaller(client, {
    concurrency: opts.concurrency,
    rateLimitBudgetMs: opts.rateLimitBudgetMs,
  });
  const progress = new ProgressReporter(caller, counts, options.onProgress);
  const emitProgress = progress.emit;
  const batcher = new RowUpdateBatcher(options.onRowUpdates ?? (() => undefined), {
    flushIntervalMs: opts.flushIntervalMs,
    maxBatchSize: opts.maxBatchSize,
    onTick: emitProgress,
  });
  const onAbort = () => caller.stop("cancelled");
  if (options.signal?.aborted) caller.stop("cancelled");
  options.signal?.addEventListener("abort", onAbort);
  const pauseWatch = options.onProgress ? setInterval(emitProgress, PAUSE_CHECK_MS) : undefined;

  const move = (work: Work, state: ActionState) => {
    counts[work.state] -= 1;
    counts[state] += 1;
    work.state = state;
    progress.changed();
    batcher.touch();
    // A settled invoice's rows are written as it settles, not at the end only.
    if (state !== "queued" && state !== "working") writeRow(work);
  };
  const write = (work: Work, fields: Omit<RowUpdate, "rowNumber">) => {
    batcher.add(work.item.rowNumbers.map((rowNumber) => ({ rowNumber, ...fields })));
    if (batcher.broken) caller.stop("sheet-write");
  };
  /** Credits a bulk request took: read back together for their credit notes. */
  const pendingCredits: Work[] = [];
  const note = (work: Work, change: ActionChange) => {
    if (!work.changes.includes(change)) work.changes.push(change);
  };
  /** Reads ids through the run's calls (batched; "not found" is the service's word). */
  const readBack = (
    ids: readonly string[],
    priority: "continue" | "poll" = "continue",
    settling = false
  ) => readInvoices(client, ids, undefined, (task) => caller.call(priority, task, settling));

  // Rows the service refused while the sheet called them approved get the reason; rows the sheet
  // itself refuses keep their own cells (their message says why they are not approved).
  const planned = new Set(preparation.plan.items.map((i) => i.key));
  for (const r of preparation.refused)
    if (r.invoiceId !== undefined && planned.has(r.invoiceId.toLowerCase()))
      batcher.add(r.rowNumbers.map((rowNumber) => ({ rowNumber, message: r.message })));

  try {
    // Step 1: what the service holds right before acting.
    const toAct = works.filter((w) => w.state === "queued");
    await reread(toAct);
    // Step 2.
    const acting = works.filter((w) => w.state === "queued");
    if (action === "send") await sendAll(acting);
    else await creditAll(acting);
    // Step 3: sends under way (this run's, and those an earlier run left being sent).
    if (action === "send") await follow();
    else await fillCreditNoteNumbers();
  } finally {
    if (pauseWatch !== undefined) clearInterval(pauseWatch);
    options.signal?.removeEventListener("abort", onAbort);
    // Step 4.
    for (const work of works) {
      conclude(work);
      writeRow(work);
    }
    batcher.close();
    await flushWithRetries(batcher, opts.flushIntervalMs);
    progress.changed();
    emitProgress();
  }

  function newWork(item: PreparedItem, state: ActionState, wasDone: boolean): Work {
    return {
      item,
      state,
      invoice: item.invoice,
      changes: [],
      sends: 0,
      wasDone,
      ...(item.creditNoteId !== undefined ? { creditNoteId: item.creditNoteId } : {}),
      ...(item.creditNoteNum !== undefined ? { creditNoteNum: item.creditNoteNum } : {}),
    };
  }

  /** Step 1: reads `list` back; those now done or refused leave the queue. */
  async function reread(list: Work[]): Promise<void> {
    if (list.length === 0) return;
    let held: HeldInvoices;
    try {
      held = await readBack(list.map((w) => w.item.invoiceId));
    } catch (error) {
      if (error instanceof RunStopped || isAuthError(error)) return;
      const said = describeError(error, "read the invoice before acting on it");
      for (const w of list) {
        w.message = `Not ${verb}: ${lower(said)} Run it again.`;
        move(w, "not sent");
      }
      return;
    }
    const sorted = sortPrepared({ request, items: list.map((w) => w.item), refused: [] }, held);
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
      move(w, "already done");
    }
    for (const r of sorted.refused) {
      const w = byKey.get((r.invoiceId ?? "").toLowerCase());
      if (w === undefined) continue;
      w.refusal = r.message;
      w.message = r.message;
      move(w, "refused");
    }
  }

  // ---- send ----

  async function sendAll(list: Work[]): Promise<void> {
    const canBulk = opts.bulk && typeof (client as Partial<BillingClient>).bulkSend === "function";
    let single = list;
    if (canBulk)
      single = await inBulk(
        list,
        (ids) => client.bulkSend(ids, channel, false),
        (w) => accepted(w),
        sendCutInBulk
      );
    await Promise.all(single.map((w) => sendOne(w)));
  }

  /** The service took `work`'s send (`answer`: the invoice it answered): read back until done. */
  function accepted(work: Work, answer?: Invoice): void {
    if (answer !== undefined) work.invoice = answer;
    note(work, "sent");
    work.followUntil = Date.now() + opts.settleTimeoutMs;
    // Until the first read-back, the row says what the service was asked (a retried send's
    // earlier "failed" is not its outcome).
    work.awaitingRead = !(answer !== undefined && isSendUnderWay(answer.sent));
    work.sent = work.awaitingRead
      ? channel === "post"
        ? "printing (by post)"
        : "sending"
      : sentWords(work.invoice);
    work.message = "";
    if (work.state !== "working") move(work, "working");
    write(work, { sent: work.sent, message: "" });
    // Read after this send and already finished (a fast service, a cut answer read back).
    const fresh = answer !== undefined && (answer.sent !== "failed" || !work.item.retry);
    if (fresh && isSendFinal(answer.sent)) {
      work.awaitingRead = false;
      settleSend(work);
    }
  }

  function refusedBy(work: Work, entries: readonly ServiceErrorEntry[]): void {
    const words = entriesWords(entries);
    const what =
      action === "send" ? `send it by ${channel === "post" ? "post" : "email"}` : "credit it";
    failWith(work, words, `The billing service refused to ${what}: ${words}. Nothing was ${verb}.`);
  }

  function failWith(work: Work, words: string, message: string): void {
    if (action === "send") work.sent = `failed: ${words}`;
    work.message = message;
    if (!failedBefore(work)) note(work, "failed");
    move(work, "failed");
  }

  /** The row said so already: a failure is not news for the Billing log. */
  function failedBefore(work: Work): boolean {
    return action === "send" && work.item.sentBefore.toLowerCase().startsWith("failed");
  }

  /** One send for `work`; a cut answer is read back, and sent again only when shown not sent. */
  async function sendOne(work: Work): Promise<void> {
    while (work.state === "queued") {
      try {
        const answer = await caller.call("start", async () => {
          move(work, "working");
          work.sends += 1;
          return await client.send(work.item.invoiceId, channel);
        });
        accepted(work, answer);
        return;
      } catch (error) {
        // Stopped before sending, or a 429 past the budget: nothing was done.
        if (error instanceof RunStopped || isAuthError(error) || isRateLimitError(error))
          return void ((work.state as ActionState) === "working" && move(work, "queued"));
        if (isValidationError(error)) return refusedBy(work, error.entries);
        if (isUnavailableError(error) && isNotSentError(error)) {
          work.message = `Not sent: ${lower(describeError(error, "send it"))}`;
          return move(work, "not sent");
        }
        // A cut answer, a 5xx: did it go through? (Those shown not sent are queued again.)
        await settleCutSends([work], describeError(error, "send it"));
      }
    }
  }

  /**
   * Reads back the invoices of calls whose answers were lost. When that fails too (or the run
   * stopped), each is left `unknown` with `open(failedToo)` as its message, and undefined returned.
   */
  async function readBackOrOpen(
    list: Work[],
    open: (failedToo: boolean) => string
  ): Promise<HeldInvoices | undefined> {
    try {
      return await readBack(
        list.map((w) => w.item.invoiceId),
        "continue",
        true
      );
    } catch (error) {
      const failedToo = !(error instanceof RunStopped || isAuthError(error));
      for (const w of list) {
        w.message = open(failedToo);
        move(w, "unknown");
      }
      return undefined;
    }
  }

  /** A bulk chunk's answer was lost: read back; those shown not sent go again one by one. */
  async function sendCutInBulk(chunk: Work[], said: string): Promise<Work[]> {
    for (const w of chunk) w.sends += 1;
    return await settleCutSends(chunk, said);
  }

  /**
   * Reads back sends whose answers were lost: those the service shows under way went through;
   * those it shows not sent are queued again (after fewer than {@link MAX_SENDS} sends) and
   * returned — sending them is not blind, the service holds no send.
   */
  async function settleCutSends(list: Work[], said: string): Promise<Work[]> {
    const held = await readBackOrOpen(
      list,
      (failedToo) =>
        `${said}${failedToo ? " Reading it back failed too." : ""} Whether it was sent is open: run Send again (it reads the invoice first and never sends twice).`
    );
    if (held === undefined) return [];
    const again: Work[] = [];
    for (const w of list) {
      const back = held.get(w.item.key);
      if (back === null || back === undefined) {
        failWith(
          w,
          "the billing service no longer knows this invoice",
          `Not sent: the billing service no longer knows invoice ${w.item.invoiceId}.`
        );
        continue;
      }
      w.invoice = back;
      if (isSendUnderWay(back.sent)) {
        accepted(w, back);
      } else if (back.sent === "failed" && w.item.retry) {
        // It failed before: whether this send failed again or never arrived cannot be told.
        failWith(
          w,
          sendFailureWords(back),
          `${said} The billing service still shows the send as failed (${sendFailureWords(back)}): send it again when that is fixed.`
        );
      } else if (back.sent === "failed") {
        accepted(w, back);
      } else if (w.sends < MAX_SENDS && caller.stopped() === undefined) {
        move(w, "queued");
        again.push(w);
      } else {
        w.message = `${said} The billing service shows it not sent, so nothing was sent: run Send again.`;
        move(w, caller.stopped() === "cancelled" ? "cancelled" : "not sent");
      }
    }
    return again;
  }

  /** Step 3: reads every send under way back (batched) until done, or the time-out. */
  async function follow(): Promise<void> {
    for (const w of works)
      if (w.wasDone && !isSendFinal(w.invoice.sent) && w.followUntil === undefined)
        w.followUntil = Date.now() + opts.settleTimeoutMs;
    for (;;) {
      const open = works.filter(
        (w) => w.followUntil !== undefined && (w.awaitingRead || !isSendFinal(w.invoice.sent))
      );
      if (open.length === 0) return;
      // Cancelled: no more waiting, but one last read, so the rows say what the service holds.
      if (caller.stopped() === "cancelled") return void (await readSends(open, true));
      if (caller.stopped() !== undefined) return;
      const now = Date.now();
      const due = open.filter((w) => now < w.followUntil!);
      if (due.length === 0) return;
      await caller.sleep(opts.pollIntervalMs);
      if (caller.stopped() === undefined) await readSends(due, false);
    }
  }

  /** Reads sends under way back once (batched) and settles those the service finished. */
  async function readSends(list: Work[], settling: boolean): Promise<void> {
    let held: HeldInvoices;
    try {
      held = await readBack(
        list.map((w) => w.item.invoiceId),
        "poll",
        settling
      );
    } catch {
      // A failed read-back: the next round tries again (the time-out still holds); a stop ends it.
      return;
    }
    for (const w of list) {
      const back = held.get(w.item.key);
      if (back === undefined || back === null) continue;
      w.invoice = back;
      w.awaitingRead = false;
      if (isSendFinal(back.sent) && !w.wasDone) settleSend(w);
      else if (w.wasDone) write(w, { sent: sentWords(back) });
    }
  }

  /** A send of this run that the service finished. */
  function settleSend(w: Work): void {
    const back = w.invoice;
    w.sent = sentWords(back);
    if (back.sent === "failed") {
      const words = sendFailureWords(back);
      w.message = `Sending failed: ${words}.`;
      if (!failedBefore(w)) note(w, "failed");
      move(w, "failed");
    } else {
      w.message =
        back.sent === "skipped"
          ? "The billing service skipped sending it."
          : `Sent to the customer by ${channel === "post" ? "post" : "email"}.`;
      move(w, "done");
    }
  }

  // ---- credit ----

  async function creditAll(list: Work[]): Promise<void> {
    const canBulk =
      opts.bulk && typeof (client as Partial<BillingClient>).bulkCredit === "function";
    let single = list;
    if (canBulk)
      single = await inBulk(
        list,
        (ids) => client.bulkCredit(ids),
        onCreditOutcome,
        creditCutInBulk
      );
    await Promise.all(single.map((w) => creditOne(w)));
  }

  function onCreditOutcome(work: Work): void {
    // Taken: the credit note exists; read back (together) for its id and number.
    pendingCredits.push(work);
  }

  async function creditOne(work: Work): Promise<void> {
    if (work.state !== "queued") return;
    try {
      const note = await caller.call("start", () => {
        move(work, "working");
        return client.credit(work.item.invoiceId);
      });
      // The answer is the credit note, of this invoice. Anything else (the original itself, a
      // note of another invoice) is not trusted: the invoice is read back for its credit note.
      const ofThis =
        note.id.toLowerCase() !== work.item.key &&
        (note.type === undefined || note.type === "creditnote") &&
        (note.creditedInvoiceId === undefined ||
          note.creditedInvoiceId.toLowerCase() === work.item.key);
      if (ofThis) return credited(work, note.id, note.invoiceNum);
      await settleCutCredits([work], "");
    } catch (error) {
      // Stopped before asking, or a 429 past the budget: nothing was done.
      if (error instanceof RunStopped || isAuthError(error) || isRateLimitError(error))
        return void ((work.state as ActionState) === "working" && move(work, "queued"));
      if (isValidationError(error)) {
        if (
          error.entries.some((e) => (e.key ?? "").toUpperCase() === "INVOICE_IS_ALREADY_CREDITED")
        )
          return await settleCutCredits([work], "");
        return refusedBy(work, error.entries);
      }
      if (isUnavailableError(error) && isNotSentError(error)) {
        work.message = `Not credited: ${lower(describeError(error, "credit it"))}`;
        return move(work, "not sent");
      }
      await settleCutCredits([work], describeError(error, "credit it"));
    }
  }

  async function creditCutInBulk(chunk: Work[], said: string): Promise<Work[]> {
    await settleCutCredits(chunk, said);
    return [];
  }

  function credited(
    work: Work,
    noteId: string,
    noteNum: string | undefined,
    byThisRun = true
  ): void {
    work.creditNoteId = noteId;
    const num = (noteNum ?? "").trim();
    if (num !== "") work.creditNoteNum = num;
    if (byThisRun) {
      note(work, "credited");
      move(work, "done");
    } else {
      work.wasDone = true;
      move(work, "already done");
    }
  }

  /**
   * Reads back credits whose answer was lost (or taken in bulk): credited → its credit note is
   * found through `creditedByInvoiceId`; not credited → nothing was done, and the run does NOT ask
   * again (one credit note per invoice, ever: the next run reads first).
   */
  async function settleCutCredits(list: Work[], said: string): Promise<void> {
    const held = await readBackOrOpen(list, (failedToo) =>
      `${said}${failedToo ? " Reading it back failed too, so" : " So"} whether it was credited is open: run Credit again (it reads the invoice first and never credits twice).`.trim()
    );
    if (held === undefined) return;
    for (const w of list) {
      const back = held.get(w.item.key);
      if (back === undefined || back === null) {
        failWith(
          w,
          "not found",
          `Not credited: the billing service no longer knows invoice ${w.item.invoiceId}.`
        );
        continue;
      }
      w.invoice = back;
      if (back.creditedByInvoiceId) {
        // Not credited when read right before acting, credited now: this run's credit went
        // through (a refusal "already credited" here is the answer to the client's own retry).
        credited(w, back.creditedByInvoiceId, undefined);
      } else {
        w.message =
          `${said} The billing service shows no credit note for it: nothing was credited. Run Credit again.`.trim();
        move(w, "not sent");
      }
    }
  }

  /** Credit notes whose number is not known yet are read (batched). */
  async function fillCreditNoteNumbers(): Promise<void> {
    if (pendingCredits.length > 0) await settleCutCredits(pendingCredits.splice(0), "");
    const missing = works.filter(
      (w) => w.creditNoteId !== undefined && w.creditNoteNum === undefined
    );
    if (missing.length === 0) return;
    try {
      const notes = await readBack(
        missing.map((w) => w.creditNoteId!),
        "continue",
        true
      );
      for (const w of missing) {
        const num = (notes.get(w.creditNoteId!.toLowerCase())?.invoiceNum ?? "").trim();
        if (num !== "") w.creditNoteNum = num;
      }
    } catch {
      // The number is filled in by the next run; the id is known.
    }
  }

  // ---- bulk ----

  /**
   * Acts on `list` in bulk chunks (≤ 100 exact ids); resolves to those that must go one by one
   * (the service offers no bulk operation). Chunks go out through the run's pool.
   */
  async function inBulk(
    list: Work[],
    call: (ids: string[]) => Promise<BulkOutcome>,
    onAccepted: (work: Work) => void,
    onCut: (chunk: Work[], said: string) => Promise<Work[]>
  ): Promise<Work[]> {
    const single: Work[] = [];
    let offered = true;
    const chunks: Work[][] = [];
    for (let i = 0; i < list.length; i += BULK_CHUNK_SIZE)
      chunks.push(list.slice(i, i + BULK_CHUNK_SIZE));
    const sendChunk = async (chunk: Work[]): Promise<void> => {
      if (!offered) return void single.push(...chunk);
      let outcome: BulkOutcome;
      try {
        outcome = await caller.call("start", async () => {
          if (!offered) throw new NotOffered();
          for (const w of chunk) if (w.state === "queued") move(w, "working");
          const out = await call(chunk.map((w) => w.item.invoiceId));
          // One chunk, so at most one failure: thrown, so that a 429 is waited out by the run.
          const failed = out.failed[0];
          if (failed !== undefined) throw failed.error;
          return out;
        });
      } catch (error) {
        for (const w of chunk) if (w.state === "working") move(w, "queued");
        if (error instanceof NotOffered) return void single.push(...chunk);
        if (isBulkNotOffered(error)) {
          // Nothing was done: each invoice is sent on its own (and every later chunk too).
          offered = false;
          return void single.push(...chunk);
        }
        if (error instanceof RunStopped || isAuthError(error)) return;
        const said = describeError(
          error,
          action === "send" ? "send the invoices" : "credit the invoices"
        );
        if (isUnavailableError(error) && isNotSentError(error)) {
          for (const w of chunk) {
            w.message = `Not ${verb}: ${lower(said)}`;
            move(w, "not sent");
          }
          return;
        }
        if (isRateLimitError(error)) return;
        single.push(...(await onCut(chunk, said)));
        return;
      }
      const byId = new Map(chunk.map((w) => [w.item.key, w]));
      const take = (id: string) => {
        const w = byId.get(id.toLowerCase());
        byId.delete(id.toLowerCase());
        return w;
      };
      for (const r of outcome.refused) {
        const w = take(r.invoiceId);
        if (w === undefined) continue;
        if (
          action === "credit" &&
          r.entries.some((e) => (e.key ?? "").toUpperCase() === "INVOICE_IS_ALREADY_CREDITED")
        ) {
          // Read back with the others it took (the credit note is found, never asked again).
          pendingCredits.push(w);
        } else refusedBy(w, r.entries);
      }
      for (const g of outcome.general)
        for (const id of g.ids) {
          const w = take(id);
          if (w !== undefined) refusedBy(w, g.entries);
        }
      for (const id of outcome.accepted) {
        const w = take(id);
        if (w !== undefined) onAccepted(w);
      }
      // Not named anywhere (cancelled before it went): nothing was done.
      for (const w of byId.values()) if (w.state === "working") move(w, "queued");
    };
    await Promise.all(chunks.map((c) => sendChunk(c)));
    return single;
  }

  /** At the end: an invoice not settled yet is settled from what was attempted and the stop. */
  function conclude(work: Work): void {
    const stopped = caller.stopped();
    if (work.state === "queued" || work.state === "working") {
      if (action === "send" && work.state === "working" && work.followUntil !== undefined) {
        // Accepted, still under way at the time-out or the stop.
        // Not read back since this send: what it was asked to do, not an earlier send's state.
        work.sent =
          work.awaitingRead || !isSendUnderWay(work.invoice.sent)
            ? channel === "post"
              ? "printing (by post)"
              : "sending"
            : sentWords(work.invoice);
        work.message =
          stopped === undefined
            ? `Still being sent after ${Math.round(opts.settleTimeoutMs / 1000)} s: run Send again to see the outcome (it is not sent twice).`
            : "The run stopped while it was being sent: run Send again to see the outcome (it is not sent twice).";
        move(work, "pending");
      } else if (work.state === "working") {
        work.message = `The run stopped while it was being ${verb}: run it again (it reads the invoice first and never acts twice).`;
        move(work, "unknown");
      } else {
        const state: ActionState =
          stopped === "rate-limited"
            ? "waiting"
            : stopped === "cancelled"
              ? "cancelled"
              : "not sent";
        work.message =
          stopped === "rate-limited"
            ? "Waiting for the service's limit — run again to continue."
            : stopped === "auth"
              ? `Not ${verb}: ${caller.stopWords ?? "the billing service refused the credentials; sign in again, then run again."}`
              : stopped === "cancelled"
                ? `Not ${verb}: the run was cancelled before it.`
                : `Not ${verb}: the run stopped before it.`;
        move(work, state);
      }
    }
  }

  /** Writes `work`'s rows from what the service holds (as last read) and what was attempted. */
  function writeRow(work: Work): void {
    if (action === "send" && work.wasDone && work.state === "already done") {
      work.sent = sentWords(work.invoice);
      work.message =
        work.invoice.sent === "sent"
          ? "Already sent: not sent again."
          : work.invoice.sent === "skipped"
            ? "The billing service skipped sending it: not sent again."
            : "Already being sent: not sent again; run Send again to see the outcome.";
    }
    if (action === "credit" && work.state === "already done") {
      const num = work.creditNoteNum ?? work.creditNoteId;
      work.message = `Already credited by credit note ${num}: not credited again.`;
      const knew =
        work.item.statusBefore === "credited" &&
        (work.item.creditNoteIdBefore ?? "").toLowerCase() ===
          (work.creditNoteId ?? "").toLowerCase();
      if (!knew) note(work, "found credit note");
    }
    if (action === "credit" && work.state === "done") {
      const total = work.invoice.totalAmountInclVAT;
      work.message = `Credited by credit note ${work.creditNoteNum ?? work.creditNoteId}${total !== undefined ? ` (${new Big(total).toFixed(2)} incl. VAT reversed)` : ""}.`;
    }
    const fields: Omit<RowUpdate, "rowNumber"> = {};
    if (work.message !== undefined) fields.message = work.message;
    if (action === "send" && work.sent !== undefined) fields.sent = work.sent;
    if (action === "credit" && work.creditNoteId !== undefined) {
      fields.status = "credited";
      fields.creditNoteId = work.creditNoteId;
      if (work.creditNoteNum !== undefined) fields.creditNoteNum = work.creditNoteNum;
    }
    if (Object.keys(fields).length > 0) write(work, fields);
  }

  const durationMs = Date.now() - startedAt;
  const results: ActionResult[] = works.map((w) => ({
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
  }));
  // Service-side refusals found in step 1 join the refusals.
  for (const w of works)
    if (w.state === "refused" && w.refusal !== undefined)
      refused.push({
        rowNumbers: [...w.item.rowNumbers],
        invoiceId: w.item.invoiceId,
        message: w.refusal,
      });
  const stopped = caller.stopped();
  const changed = results.filter(
    (r) => r.changes.includes("sent") || r.changes.includes("credited")
  ).length;
  return {
    runId,
    startedAt: new Date(startedAt),
    action,
    ...(action === "send" ? { channel } : {}),
    results,
    refused,
    counts: { ...counts },
    changed,
    ...(stopped !== undefined ? { stopped } : {}),
    ...(stopped === "auth" && caller.stopWords !== undefined
      ? { stoppedBecause: caller.stopWords }
      : {}),
    durationMs,
    requests: caller.requests,
    headline: headline(action, results, counts, changed, stopped, caller.stopWords),
    summary: summariseActions(counts, durationMs, caller.requests, stopped),
  };
}

class NotOffered extends Error {}
