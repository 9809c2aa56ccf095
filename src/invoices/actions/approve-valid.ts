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
 * - acts: one verdict request per date and chunk, then the approve run (bulk with exact ids);
 * - read-back: the approve run's own (a lost approve is read back, never asked twice blindly);
 * - Billing log: the approve run's rows; a draft left a draft changed nothing and is not logged.
 */
import { BULK_CHUNK_SIZE, isAuthError, isBulkNotOffered, isRateLimitError } from "../../api";
import type { BillingClient, BulkOutcome } from "../../api";
import { describeError, entriesText } from "../describe-error";
import type { Plan, PlannedInvoice } from "../plan-types";
import { runPlan, runStory } from "../engine/plan-run";
import { processInvoice } from "./create-and-approve";
import { RunCaller } from "../engine/run-caller";
import { resolveRunOptions } from "../engine/resolve-run";
import type { InvoiceResult, RunOptions, RunSummary } from "../engine/run-types";
import { RunStopped, lower } from "../engine/stop";
import type { Say } from "../words";
import type { RowUpdate } from "../sheet-types";

/** What the verdict made of one draft kept back. */
interface Kept {
  invoice: PlannedInvoice;
  state: InvoiceResult["state"];
  message: string;
}

/** See the module comment. */
export async function approveValid(
  client: BillingClient,
  plan: Plan,
  options: RunOptions = {}
): Promise<RunSummary> {
  const opts = resolveRunOptions(options);
  const caller = new RunCaller(client, {
    concurrency: opts.concurrency,
    rateLimitBudgetMs: opts.rateLimitBudgetMs,
  });
  const onAbort = () => caller.stop("cancelled");
  if (opts.signal?.aborted) caller.stop("cancelled");
  opts.signal?.addEventListener("abort", onAbort);
  const kept: Kept[] = [];
  const accepted = new Set<string>();
  try {
    await verdicts(client, caller, plan, { kept, accepted, say: opts.say });
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
  }
  await options.onRowUpdates?.(kept.flatMap(keptUpdates));
  const toApprove: Plan = {
    ...plan,
    invoices: plan.invoices.filter((p) => accepted.has(p.key)),
  };
  const stopped = caller.stopped();
  const run = await runPlan(
    client,
    toApprove,
    {
      ...options,
      drafts: false,
      // A stop during the verdict (cancel, sign-in, the rate limit) stops the run before it acts.
      ...(stopped !== undefined ? { signal: AbortSignal.abort() } : {}),
    },
    processInvoice
  );
  return withKept(run, kept, caller);
}

/** What the verdicts fill, and the words they say it in. */
interface Verdicts {
  kept: Kept[];
  accepted: Set<string>;
  say: Say;
}

/** Asks the verdict for every draft (grouped by date, chunked), filling `kept` and `accepted`. */
async function verdicts(
  client: BillingClient,
  caller: RunCaller,
  plan: Plan,
  out: Verdicts
): Promise<void> {
  const { kept, say } = out;
  const byDate = new Map<string, PlannedInvoice[]>();
  for (const invoice of plan.invoices) {
    if (invoice.invoiceId === undefined || invoice.status !== "created") {
      kept.push({
        invoice,
        state: "cancelled",
        message: say("id.valid.noDraft"),
      });
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
        for (const invoice of list) kept.push(unasked(invoice, error, caller, say));
      }
    })
  );
}

/** A draft whose verdict did not come: nothing was approved. */
function unasked(invoice: PlannedInvoice, error: unknown, caller: RunCaller, say: Say): Kept {
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
      invoice,
      state: stopped === "cancelled" ? "cancelled" : "not sent",
      message: say("id.valid.notApproved", { why: lower(why) }),
    };
  }
  if (isBulkNotOffered(error))
    return { invoice, state: "not sent", message: say("id.valid.noBulk") };
  const said = isAuthError(error)
    ? describeError(error, "act.checkDraft", say)
    : describeError(error, "act.wouldApprove", say);
  return { invoice, state: "not sent", message: say("id.valid.unasked", { said }) };
}

/** The service's verdict on one chunk: accepted ones go on to approval, refused ones stay drafts. */
function sortVerdict(
  list: readonly PlannedInvoice[],
  out: BulkOutcome,
  { kept, accepted, say }: Verdicts
): void {
  const byId = new Map(list.map((p) => [p.invoiceId!.toLowerCase(), p]));
  const refuse = (invoice: PlannedInvoice | undefined, words: string) => {
    if (invoice === undefined) return;
    byId.delete(invoice.invoiceId!.toLowerCase());
    kept.push({
      invoice,
      state: "created",
      message: say("id.valid.wouldRefuse", { words: words || say("id.valid.noReason") }),
    });
  };
  for (const r of out.refused) refuse(byId.get(r.invoiceId.toLowerCase()), entriesText(r.entries));
  for (const g of out.general)
    for (const id of g.ids) refuse(byId.get(id.toLowerCase()), entriesText(g.entries));
  const said = new Set(out.accepted.map((id) => id.toLowerCase()));
  for (const [id, invoice] of byId) {
    if (said.has(id)) accepted.add(invoice.key);
    else
      kept.push({
        invoice,
        state: "not sent",
        message: say("id.valid.unnamed"),
      });
  }
}

/** The rows of a draft kept back: its message (its status stays what it is). */
function keptUpdates(k: Kept): RowUpdate[] {
  return k.invoice.rowNumbers.map((rowNumber) => ({ rowNumber, message: k.message }));
}

/** The approve run's summary with the drafts kept back among its results. */
function withKept(run: RunSummary, kept: readonly Kept[], caller: RunCaller): RunSummary {
  const keptResults: InvoiceResult[] = kept.map((k) => ({
    key: k.invoice.key,
    rowNumbers: [...k.invoice.rowNumbers],
    state: k.state,
    ...(k.invoice.invoiceId !== undefined ? { invoiceId: k.invoice.invoiceId } : {}),
    ...(k.invoice.externalReference !== undefined
      ? { externalReference: k.invoice.externalReference }
      : {}),
    message: k.message,
    before: k.invoice.status ?? "",
    untouched: false,
    changes: [],
  }));
  const counts = { ...run.counts };
  for (const r of keptResults) counts[r.state] += 1;
  const results = [...run.results, ...keptResults];
  const stopped = caller.stopped() ?? run.stopped;
  const stopWords = caller.stopWords ?? run.stoppedBecause;
  return {
    ...run,
    counts,
    results,
    story: runStory(results, run.story.invalid),
    invoices: run.invoices + kept.length,
    requests: run.requests + caller.requests,
    keptDrafts: kept.filter((k) => k.state === "created").length,
    ...(stopped !== undefined ? { stopped } : {}),
    ...(stopped === "auth" && stopWords !== undefined ? { stoppedBecause: stopWords } : {}),
  };
}
