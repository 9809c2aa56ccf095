/**
 * Approve only what the service would approve: the drafts of the plan are put to the
 * service's verdict first (`bulk/approve` with `onlyValidate`: nothing changes), with the exact ids,
 * grouped by invoice date, ≤ 100 a request. The drafts it accepts are approved and numbered by the
 * approve step of create-and-approve (the same engine run); the others stay drafts, their rows
 * saying the service's reasons. A verdict that does not come (a cut, a 5xx) approves nothing of
 * its chunk: the rows say so, and the next run asks again.
 *
 * The table of its steps:
 * - qualifies: a draft of the plan (an invoiceId, status `created`); a row without an id is
 *   refused ("no draft of it exists yet"), never created;
 * - acts: the step before the run (`PlanAction.before`), through the run's own calls (one pool,
 *   one rate-limit budget, one stop): one verdict request per date and chunk; then the accepted
 *   drafts take create and approve's steps (bulk approve with exact ids, poll);
 * - read-back: the approve run's own (a lost approve is read back, never asked twice blindly);
 * - Billing log: the approve run's rows; a draft left a draft changed nothing and is not logged.
 */
import { BULK_CHUNK_SIZE, isAuthError, isBulkNotOffered, isRateLimitError } from "../../api";
import type { BulkOutcome } from "../../api";
import { describeError, entriesText } from "../describe-error";
import type { Plan, PlannedInvoice } from "../plan-types";
import type { PlanAction } from "../engine/seam";
import { RunStopped, lower } from "../engine/stop";
import type { Kept, PreStep } from "../engine/work";
import type { Say } from "../words";
import { processInvoice } from "./create-and-approve";

/** See the module comment: the verdict is the step before the approve run's own steps. */
export const approveValid: PlanAction = {
  steps: processInvoice,
  before: verdicts,
};

/** What the verdicts fill, and the words they say it in. */
interface Verdicts {
  kept: Map<string, Kept>;
  say: Say;
}

/**
 * Asks the verdict for every draft (grouped by date, chunked) through the run's own calls: the
 * drafts it holds back, by key; every other one goes on to be approved.
 */
async function verdicts(step: PreStep, plan: Plan): Promise<ReadonlyMap<string, Kept>> {
  const { client, caller, say } = step;
  const out: Verdicts = { kept: new Map(), say };
  const { kept } = out;
  const byDate = new Map<string, PlannedInvoice[]>();
  for (const invoice of plan.invoices) {
    if (invoice.invoiceId === undefined || invoice.status !== "created") {
      kept.set(invoice.key, { state: "cancelled", message: say("id.valid.noDraft") });
      continue;
    }
    const list = byDate.get(invoice.invoiceDate) ?? [];
    list.push(invoice);
    byDate.set(invoice.invoiceDate, list);
  }
  const chunks: { date: string; list: PlannedInvoice[] }[] = [];
  for (const [date, list] of byDate)
    for (let i = 0; i < list.length; i += BULK_CHUNK_SIZE)
      chunks.push({ date, list: list.slice(i, i + BULK_CHUNK_SIZE) });
  await Promise.all(
    chunks.map(async ({ date, list }) => {
      const ids = list.map((p) => p.invoiceId!);
      try {
        const answer = await caller.call("start", async () => {
          const answer: BulkOutcome = await client.validateApproval(ids, date);
          // One chunk, so at most one failure: thrown, so that a 429 is waited out by the run.
          const failed = answer.failed[0];
          if (failed !== undefined) throw failed.error;
          return answer;
        });
        sortVerdict(list, answer, out);
      } catch (error) {
        for (const invoice of list) kept.set(invoice.key, unasked(error, step));
      }
    })
  );
  return kept;
}

/** A draft whose verdict did not come: nothing was approved. */
function unasked(error: unknown, { caller, say }: PreStep): Kept {
  const stopped = caller.stopped();
  if (error instanceof RunStopped || stopped !== undefined) {
    const why =
      stopped === "auth"
        ? (caller.stopWords ?? describeError(error, "act.checkDraft", say))
        : stopped === "rate-limited" || isRateLimitError(error)
          ? say("id.valid.rateLimit")
          : stopped === "cancelled"
            ? say("id.valid.cancelled")
            : say("id.valid.stopped");
    return {
      state: stopped === "cancelled" ? "cancelled" : "not sent",
      message: say("id.valid.notApproved", { why: lower(why) }),
    };
  }
  if (isBulkNotOffered(error)) return { state: "not sent", message: say("id.valid.noBulk") };
  const said = isAuthError(error)
    ? describeError(error, "act.checkDraft", say)
    : describeError(error, "act.wouldApprove", say);
  return { state: "not sent", message: say("id.valid.unasked", { said }) };
}

/** The service's verdict on one chunk: accepted ones go on to approval, refused ones stay drafts. */
function sortVerdict(
  list: readonly PlannedInvoice[],
  out: BulkOutcome,
  { kept, say }: Verdicts
): void {
  const byId = new Map(list.map((p) => [p.invoiceId!.toLowerCase(), p]));
  const refuse = (invoice: PlannedInvoice | undefined, words: string) => {
    if (invoice === undefined) return;
    byId.delete(invoice.invoiceId!.toLowerCase());
    kept.set(invoice.key, {
      state: "created",
      message: say("id.valid.wouldRefuse", { words: words || say("id.valid.noReason") }),
    });
  };
  for (const r of out.refused) refuse(byId.get(r.invoiceId.toLowerCase()), entriesText(r.entries));
  for (const g of out.general)
    for (const id of g.ids) refuse(byId.get(id.toLowerCase()), entriesText(g.entries));
  const said = new Set(out.accepted.map((id) => id.toLowerCase()));
  for (const [id, invoice] of byId)
    if (!said.has(id))
      kept.set(invoice.key, { state: "not sent", message: say("id.valid.unnamed") });
}
