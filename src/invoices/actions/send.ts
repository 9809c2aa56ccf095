/**
 * Send approved invoices to the customers, by email (`/send`) or by post (`/sendviapostal`)
 *. The table of its steps:
 * - qualifies: an approved (or credited) row with an id; the service must hold it approved, not
 *   sent, being sent or skipped (those are "already sent": never sent again), not credited (void);
 * - acts: `bulk/send` / `bulk/sendviapostal` with exact ids, else one send each;
 * - a lost answer: read back — shown under way, it went through; shown not sent, it is sent again
 *   (at most {@link MAX_SENDS} sends, never blindly); a send that failed before stays failed;
 * - after acting: read back every 2–3 s until `sent`, `failed` or `skipped`, or the time-out
 *   (`pending`: run again to see the outcome; it is not sent again);
 * - Billing log: "sent by email" / "sent by post", "failed"; the status logged is `sent` when done.
 */
import { isNotSentError, isUnavailableError, isValidationError } from "../../api";
import type { BillingClient, Invoice } from "../../api";
import { describeError } from "../describe-error";
import type { ActionState } from "../engine/action-types";
import type { IdAction, IdRunner, IdWork } from "../engine/id-action";
import { changeWords, sendFailureWords, sentWords } from "../engine/id-words";
import { ENGLISH, whole } from "../words";
import type { HeldInvoices } from "../engine/prepare";
import { SENT_DONE_STATES } from "../engine/prepare";
import type { RowUpdate } from "../sheet-types";
import {
  APPROVED_ROWS,
  approvedRowRefusal,
  approvedStatusRefusal,
  notFound,
} from "./approved-only";

/** Sends for one invoice whose answers were cut while the service showed it not sent after each. */
export const MAX_SENDS = 3;

/** A sent state after which nothing changes by itself. */
const isSendFinal = (sent: string | undefined) =>
  sent === "sent" || sent === "failed" || sent === "skipped";
/** The service shows a send under way or done (a cut send went through). */
const isSendUnderWay = (sent: string | undefined) =>
  sent === "sending" || sent === "printing" || sent === "sent" || sent === "skipped";

const asked = (run: IdRunner) => (run.channel === "post" ? "printing (by post)" : "sending");

export const send: IdAction = {
  name: "send",
  offeredOn: "approved",
  channels: true,
  namesItsDone: true,
  words: "send",
  verb: "sent",
  infinitive: "send",
  rowStatuses: APPROVED_ROWS,
  bulkWhat: "act.sendInvoices",
  rowRefusal: (status, say) => approvedRowRefusal(status, "id.send.participle", say),
  sort(item, invoice, say = ENGLISH) {
    if (invoice === null) return { to: "refused", why: notFound(item.invoiceId, say) };
    const why = approvedStatusRefusal(invoice, "id.send.participle", say);
    if (why !== undefined) return { to: "refused", why };
    if (SENT_DONE_STATES.has(invoice.sent ?? "")) return { to: "alreadyDone" };
    // Reversed before it went out: sending it now would ask the customer to pay what is void.
    if (invoice.creditedByInvoiceId) return { to: "refused", why: say("id.why.creditedNotSent") };
    return invoice.sent === "failed" ? { to: "toDo", retry: true } : { to: "toDo" };
  },
  bulkCall: (client) =>
    typeof (client as Partial<BillingClient>).bulkSend === "function"
      ? (ids, channel) => client.bulkSend(ids, channel, false)
      : undefined,
  refusalWhat: (channel) => (channel === "post" ? "act.sendByPost" : "act.sendByEmail"),
  async act(run, list) {
    const single = await run.inBulk(
      list,
      (w) => accepted(run, w),
      async (chunk, said) => {
        for (const w of chunk) w.sends += 1;
        return await settleCutSends(run, chunk, said);
      }
    );
    await Promise.all(single.map((w) => sendOne(run, w)));
  },
  after: follow,
  failedBefore: (work) => work.item.sentBefore.toLowerCase().startsWith("failed"),
  onFail(work, words) {
    work.sent = `failed: ${words}`;
  },
  concludeWorking(run, work) {
    if (work.followUntil === undefined) return false;
    // Accepted, still under way at the time-out or the stop.
    // Not read back since this send: what it was asked to do, not an earlier send's state.
    work.sent =
      work.awaitingRead || !isSendUnderWay(work.invoice.sent)
        ? asked(run)
        : sentWords(work.invoice);
    const { say } = run.opts;
    work.message =
      run.caller.stopped() === undefined
        ? say("id.send.row.stillSending", {
            seconds: whole(Math.round(run.opts.settleTimeoutMs / 1000), say),
          })
        : say("id.send.row.stoppedSending");
    run.move(work, "pending");
    return true;
  },
  rowFields(run, work) {
    if (work.wasDone && work.state === "already done") {
      const { say } = run.opts;
      work.sent = sentWords(work.invoice);
      work.message =
        work.invoice.sent === "sent"
          ? say("id.send.row.alreadySent")
          : work.invoice.sent === "skipped"
            ? say("id.send.row.alreadySkipped")
            : say("id.send.row.alreadySending");
    }
    const fields: Omit<RowUpdate, "rowNumber"> = {};
    if (work.message !== undefined) fields.message = work.message;
    if (work.sent !== undefined) fields.sent = work.sent;
    return fields;
  },
  doneWords(results, counts, say) {
    const good: string[] = [];
    const done = results.filter((r) => r.state === "done");
    const skipped = done.filter((r) => r.sent === "skipped").length;
    if (done.length - skipped > 0) good.push(say("id.done.sent", { count: done.length - skipped }));
    if (skipped > 0) good.push(say("id.done.skipped", { count: skipped }));
    if (counts["already done"] > 0)
      good.push(say("id.done.alreadySent", { count: counts["already done"] }));
    return good;
  },
  changes: ["sent"],
  logStatus: (r) => (r.creditNoteId ? "credited" : r.state === "done" ? "sent" : r.state),
  logChange: (change, channel, say) =>
    change !== "sent"
      ? changeWords(change, say)
      : say(channel === "post" ? "id.change.sentByPost" : "id.change.sentByEmail"),
};

/** The service took `work`'s send (`answer`: the invoice it answered): read back until done. */
function accepted(run: IdRunner, work: IdWork, answer?: Invoice): void {
  if (answer !== undefined) work.invoice = answer;
  run.note(work, "sent");
  work.followUntil = Date.now() + run.opts.settleTimeoutMs;
  // Until the first read-back, the row says what the service was asked (a retried send's
  // earlier "failed" is not its outcome).
  work.awaitingRead = !(answer !== undefined && isSendUnderWay(answer.sent));
  work.sent = work.awaitingRead ? asked(run) : sentWords(work.invoice);
  work.message = "";
  if (work.state !== "working") run.move(work, "working");
  run.write(work, { sent: work.sent, message: "" });
  // Read after this send and already finished (a fast service, a cut answer read back).
  const fresh = answer !== undefined && (answer.sent !== "failed" || !work.item.retry);
  if (fresh && isSendFinal(answer.sent)) {
    work.awaitingRead = false;
    settleSend(run, work);
  }
}

/** One send for `work`; a cut answer is read back, and sent again only when shown not sent. */
async function sendOne(run: IdRunner, work: IdWork): Promise<void> {
  while (work.state === "queued") {
    try {
      const answer = await run.caller.call("start", async () => {
        run.move(work, "working");
        work.sends += 1;
        return await run.client.send(work.item.invoiceId, run.channel);
      });
      accepted(run, work, answer);
      return;
    } catch (error) {
      if (run.nothingDone(work, error)) return;
      if (isValidationError(error)) return run.refusedBy(work, error.entries);
      if (isUnavailableError(error) && isNotSentError(error))
        return run.notSent(work, error, "act.sendIt");
      // A cut answer, a 5xx: did it go through? (Those shown not sent are queued again.)
      await settleCutSends(run, [work], describeError(error, "act.sendIt", run.opts.say));
    }
  }
}

/**
 * Reads back sends whose answers were lost: those the service shows under way went through;
 * those it shows not sent are queued again (after fewer than {@link MAX_SENDS} sends) and
 * returned — sending them is not blind, the service holds no send.
 */
async function settleCutSends(run: IdRunner, list: IdWork[], said: string): Promise<IdWork[]> {
  const again: IdWork[] = [];
  const { say } = run.opts;
  await run.readBackEach(
    list,
    (failedToo) => say(failedToo ? "id.send.row.openReadFailed" : "id.send.row.open", { said }),
    (w, back) => {
      if (isSendUnderWay(back.sent)) {
        accepted(run, w, back);
      } else if (back.sent === "failed" && w.item.retry) {
        // It failed before: whether this send failed again or never arrived cannot be told.
        run.failWith(
          w,
          sendFailureWords(back),
          say("id.send.row.stillFailed", { said, words: sendFailureWords(back, say) })
        );
      } else if (back.sent === "failed") {
        accepted(run, w, back);
      } else if (w.sends < MAX_SENDS && run.caller.stopped() === undefined) {
        run.move(w, "queued");
        again.push(w);
      } else {
        w.message = say("id.send.row.shownNotSent", { said });
        w.reached = true;
        run.move(w, run.caller.stopped() === "cancelled" ? "cancelled" : "not sent");
      }
    },
    { goneWords: "the billing service no longer knows this invoice" }
  );
  return again;
}

/** Step 3: reads every send under way back (batched) until done, or the time-out. */
async function follow(run: IdRunner): Promise<void> {
  const { works, caller, opts } = run;
  for (const w of works)
    if (w.wasDone && !isSendFinal(w.invoice.sent) && w.followUntil === undefined)
      w.followUntil = Date.now() + opts.settleTimeoutMs;
  for (;;) {
    const open = works.filter(
      (w) => w.followUntil !== undefined && (w.awaitingRead || !isSendFinal(w.invoice.sent))
    );
    if (open.length === 0) return;
    // Cancelled: no more waiting, but one last read, so the rows say what the service holds.
    if (caller.stopped() === "cancelled") return void (await readSends(run, open, true));
    if (caller.stopped() !== undefined) return;
    const now = Date.now();
    const due = open.filter((w) => now < w.followUntil!);
    if (due.length === 0) return;
    await caller.sleep(opts.pollIntervalMs);
    if (caller.stopped() === undefined) await readSends(run, due, false);
  }
}

/** Reads sends under way back once (batched) and settles those the service finished. */
async function readSends(run: IdRunner, list: IdWork[], settling: boolean): Promise<void> {
  let held: HeldInvoices;
  try {
    held = await run.readBack(
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
    if (isSendFinal(back.sent) && !w.wasDone) settleSend(run, w);
    else if (w.wasDone) run.write(w, { sent: sentWords(back) });
  }
}

/** A send of this run that the service finished. */
function settleSend(run: IdRunner, w: IdWork): void {
  const back = w.invoice;
  const { say } = run.opts;
  w.sent = sentWords(back);
  let state: ActionState = "done";
  if (back.sent === "failed") {
    w.message = say("id.send.row.failed", { words: sendFailureWords(back, say) });
    if (!w.item.sentBefore.toLowerCase().startsWith("failed")) run.note(w, "failed");
    state = "failed";
  } else {
    w.message =
      back.sent === "skipped"
        ? say("id.send.row.skipped")
        : say(run.channel === "post" ? "id.send.row.sentByPost" : "id.send.row.sentByEmail");
  }
  run.move(w, state);
}
