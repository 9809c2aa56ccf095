/**
 * Credit approved invoices: one credit note per invoice, ever. The table of its steps:
 * - qualifies: an approved (or credited) row with an id; the service must hold it approved and not
 *   a credit note; one it holds credited is "already credited" (its credit note shown, never
 *   credited again);
 * - acts: `bulk/credit` with exact ids, else one credit each;
 * - a lost answer (or one the bulk request took): read back — credited, its credit note is found
 *   through `creditedByInvoiceId`; not credited, nothing was done and it is NOT asked again in the
 *   run (the next run reads first);
 * - after acting: the credit notes' numbers are read (batched);
 * - Billing log: "credited", "found credit note", "failed"; the status logged is `credited`.
 */
import Big from "big.js";
import { isNotSentError, isUnavailableError, isValidationError } from "../../api";
import type { BillingClient, ServiceErrorEntry } from "../../api";
import { describeError } from "../describe-error";
import type { IdAction, IdRunner, IdWork } from "../engine/id-action";
import { ENGLISH, money } from "../words";
import { changeWords } from "../engine/id-words";
import { readCreditNotes } from "../engine/prepare";
import type { RowUpdate } from "../sheet-types";
import {
  APPROVED_ROWS,
  approvedRowRefusal,
  approvedStatusRefusal,
  notFound,
} from "./approved-only";

const alreadyCredited = (entries: readonly ServiceErrorEntry[]) =>
  entries.some((e) => (e.key ?? "").toUpperCase() === "INVOICE_IS_ALREADY_CREDITED");

export const credit: IdAction = {
  name: "credit",
  offeredOn: "approved",
  words: "credit",
  verb: "credited",
  infinitive: "credit",
  rowStatuses: APPROVED_ROWS,
  bulkWhat: "act.creditInvoices",
  rowRefusal: (status, say) => approvedRowRefusal(status, "id.credit.participle", say),
  sort(item, invoice, say = ENGLISH) {
    if (invoice === null) return { to: "refused", why: notFound(item.invoiceId, say) };
    // Already credited wins over every other state: the row shows the existing credit note.
    if (invoice.creditedByInvoiceId)
      return { to: "alreadyDone", creditNoteId: invoice.creditedByInvoiceId };
    if (invoice.type === "creditnote") return { to: "refused", why: say("id.why.creditNote") };
    const why = approvedStatusRefusal(invoice, "id.credit.participle", say);
    return why !== undefined ? { to: "refused", why } : { to: "toDo" };
  },
  prepareMore: (client, alreadyDone, signal) => readCreditNotes(client, alreadyDone, signal),
  bulkCall: (client) =>
    typeof (client as Partial<BillingClient>).bulkCredit === "function"
      ? (ids) => client.bulkCredit(ids)
      : undefined,
  refusalWhat: () => "act.creditIt",
  async act(run, list) {
    const single = await run.inBulk(
      list,
      // Taken: the credit note exists; read back (together) for its id and number.
      (w) => run.toReadBack.push(w),
      async (chunk, said) => {
        await settleCutCredits(run, chunk, said);
        return [];
      }
    );
    await Promise.all(single.map((w) => creditOne(run, w)));
  },
  onBulkRefused(run, work, entries) {
    // Read back with the others it took (the credit note is found, never asked again).
    if (!alreadyCredited(entries)) return false;
    run.toReadBack.push(work);
    return true;
  },
  after: fillCreditNoteNumbers,
  rowFields(run, work) {
    const { say } = run.opts;
    if (work.state === "already done") {
      const num = work.creditNoteNum ?? work.creditNoteId ?? "";
      work.message = say("id.credit.row.already", { num });
      const knew =
        work.item.statusBefore === "credited" &&
        (work.item.creditNoteIdBefore ?? "").toLowerCase() ===
          (work.creditNoteId ?? "").toLowerCase();
      if (!knew && !work.changes.includes("found credit note"))
        work.changes.push("found credit note");
    }
    if (work.state === "done") {
      const total = work.invoice.totalAmountInclVAT;
      const num = work.creditNoteNum ?? work.creditNoteId ?? "";
      work.message =
        total !== undefined
          ? say("id.credit.row.doneTotal", { num, total: money(new Big(total).toFixed(2), say) })
          : say("id.credit.row.done", { num });
    }
    const fields: Omit<RowUpdate, "rowNumber"> = {};
    if (work.message !== undefined) fields.message = work.message;
    if (work.creditNoteId !== undefined) {
      fields.status = "credited";
      fields.creditNoteId = work.creditNoteId;
      if (work.creditNoteNum !== undefined) fields.creditNoteNum = work.creditNoteNum;
    }
    return fields;
  },
  doneWords(results, counts, say) {
    const good: string[] = [];
    const done = results.filter((r) => r.state === "done");
    if (done.length > 0) {
      let total = new Big(0);
      let known = true;
      for (const r of done) {
        if (r.totalInclVAT === undefined) known = false;
        else total = total.plus(r.totalInclVAT);
      }
      const count = done.length;
      good.push(
        known
          ? say("id.done.creditedTotal", { count, total: money(total.toFixed(2), say) })
          : say("id.done.credited", { count })
      );
    }
    if (counts["already done"] > 0)
      good.push(say("id.done.alreadyCredited", { count: counts["already done"] }));
    return good;
  },
  changes: ["credited"],
  logStatus: (r) => (r.creditNoteId ? "credited" : r.state),
  logChange: (change, _channel, say) => changeWords(change, say),
};

async function creditOne(run: IdRunner, work: IdWork): Promise<void> {
  if (work.state !== "queued") return;
  try {
    const note = await run.caller.call("start", () => {
      run.move(work, "working");
      return run.client.credit(work.item.invoiceId);
    });
    // The answer is the credit note, of this invoice. Anything else (the original itself, a
    // note of another invoice) is not trusted: the invoice is read back for its credit note.
    const ofThis =
      note.id.toLowerCase() !== work.item.key &&
      (note.type === undefined || note.type === "creditnote") &&
      (note.creditedInvoiceId === undefined ||
        note.creditedInvoiceId.toLowerCase() === work.item.key);
    if (ofThis) return credited(run, work, note.id, note.invoiceNum);
    await settleCutCredits(run, [work], "");
  } catch (error) {
    if (run.nothingDone(work, error)) return;
    if (isValidationError(error)) {
      if (alreadyCredited(error.entries)) return await settleCutCredits(run, [work], "");
      return run.refusedBy(work, error.entries);
    }
    if (isUnavailableError(error) && isNotSentError(error))
      return run.notSent(work, error, "act.creditIt");
    await settleCutCredits(run, [work], describeError(error, "act.creditIt", run.opts.say));
  }
}

function credited(run: IdRunner, work: IdWork, noteId: string, noteNum: string | undefined): void {
  work.creditNoteId = noteId;
  const num = (noteNum ?? "").trim();
  if (num !== "") work.creditNoteNum = num;
  run.note(work, "credited");
  run.move(work, "done");
}

/**
 * Reads back credits whose answer was lost (or taken in bulk): credited → its credit note is
 * found through `creditedByInvoiceId`; not credited → nothing was done, and the run does NOT ask
 * again (one credit note per invoice, ever: the next run reads first).
 */
async function settleCutCredits(run: IdRunner, list: IdWork[], said: string): Promise<void> {
  const { say } = run.opts;
  await run.readBackEach(
    list,
    (failedToo) =>
      say(failedToo ? "id.credit.row.openReadFailed" : "id.credit.row.open", { said }).trim(),
    (w, back) => {
      if (back.creditedByInvoiceId) {
        // Not credited when read right before acting, credited now: this run's credit went
        // through (a refusal "already credited" here is the answer to the client's own retry).
        credited(run, w, back.creditedByInvoiceId, undefined);
      } else {
        w.message = say("id.credit.row.noCreditNote", { said }).trim();
        w.reached = true;
        run.move(w, "not sent");
      }
    },
    { goneWords: "not found" }
  );
}

/** Credit notes whose number is not known yet are read (batched). */
async function fillCreditNoteNumbers(run: IdRunner): Promise<void> {
  if (run.toReadBack.length > 0) await settleCutCredits(run, run.toReadBack.splice(0), "");
  const missing = run.works.filter(
    (w) => w.creditNoteId !== undefined && w.creditNoteNum === undefined
  );
  if (missing.length === 0) return;
  try {
    const notes = await run.readBack(
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
