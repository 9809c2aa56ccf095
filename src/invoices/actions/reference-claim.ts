/**
 * The reference check before a draft is approved (docs/developers/rules.md#truth-of-a-run: before an invoice is
 * approved the add-in makes sure exactly one invoice carries its reference). The search by
 * reference is judged by reference-keeper.ts, the same way in every run: extra drafts are deleted,
 * the row takes the invoice every run keeps (which may be one another pane created), and a draft
 * is approved only when the judgement is sure. Drafts created in the same instant are settled by
 * each run deleting its own other draft and looking again.
 */
import { isAuthError, isNotFoundError } from "../../api";
import type { Invoice, SearchedInvoices } from "../../api";
import { describeError } from "../describe-error";
import { adoptFound, findByReference, ownUnderReference } from "./own-invoice";
import { InvoiceProblem, noteChange } from "../engine/work";
import type { RunContext, Work } from "../engine/work";
import { RunStopped } from "../engine/stop";
import { isUnapproved, judgeReference } from "../engine/reference-keeper";
import type { ReferenceVerdict } from "../engine/reference-keeper";
import type { SlotPriority } from "../engine/slot-pool";
import { ENGLISH, type Say } from "../words";

/** Searches made for drafts created in the same instant before the row is left for the next run. */
export const MAX_CLAIM_ROUNDS = 5;

/** The verdict on what `found` holds under `work.ref` (only an exact reference counts). */
export function judgeFound(
  work: Work,
  found: readonly Invoice[],
  say: Say = ENGLISH
): ReferenceVerdict {
  const verdict = judgeReference(found.filter((i) => i.externalReference === work.ref));
  if (verdict.conflict) {
    work.held = { kind: "open" };
    work.attempt.refused = true;
    throw new InvoiceProblem(
      say("row.claim.conflict", { count: verdict.conflict.length, ref: work.ref ?? "" })
    );
  }
  return verdict;
}

/**
 * Deletes a draft that must never be approved; the row says what became of it. A draft already
 * gone (another run deleted it) needs nothing. True when it is gone.
 */
export async function discard(
  ctx: RunContext,
  work: Work,
  extra: Invoice,
  priority: SlotPriority,
  cause?: string
): Promise<boolean> {
  const say = ctx.options.say;
  const what = say("row.claim.second", { id: extra.id, cause: cause ?? say("row.claim.cause") });
  try {
    await ctx.call(priority, () => ctx.client.deleteInvoice(extra.id));
    noteChange(work, "deleted duplicate");
    work.attempt.notes.push(say("row.claim.deleted", { what }));
    return true;
  } catch (error) {
    if (error instanceof RunStopped || isAuthError(error)) throw error;
    if (isNotFoundError(error)) return true;
    const why = describeError(error, "act.deleteIt", say);
    work.attempt.notes.push(say("row.claim.stillThere", { what, why }));
    return false;
  }
}

/**
 * The row's draft is about to be approved (or left as a draft): look up its reference, delete the
 * extra drafts, take the invoice every run keeps, and return it when it may be approved now
 * (undefined: not now; the row says why). Throws as the pipeline's steps do.
 */
export async function claimReference(
  ctx: RunContext,
  work: Work,
  draft: Invoice
): Promise<Invoice | undefined> {
  let current = draft;
  for (let round = 1; round <= MAX_CLAIM_ROUNDS; round += 1) {
    const found = await findByReference(ctx, work, "continue");
    if (found === undefined) return undefined;
    const verdict = judgeFound(work, ownUnderReference(ctx, work, found), ctx.options.say);
    const { keeper } = verdict;
    if (keeper === undefined) {
      // Its own draft is gone too: another run deleted it while settling a tie. Nothing is billed.
      work.held = { kind: "none" };
      work.attempt.said = ctx.options.say("row.claim.deletedByOther", { id: current.id });
      return undefined;
    }
    const own = work.invoiceId;
    // Drafts tied with the keeper (the same instant, or a service that does not say when) are
    // deleted by every run alike, its own or not: they are this row's drafts (ownUnderReference),
    // every run keeps the same one, so the next search finds it alone. A run whose create answer
    // was cut does not know which draft is its own, and so cannot wait for the others to go.
    // This run's own draft, beside an invoice made before it under the same reference (a run
    // whose write-back was undone, another pane's): said as what it is, not as a resent create.
    const earlier = keeper.id !== own && !isUnapproved(keeper);
    const ownCause = (i: Invoice) =>
      earlier && i.id === own
        ? ctx.options.say("row.claim.causeFound", { id: keeper.id })
        : undefined;
    for (const extra of [...verdict.extra, ...verdict.tied])
      await discard(ctx, work, extra, "continue", ownCause(extra));
    if (keeper.id !== own) {
      // Another pane's create (or an undone run's) is kept: found, unless this run created one too;
      // an invoice older than this sitting is a likely repeat, never taken (adoptFound).
      adoptFound(ctx, work, keeper, earlier);
      if (!work.changes.includes("created")) noteChange(work, "found");
      // A draft kept: a resent create's first copy, or another pane's at the same moment.
      if (!earlier)
        work.attempt.notes.push(
          ctx.options.say("row.claim.nowHolds", { id: keeper.id, ref: work.ref ?? "" })
        );
    }
    work.held = { kind: "invoice", invoice: keeper };
    work.invoiceId = keeper.id;
    current = keeper;
    // A draft is approved on a one-page answer only (api SearchedInvoices: pages shift under
    // deletions); past draft, there is nothing left to decide.
    const whole = ((found as SearchedInvoices).pages ?? 1) <= 1 || !isUnapproved(keeper);
    if (verdict.sure && whole) {
      work.referenceChecked = true;
      return keeper;
    }
    await ctx.sleep(ctx.options.pollIntervalMs);
    if (ctx.stopped()) throw new RunStopped();
  }
  work.attempt.said = ctx.options.say("row.claim.rounds", {
    rounds: MAX_CLAIM_ROUNDS,
    ref: work.ref ?? "",
  });
  return undefined;
}
