/**
 * Discard drafts: the service's DELETE of a draft, for the drafts a controller does not
 * want. Never an approved invoice. The table of its steps:
 * - qualifies: a row with an id whose status is `created` (a draft); the service must hold it as
 *   a draft under the row's own reference (one held under another is not this row's: left alone) — one it holds approved, being approved or with a number is refused ("an approved
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
import type { IdAction, IdRunner, IdWork } from "../engine/id-action";
import { changeWords } from "../engine/id-words";
import type { RowUpdate } from "../sheet-types";
import { ENGLISH } from "../words";

export const discardDrafts: IdAction = {
  name: "discard-drafts",
  offeredOn: "drafts",
  words: "discard",
  verb: "discarded",
  infinitive: "discard",
  bulkWhat: "act.discardInvoices",
  rowStatuses: new Set(["created"]),
  rowRefusal(status, say = ENGLISH) {
    if (status === "approved" || status === "credited")
      return say("id.why.approvedRow", { status, never: say("id.why.neverDiscarded") });
    if (status === "approving" || status === "pending") return say("id.why.approvingDraft");
    if (status === "") return say("id.why.emptyDraftStatus");
    return say("id.why.otherDraftStatus", { status });
  },
  sort(item, invoice, say = ENGLISH) {
    if (invoice === null) return { to: "alreadyDone", gone: true };
    // Only the row's own draft is deleted: one the service holds under another reference is not
    // (an id pasted from another sheet, a colleague's draft), whatever the row's invoiceId says.
    const held = (invoice.externalReference ?? "").trim();
    const row = item.referenceBefore;
    if (row !== undefined && held !== "" && held !== row.trim())
      return { to: "refused", why: say("id.why.otherReference", { held, row }) };
    if (invoice.status === "created" && (invoice.invoiceNum ?? "").trim() === "")
      return { to: "toDo" };
    // Statuses of the service after which an invoice is never discarded.
    const never = say("id.why.neverDiscarded");
    if (invoice.status === "approvalinprogress")
      return { to: "refused", why: say("id.why.serviceApproving", { never }) };
    return { to: "refused", why: say("id.why.serviceHolds", { status: invoice.status, never }) };
  },
  bulkCall: () => undefined,
  refusalWhat: () => "act.deleteDraft",
  async act(run, list) {
    await Promise.all(list.map((w) => discardOne(run, w)));
  },
  rowFields(run, work) {
    const fields: Omit<RowUpdate, "rowNumber"> = {};
    if (work.gone) {
      const id = work.item.invoiceId;
      work.message = run.opts.say(
        work.state === "done" ? "id.discard.row.done" : "id.discard.row.gone",
        { id }
      );
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
  logChange: (change, _channel, say) => changeWords(change, say),
};

/** One DELETE; a lost answer is read back (never asked again blindly). */
async function discardOne(run: IdRunner, work: IdWork): Promise<void> {
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
      return run.notSent(work, error, "act.deleteDraft");
    await settleCutDiscard(run, work, describeError(error, "act.deleteDraft", run.opts.say));
  }
}

function discarded(run: IdRunner, work: IdWork): void {
  work.gone = true;
  run.note(work, "discarded");
  run.move(work, "done");
}

/** Reads back a delete whose answer was lost: gone → deleted; still a draft → nothing was done. */
async function settleCutDiscard(run: IdRunner, work: IdWork, said: string): Promise<void> {
  const { say } = run.opts;
  await run.readBackEach(
    [work],
    (failedToo) =>
      say(failedToo ? "id.discard.row.openReadFailed" : "id.discard.row.open", { said }),
    (w) => {
      w.message = say("id.discard.row.stillDraft", { said });
      w.reached = true;
      run.move(w, "not sent");
    },
    (w) => discarded(run, w)
  );
}
