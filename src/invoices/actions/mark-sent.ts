/**
 * Mark as sent: an approved invoice the controller handed over outside the service (by hand, or
 * from their own mailbox) is recorded as sent (`marksent`); the service sends nothing. The table
 * of its steps:
 * - qualifies: an approved (or credited) row with an id; the service must hold it approved and not
 *   credited (void: it is not marked); one it holds sent, being sent or skipped is "already done"
 *   (said on its row, never marked again); a draft is refused;
 * - acts: `bulk/marksent` with exact ids, else one `marksent` each;
 * - taken (a bulk chunk, or a single answer that does not show it sent): read back together after
 *   acting — shown sent, it is done; not yet, it is left `pending` (run again to see);
 * - a lost answer (cut, 5xx): read back — shown sent, this run's mark went through; shown not
 *   sent, nothing was done and it is NOT asked again in the run (the next run reads first);
 * - Billing log: "marked as sent", "failed"; the status logged is `sent` when done.
 */
import { isNotSentError, isUnavailableError, isValidationError } from "../../api";
import type { BillingClient } from "../../api";
import { describeError } from "../describe-error";
import type { IdAction, IdRunner, IdWork } from "../engine/id-action";
import { changeWords, sentWords } from "../engine/id-words";
import { SENT_DONE_STATES } from "../engine/prepare";
import type { RowUpdate } from "../sheet-types";
import { ENGLISH } from "../words";
import {
  APPROVED_ROWS,
  approvedRowRefusal,
  approvedStatusRefusal,
  notFound,
} from "./approved-only";

export const markSent: IdAction = {
  name: "mark-sent",
  offeredOn: "approved",
  words: "markSent",
  verb: "marked as sent",
  infinitive: "mark as sent",
  rowStatuses: APPROVED_ROWS,
  bulkWhat: "act.markSentInvoices",
  rowRefusal: (status, say) => approvedRowRefusal(status, "id.markSent.participle", say),
  sort(item, invoice, say = ENGLISH) {
    if (invoice === null) return { to: "refused", why: notFound(item.invoiceId, say) };
    const why = approvedStatusRefusal(invoice, "id.markSent.participle", say);
    if (why !== undefined) return { to: "refused", why };
    if (SENT_DONE_STATES.has(invoice.sent ?? "")) return { to: "alreadyDone" };
    // Reversed: recording it as handed over would say the customer holds a bill that is void.
    if (invoice.creditedByInvoiceId) return { to: "refused", why: say("id.why.creditedNotMarked") };
    return { to: "toDo" };
  },
  bulkCall: (client) =>
    typeof (client as Partial<BillingClient>).bulkMarkSent === "function"
      ? (ids) => client.bulkMarkSent(ids)
      : undefined,
  refusalWhat: () => "act.markItSent",
  async act(run, list) {
    const single = await run.inBulk(
      list,
      // Taken: read back (together, after acting) for what the service holds now.
      (w) => run.toReadBack.push(w),
      async (chunk, said) => {
        await settleMarks(run, chunk, said, false);
        return [];
      }
    );
    await Promise.all(single.map((w) => markOne(run, w)));
  },
  async after(run) {
    if (run.toReadBack.length > 0) await settleMarks(run, run.toReadBack.splice(0), "", true);
  },
  rowFields(run, work) {
    const { say } = run.opts;
    if (work.state === "already done") {
      work.sent = sentWords(work.invoice);
      work.message =
        work.invoice.sent === "sent"
          ? say("id.markSent.row.alreadySent")
          : work.invoice.sent === "skipped"
            ? say("id.markSent.row.alreadySkipped")
            : say("id.markSent.row.alreadySending");
    }
    if (work.state === "done") {
      work.sent = sentWords(work.invoice);
      work.message = say("id.markSent.row.done");
    }
    const fields: Omit<RowUpdate, "rowNumber"> = {};
    if (work.message !== undefined) fields.message = work.message;
    if (work.sent !== undefined) fields.sent = work.sent;
    return fields;
  },
  doneWords(results, counts, say) {
    const good: string[] = [];
    const done = results.filter((r) => r.state === "done").length;
    if (done > 0) good.push(say("id.done.markedSent", { count: done }));
    if (counts["already done"] > 0)
      good.push(say("id.done.alreadySent", { count: counts["already done"] }));
    return good;
  },
  changes: ["sent"],
  logStatus: (r) => (r.state === "done" ? "sent" : r.state),
  logChange: (change, _channel, say) =>
    change === "sent" ? say("id.change.markedSent") : changeWords(change, say),
};

/** One `marksent`; a lost answer is read back (never asked again blindly). */
async function markOne(run: IdRunner, work: IdWork): Promise<void> {
  if (work.state !== "queued") return;
  try {
    const answer = await run.caller.call("start", () => {
      run.move(work, "working");
      return run.client.markSent(work.item.invoiceId);
    });
    if (answer.id.toLowerCase() === work.item.key && answer.sent === "sent") {
      work.invoice = answer;
      return marked(run, work);
    }
    // An answer that does not show this invoice sent: read back with the others taken.
    run.toReadBack.push(work);
  } catch (error) {
    if (run.nothingDone(work, error)) return;
    if (isValidationError(error)) return run.refusedBy(work, error.entries);
    if (isUnavailableError(error) && isNotSentError(error))
      return run.notSent(work, error, "act.markItSent");
    // A cut answer, a 5xx: did it go through?
    await settleMarks(run, [work], describeError(error, "act.markItSent", run.opts.say));
  }
}

function marked(run: IdRunner, work: IdWork): void {
  run.note(work, "sent");
  run.move(work, "done");
}

/**
 * Reads back marks the service took (`taken`) or whose answer was lost: shown sent → marked by this
 * run (read not sent right before acting); not shown sent → taken: `pending`; lost: nothing was done.
 */
async function settleMarks(
  run: IdRunner,
  list: IdWork[],
  said: string,
  taken = false
): Promise<void> {
  const { say } = run.opts;
  await run.readBackEach(
    list,
    (failedToo) =>
      say(failedToo ? "id.markSent.row.openReadFailed" : "id.markSent.row.open", { said }).trim(),
    (w, back) => {
      if (back.sent === "sent") return marked(run, w);
      if (taken) {
        w.message = say("id.markSent.row.taken");
        return run.move(w, "pending");
      }
      w.message = say("id.markSent.row.notMarked", { said }).trim();
      w.reached = true;
      run.move(w, "not sent");
    },
    { goneWords: "the billing service no longer knows this invoice" }
  );
}
