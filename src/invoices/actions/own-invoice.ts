/**
 * Which invoice under a row's reference is the row's own (docs/controllers/taskpane.md "Which
 * invoice a row is"): the search by reference, the match of an invoice to its row, and the rule
 * that an older invoice under a reference derived now is a likely repeat, never adopted.
 */
import { isAuthError, isNotSentError, isUnavailableError } from "../../api";
import type { Invoice } from "../../api";
import { describeError } from "../describe-error";
import { madeOn, madeThisSitting, rowMismatch } from "../engine/row-match";
import type { SlotPriority } from "../engine/slot-pool";
import { RunStopped } from "../engine/stop";
import { InvoiceProblem, searchReference } from "../engine/work";
import type { RunContext, Work } from "../engine/work";

/** Searches by reference that meet a 5xx one after the other before the step is left open. */
export const MAX_FAILED_LOOKUPS = 3;
/**
 * Of the invoices `found` under `work.ref`, those that may be the row's own: the exact reference,
 * and either the invoice the row already holds (its id from the sheet, or this run's create) or one
 * whose customer, bank account and lines agree with the row (engine/row-match.ts). Every other one
 * is noted on the row once and left alone: never adopted, approved or deleted. When nothing is left
 * and `refusedCreate` (the service refused the create because the reference is taken), the row is
 * refused with what holds its reference.
 */
export function ownUnderReference(
  ctx: Pick<RunContext, "options">,
  work: Work,
  found: readonly Invoice[],
  refusedCreate = false
): Invoice[] {
  const say = ctx.options.say;
  const own: Invoice[] = [];
  let firstForeign: string | undefined;
  for (const invoice of found) {
    if (invoice.externalReference !== work.ref) continue;
    const held = [work.invoiceId, work.invoice.invoiceId].some(
      (id) => id !== undefined && id.toLowerCase() === invoice.id.toLowerCase()
    );
    const mismatch = held ? undefined : rowMismatch(invoice, work.invoice, work.bankAccount);
    if (mismatch === undefined) {
      own.push(invoice);
      continue;
    }
    const words = { id: invoice.id, ref: work.ref ?? "", ...mismatch };
    firstForeign ??= say("row.match.onlyForeign", words);
    work.foreign ??= new Set();
    if (work.foreign.has(invoice.id)) continue;
    work.foreign.add(invoice.id);
    work.attempt.notes.push(say("row.match.foreign", words));
  }
  if (own.length === 0 && refusedCreate && firstForeign !== undefined) {
    work.attempt.notes = [];
    throw new InvoiceProblem(firstForeign);
  }
  return own;
}

/**
 * A found invoice the row did not hold (another pane's create, an undone run's) is the row's only
 * when it was made in this sitting (row-match.ts `madeThisSitting`) or the sheet gave the reference
 * itself. An older one under a reference derived now is a likely repeat (the same recurring line in
 * the same sheet a month later): the row is refused with what it looks like, and the controller
 * links it (its id in invoiceId) or bills it again (a new reference). Throws; else says it found it.
 */
export function adoptFound(
  ctx: Pick<RunContext, "options">,
  work: Work,
  found: Invoice,
  sayFound = true
): void {
  const say = ctx.options.say;
  const ref = work.ref ?? "";
  const date = madeOn(found, ctx.options.timeZone) ?? "?";
  const derivedNow = work.invoice.externalReference === undefined;
  if (derivedNow && !madeThisSitting(found, Date.now(), work.invoice.invoiceDate)) {
    const num = (found.invoiceNum ?? "").trim();
    const what =
      num === ""
        ? say("row.repeat.draft", { id: found.id })
        : say("row.repeat.numbered", {
            num,
            status: found.sent ? `${found.status}, ${found.sent}` : found.status,
          });
    work.held = { kind: "none" };
    work.invoiceId = work.invoice.invoiceId;
    throw new InvoiceProblem(say("row.repeat", { what, date, ref, id: found.id }));
  }
  if (sayFound) work.attempt.notes.push(say("row.claim.foundEarlier", { id: found.id, date }));
}

/** Stops the run when a request never left (refused connection, no such host). */
export function noteUnreachable(ctx: RunContext, error: unknown): boolean {
  if (!isUnavailableError(error) || !isNotSentError(error)) return false;
  ctx.stop("unreachable");
  return true;
}

/**
 * Searches by the invoice's reference; undefined (the step left open, said on the row) when the
 * search fails after the retries a 5xx earns.
 */
export async function findByReference(
  ctx: RunContext,
  work: Work,
  priority: SlotPriority
): Promise<Invoice[] | undefined> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await searchReference(ctx, priority, work);
    } catch (error) {
      if (error instanceof RunStopped || isAuthError(error)) throw error;
      // The service answered 5xx after the client's retries: a moment later it may answer, and
      // the run need not leave the invoice for the next one (one run to the end).
      const answered = isUnavailableError(error) && error.status !== undefined;
      if (answered && failures < MAX_FAILED_LOOKUPS) {
        await ctx.sleep(ctx.options.pollIntervalMs);
        if (ctx.stopped()) throw new RunStopped();
        continue;
      }
      noteUnreachable(ctx, error);
      // An invoice already read stays what the service holds; otherwise the outcome is open.
      if (work.held.kind !== "invoice") work.held = { kind: "open" };
      work.attempt.said = describeError(error, "act.findByReference", ctx.options.say);
      return undefined;
    }
  }
}
