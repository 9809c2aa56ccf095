/**
 * Discard drafts (issue 26): the service's DELETE of a draft, for the drafts a controller does not
 * want. Never an approved invoice. The table of its steps:
 * - qualifies: a row with an id whose status is `created` (a draft); the service must hold it as
 *   a draft — one it holds approved, being approved or with a number is refused ("an approved
 *   invoice is never discarded"); one it no longer knows is "already gone" (its row is cleared);
 * - acts: one DELETE per draft (the service offers no bulk delete);
 * - a lost answer (a cut, a 5xx): read back — not found, it is deleted (this run's delete went
 *   through); still a draft, nothing was deleted (run Discard again); the read failing too leaves
 *   the outcome open, said so on the row;
 * - rows: a discarded draft's rows are cleared of the invoice (invoiceId, externalReference,
 *   invoiceNum, the service's totals) and marked `discarded` with what happened — so that a later
 *   Create does not bill those lines again without the controller saying so (Check asks to clear
 *   the status first);
 * - Billing log: "discarded" (this run deleted it), "found gone" (deleted before; the row cleared).
 */
import { isNotFoundError, isNotSentError, isUnavailableError, isValidationError } from "../../api";
import { describeError } from "../describe-error";
import type { IdAction } from "../engine/id-action";
import type { IdRun, IdWork } from "../engine/id-run";
import type { RowUpdate } from "../sheet-types";

/** Statuses of the service after which an invoice is never discarded. */
const NEVER_DISCARDED = "an approved invoice is never discarded (credit it instead)";

export const discardDrafts: IdAction = {
  name: "discard-drafts",
  verb: "discarded",
  infinitive: "discard",
  rowStatuses: new Set(["created"]),
  rowRefusal(status) {
    if (status === "approved" || status === "credited")
      return `it is ${status}: ${NEVER_DISCARDED}`;
    if (status === "approving" || status === "pending")
      return "it is being approved: only drafts can be discarded";
    if (status === "") return "its status is empty: only drafts (status created) can be discarded";
    return `its status is "${status}": only drafts (status created) can be discarded`;
  },
  sort(_item, invoice) {
    if (invoice === null) return { to: "alreadyDone", gone: true };
    if (invoice.status === "created" && (invoice.invoiceNum ?? "").trim() === "")
      return { to: "toDo" };
    if (invoice.status === "approvalinprogress")
      return { to: "refused", why: `the billing service is approving it: ${NEVER_DISCARDED}` };
    return {
      to: "refused",
      why: `the billing service holds it as "${invoice.status}": ${NEVER_DISCARDED}`,
    };
  },
  bulkCall: () => undefined,
  refusalWhat: () => "delete the draft",
  async act(run, list) {
    await Promise.all(list.map((w) => discardOne(run, w)));
  },
  rowFields(_run, work) {
    const fields: Omit<RowUpdate, "rowNumber"> = {};
    if (work.gone) {
      work.message =
        work.state === "done"
          ? `Draft ${work.item.invoiceId} discarded: deleted from the billing service by this run. The row no longer has an invoice; to invoice it anew, clear the status.`
          : `Draft ${work.item.invoiceId} was no longer in the billing service (deleted before): the row is cleared. To invoice it anew, clear the status.`;
      Object.assign(fields, {
        status: "discarded",
        invoiceId: "",
        externalReference: "",
        invoiceNum: "",
        totalAmountExclVAT: "",
        totalAmountInclVAT: "",
      });
      if (work.state === "already done" && !work.changes.includes("found gone"))
        work.changes.push("found gone");
    }
    if (work.message !== undefined) fields.message = work.message;
    return fields;
  },
  doneWords(results, counts, say) {
    const good: string[] = [];
    const done = results.filter((r) => r.state === "done").length;
    if (done > 0) good.push(say("id.done.discarded", { count: done }));
    if (counts["already done"] > 0)
      good.push(say("id.done.alreadyGone", { count: counts["already done"] }));
    return good;
  },
  changes: ["discarded"],
  logStatus: (r) => (r.state === "done" || r.state === "already done" ? "discarded" : r.state),
  logChange: (change) => change,
};

/** One DELETE; a lost answer is read back (never asked again blindly). */
async function discardOne(run: IdRun, work: IdWork): Promise<void> {
  if (work.state !== "queued") return;
  try {
    await run.caller.call("start", () => {
      run.move(work, "working");
      return run.client.deleteInvoice(work.item.invoiceId);
    });
    discarded(run, work);
  } catch (error) {
    if (run.nothingDone(work, error)) return;
    // Read as a draft right before: gone now is this run's delete (the client's own retry of a
    // delete whose first answer was cut answers "not found").
    if (isNotFoundError(error)) return discarded(run, work);
    if (isValidationError(error)) return run.refusedBy(work, error.entries);
    if (isUnavailableError(error) && isNotSentError(error))
      return run.notSent(work, error, "delete the draft");
    await settleCutDiscard(run, work, describeError(error, "act.deleteDraft"));
  }
}

function discarded(run: IdRun, work: IdWork): void {
  work.gone = true;
  run.note(work, "discarded");
  run.move(work, "done");
}

/** Reads back a delete whose answer was lost: gone → deleted; still a draft → nothing was done. */
async function settleCutDiscard(run: IdRun, work: IdWork, said: string): Promise<void> {
  await run.readBackEach(
    [work],
    (failedToo) =>
      `${said}${failedToo ? " Reading it back failed too, so" : " So"} whether the draft was deleted is open: run Discard again (it reads the draft first).`,
    (w) => {
      w.message = `${said} The billing service still holds the draft: nothing was discarded. Run Discard again.`;
      w.reached = true;
      run.move(w, "not sent");
    },
    (w) => discarded(run, w)
  );
}
