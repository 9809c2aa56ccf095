/**
 * The steps of one invoice (docs/developers/rules.md#invoice-sheet, Run; "Truth of a run"): create it when the
 * service does not hold it, make sure exactly one invoice carries its reference, approve it, and
 * poll until it is approved and numbered. Each step records what the service holds (`held`) and
 * what was attempted (`attempt`); the row's state is settled from those two alone (settle.ts).
 */
import {
  gatewaySignInProblem,
  isAuthError,
  isNotFoundError,
  isRateLimitError,
  isUnavailableError,
  isUnknownOutcomeError,
  isValidationError,
} from "../../api";
import type { Invoice } from "../../api";
import { describeError, isAlreadyExists } from "../describe-error";
import type { ErrorAction } from "../describe-error";
import { hasProblem, isDraft, isNumbered, isSettled } from "../engine/settle";
import type { SlotPriority } from "../engine/slot-pool";
import { RunStopped } from "../engine/stop";
import { InvoiceProblem, noteChange, searchReference } from "../engine/work";
import type { RunContext, Work } from "../engine/work";
import { claimReference, discard, judgeFound } from "./reference-claim";
import {
  MAX_FAILED_LOOKUPS,
  adoptFound,
  findByReference,
  noteUnreachable,
  ownUnderReference,
} from "./own-invoice";
import { judgeReference } from "../engine/reference-keeper";

/**
 * Creates sent for one invoice whose answers were cut (or 5xx) while the service held none after
 * each. Six: with 10% 503s and 2% cuts one run of 500 invoices still ends (one run to
 * the end); each send is read back by its reference first, so none can be a duplicate.
 */
const MAX_CREATE_SENDS = 6;
/** Approves sent for one invoice whose answers were cut while it stayed a draft after each. */
const MAX_APPROVE_SENDS = 3;
/** Polls that fail (busy, unavailable) one after the other before the invoice is left approving. */
const MAX_FAILED_POLLS_IN_A_ROW = 3;

/**
 * Runs the steps of one invoice, each from what the service holds as the one before left it:
 * 1. reconcile — what the service holds for the row's id or earlier reference;
 * 2. create — only what the service does not hold;
 * 3. claim — exactly one invoice carries the reference, and it is the row's own;
 * 4. approve — in bulk where offered (not for Create drafts);
 * 5. poll — until approved and numbered.
 * Never throws: what ends the steps early is recorded, and settle.ts says it on the row.
 */
export async function processInvoice(ctx: RunContext, work: Work): Promise<void> {
  try {
    if (work.final) return;
    let invoice = await reconcile(ctx, work);
    if (invoice === undefined) {
      if (work.held.kind === "open" || work.attempt.refused) return;
      invoice = await create(ctx, work);
      if (invoice === undefined) return;
    }
    invoice = await claim(ctx, work, invoice);
    if (invoice === undefined) return;
    if (isDraft(invoice)) {
      if (ctx.options.drafts) return;
      invoice = await approveDraft(ctx, work, invoice);
    }
    await follow(ctx, work, invoice);
  } catch (error) {
    record(ctx, work, error);
  }
}

/** Step 1: what the service holds for the row (read in batches by id, or looked up by reference). */
async function reconcile(ctx: RunContext, work: Work): Promise<Invoice | undefined> {
  if (work.reconciled) await work.reconciled;
  else if (work.ref !== undefined && work.invoice.externalReference !== undefined) {
    // An earlier run gave it a reference but wrote no id: it may exist.
    await lookUp(ctx, work, "start");
    if (work.held.kind === "invoice") {
      adoptFound(ctx, work, work.held.invoice);
      noteChange(work, "found");
    }
  }
  return heldInvoice(work);
}

/**
 * Step 3: a draft is approved (or left as a draft) only after the search by its reference is
 * judged sure (reference-claim.ts): another pane, or a run whose results were undone, may have
 * created it under the same reference. Past draft, the search for a stray duplicate runs beside
 * the polls, at the lowest priority, and ends before the run does.
 */
async function claim(ctx: RunContext, work: Work, invoice: Invoice): Promise<Invoice | undefined> {
  if (work.referenceChecked || work.ref === undefined) return invoice;
  if (!isDraft(invoice)) {
    ctx.sweeps.push(sweep(ctx, work));
    return invoice;
  }
  return await claimReference(ctx, work, invoice);
}

/** The approve step: in bulk where the service offers it, else one approve for this invoice. */
async function approveDraft(
  ctx: RunContext,
  work: Work,
  draft: Invoice
): Promise<Invoice | undefined> {
  const verdict = ctx.bulk ? await ctx.bulk.approve(work, draft) : "single";
  if (verdict === "single") return await approve(ctx, work, draft);
  if (verdict === "not") return heldInvoice(work);
  // Answered (or read back past draft): under way; the polls read what the service holds.
  noteChange(work, "sent for approval");
  if (heldInvoice(work)?.status === draft.status)
    hold(work, { ...draft, status: "approvalinprogress" });
  work.bulkSent = true;
  ctx.progress(work, "approving");
  return await pollAfterApprove(ctx, work);
}

/**
 * Searches by reference for a duplicate draft a browser's resend made, after this invoice was
 * created with a known id: an extra draft is deleted (or the row says it is there); it was never
 * approved, as approvals name exact ids. The invoice's own state is left to its polls.
 */
async function sweep(ctx: RunContext, work: Work): Promise<void> {
  work.referenceChecked = true;
  const own = work.invoiceId;
  if (own === undefined) return;
  let found: Invoice[];
  for (let failures = 1; ; failures += 1) {
    try {
      found = await searchReference(ctx, "sweep", work);
      break;
    } catch (error) {
      if (error instanceof RunStopped || isAuthError(error)) return;
      // A 5xx after the client's retries: a moment later it may answer (as in lookUp).
      const answered = isUnavailableError(error) && error.status !== undefined;
      if (answered && failures < MAX_FAILED_LOOKUPS) {
        await ctx.sleep(ctx.options.pollIntervalMs);
        if (!ctx.stopped()) continue;
      }
      work.attempt.notes.push(
        ctx.options.say("row.secondUnchecked", {
          ref: work.ref ?? "",
          why: describeError(error, "act.searchByReference", ctx.options.say),
        })
      );
      return;
    }
  }
  // Its own invoice is past draft here: every draft beside it is extra (reference-keeper.ts).
  const verdict = judgeReference(ownUnderReference(ctx, work, found));
  for (const other of verdict.conflict ?? []) {
    if (other.id.toLowerCase() === own.toLowerCase()) continue;
    work.attempt.notes.push(
      ctx.options.say("row.secondPastDraft", { id: other.id, status: other.status })
    );
  }
  for (const extra of verdict.extra) {
    try {
      await discard(ctx, work, extra, "sweep");
    } catch {
      return;
    }
  }
}

/** Polls an invoice whose approval is under way; leaves any other as it is. */
async function follow(ctx: RunContext, work: Work, invoice: Invoice | undefined): Promise<void> {
  if (invoice === undefined || isSettled(invoice) || isDraft(invoice)) return;
  await poll(ctx, work, ctx.options.pollIntervalMs, { priority: "poll" });
}

function heldInvoice(work: Work): Invoice | undefined {
  return work.held.kind === "invoice" ? work.held.invoice : undefined;
}

function hold(work: Work, invoice: Invoice): Invoice {
  work.held = { kind: "invoice", invoice };
  work.invoiceId = invoice.id;
  return invoice;
}

/**
 * Reads what the service holds under the invoice's reference and settles `held` from it:
 * the one invoice, none, or open when the search failed. Extra drafts are dealt with.
 */
async function lookUp(
  ctx: RunContext,
  work: Work,
  priority: SlotPriority,
  refusedCreate = false
): Promise<Invoice | "none" | undefined> {
  const found = await findByReference(ctx, work, priority);
  if (found === undefined) return undefined;
  return await keepOne(ctx, work, found, refusedCreate);
}

/**
 * Of the invoices carrying the reference, keeps the one every run keeps (reference-keeper.ts):
 * the one past draft, else the oldest. Extra drafts are never approved: each is deleted (Billing
 * OpenAPI `delete-invoices-invoiceuuid`) and the row says so, or the row says it is still there.
 * When drafts created in the same instant leave the choice open, the check before approving
 * (reference-claim.ts) settles it.
 */
async function keepOne(
  ctx: RunContext,
  work: Work,
  found: Invoice[],
  refusedCreate = false
): Promise<Invoice | "none" | undefined> {
  // Only an exact reference and the row's own content count: adopting someone else's invoice
  // would be as bad as a duplicate (ownUnderReference).
  const matching = ownUnderReference(ctx, work, found, refusedCreate);
  if (matching.length === 0) {
    work.referenceChecked = true;
    work.held = { kind: "none" };
    return "none";
  }
  const own = work.invoiceId;
  if (own !== undefined && !matching.some((i) => i.id === own)) {
    // Never switch to another invoice than the one this row holds: leave it for a person.
    work.referenceChecked = true;
    return "none";
  }
  const verdict = judgeFound(work, matching, ctx.options.say);
  const keeper = verdict.keeper!;
  hold(work, keeper);
  for (const extra of verdict.extra) await discard(ctx, work, extra, "continue");
  work.referenceChecked = verdict.sure;
  return keeper;
}

/** Sends the create, waiting out 429s and settling cut answers by reading back. */
async function create(ctx: RunContext, work: Work): Promise<Invoice | undefined> {
  const { body, propertyGroupId } = work.invoice;
  let bankAccount = body.companyBankAccountId;
  if (propertyGroupId !== undefined) bankAccount = await ctx.bankAccountFor(propertyGroupId);
  work.bankAccount = bankAccount;
  const ref = work.ref!;
  let sends = 0;
  for (;;) {
    work.attempt.step = "create";
    try {
      const created = await ctx.call("start", () => {
        ctx.progress(work, "creating");
        return ctx.client.createInvoice({
          ...body,
          companyBankAccountId: bankAccount!,
          externalReference: ref,
        });
      });
      work.referenceChecked = false;
      noteChange(work, "created");
      ctx.progress(work, "created");
      work.attempt.said = undefined;
      return hold(work, { ...created, status: created.status || "created" });
    } catch (error) {
      if (error instanceof RunStopped) {
        work.attempt.step = "none";
        throw error;
      }
      if (isAuthError(error)) {
        // A 401/403 (or no user token) creates nothing: the service holds no invoice for it.
        none(work);
        throw error;
      }
      if (isRateLimitError(error)) {
        // The run waits out 429s in ctx.call; one arrives here only when the run chose to stop
        // waiting (RunOptions.maxRateLimitWaits). Nothing was created.
        work.attempt.said = describeError(error, "act.createInvoice", ctx.options.say);
        return none(work);
      }
      if (noteUnreachable(ctx, error)) {
        work.attempt.said = describeError(error, "act.createInvoice", ctx.options.say);
        return none(work);
      }
      if (gatewaySignInProblem(error) !== undefined) {
        // The company gateway had no token and forwarded nothing: nothing to read back.
        work.attempt.said = describeError(error, "act.createInvoice", ctx.options.say);
        return none(work);
      }
      if (isUnknownOutcomeError(error) || isAlreadyExists(error) || isUnavailableError(error)) {
        // The service may have stored it: read back by its reference, never guess.
        sends += 1;
        const found = await lookUp(ctx, work, "continue", isAlreadyExists(error));
        if (found === undefined) return undefined;
        if (found !== "none") {
          // A cut create went through: this run created it. Refused at the first send, it was
          // there before (another pane, a run whose results were undone): found, not created.
          // Either way an invoice older than this sitting is not taken (adoptFound).
          const earlier = sends === 1 && isAlreadyExists(error);
          adoptFound(ctx, work, found, earlier);
          noteChange(work, earlier ? "found" : "created");
          return found;
        }
        if (isAlreadyExists(error)) {
          throw new InvoiceProblem(ctx.options.say("row.existsNotFound", { ref }));
        }
        work.attempt.said = ctx.options.say("row.cutWhileSending", { count: sends, ref });
        if (sends >= MAX_CREATE_SENDS) return none(work);
        continue;
      }
      work.attempt.refused = true;
      work.attempt.said = describeError(error, "act.createInvoice", ctx.options.say);
      work.held = { kind: "none" };
      return undefined;
    }
  }
}

function none(work: Work): undefined {
  work.held = { kind: "none" };
  return undefined;
}

/** Reads one invoice by id; undefined (and the failure in `said`) when that fails. */
async function readBack(
  ctx: RunContext,
  work: Work,
  action: ErrorAction
): Promise<Invoice | undefined> {
  try {
    const invoice = await ctx.call("continue", () => ctx.client.getInvoice(work.invoiceId!));
    return hold(work, invoice);
  } catch (error) {
    if (error instanceof RunStopped || isAuthError(error)) throw error;
    noteUnreachable(ctx, error);
    work.attempt.said = describeError(error, action, ctx.options.say);
    return undefined;
  }
}

/** Sends the approve; a cut or refused answer is settled by reading the invoice back. */
async function approve(ctx: RunContext, work: Work, draft: Invoice): Promise<Invoice | undefined> {
  const id = draft.id;
  let sends = 0;
  for (;;) {
    try {
      await ctx.call("continue", () => {
        work.attempt.step = "approve";
        return ctx.client.approveInvoice(id, work.invoice.invoiceDate);
      });
      work.attempt.said = undefined;
      noteChange(work, "sent for approval");
      // Answered: the approval is under way, whatever a later failed poll leaves unread.
      hold(work, { ...draft, status: "approvalinprogress" });
      ctx.progress(work, "approving");
      return await pollAfterApprove(ctx, work);
    } catch (error) {
      if (error instanceof RunStopped || isAuthError(error)) throw error;
      const said = describeError(error, "act.approveInvoice", ctx.options.say);
      // A 429 here: the run stopped waiting (see create); the invoice stays a draft.
      if (noteUnreachable(ctx, error) || isRateLimitError(error)) {
        work.attempt.said = said;
        return undefined;
      }
      sends += 1;
      // The approve may have been carried out (cut answer, or a resend refused as not a draft).
      const back = await readBack(ctx, work, "act.readBackAfterApprove");
      if (back === undefined) {
        work.attempt.said = ctx.options.say("row.readBackFailed", { said });
        return undefined;
      }
      if (!isDraft(back)) {
        // Past draft after this run's approve: the approve went through.
        noteChange(work, "sent for approval");
        return back;
      }
      if (isValidationError(error) || isNotFoundError(error) || sends >= MAX_APPROVE_SENDS) {
        work.attempt.refused = isValidationError(error) || isNotFoundError(error);
        work.attempt.said = said;
        return back;
      }
    }
  }
}

/**
 * Polls an invoice whose approve was just answered: as a probe of the approval time, or first when
 * its number is expected once the probes have measured it (approval-timing.ts), or, without a
 * measure, after the configured first-poll delay.
 */
async function pollAfterApprove(ctx: RunContext, work: Work): Promise<Invoice | undefined> {
  const { timing } = ctx;
  if (timing === undefined)
    return await poll(ctx, work, ctx.options.firstPollDelayMs, { priority: "poll" });
  const approvedAt = Date.now();
  const plan = timing.plan();
  if (plan.probe) {
    try {
      return await poll(ctx, work, plan.firstDelayMs!, {
        priority: "probe",
        intervalMs: plan.intervalMs,
        approvedAt,
      });
    } finally {
      timing.probeEnded();
    }
  }
  // Until the probes have seen a number, nothing is known: a poll now would most likely be wasted.
  // The wait ends when what the probes know changes (approval-timing.ts tells the waiting ones a
  // slice at a time), the approval time-out comes, or the run stops.
  for (;;) {
    const delay = timing.firstDelay(ctx.options.firstPollDelayMs);
    if (delay !== undefined) {
      const rest = Math.max(0, approvedAt + delay - Date.now());
      return await poll(ctx, work, rest, { priority: "poll", approvedAt });
    }
    if (ctx.stopped()) return undefined;
    const left = approvedAt + ctx.options.approvalTimeoutMs - Date.now();
    if (left < 0) {
      work.attempt.timedOut = true;
      return undefined;
    }
    await ctx.sleep(left + 1, timing.nextChange());
  }
}

/** How {@link poll} polls. */
interface PollWay {
  priority: SlotPriority;
  /** Time between polls after the first; default the run's poll interval. */
  intervalMs?: number;
  /** When the approve was answered (ms since epoch); polls then report what they saw to `timing`. */
  approvedAt?: number;
}

/** Polls until settled; the invoice as last read, or undefined after the time-out or failed polls. */
async function poll(
  ctx: RunContext,
  work: Work,
  firstDelay: number,
  way: PollWay
): Promise<Invoice | undefined> {
  const { approvalTimeoutMs } = ctx.options;
  const pollIntervalMs = way.intervalMs ?? ctx.options.pollIntervalMs;
  const deadline = (way.approvedAt ?? Date.now()) + approvalTimeoutMs;
  let delay = firstDelay;
  let failedPolls = 0;
  for (;;) {
    if (Date.now() + delay > deadline) {
      work.attempt.timedOut = true;
      return undefined;
    }
    // The wait holds no slot: other invoices' calls go on meanwhile.
    await waitToPoll(ctx, delay, way);
    if (ctx.stopped()) return undefined;
    delay = pollIntervalMs;
    let invoice: Invoice;
    try {
      invoice = await ctx.read(way.priority, work.invoiceId!);
      failedPolls = 0;
      work.attempt.said = undefined;
    } catch (error) {
      if (error instanceof RunStopped) return undefined;
      if (isAuthError(error)) throw error;
      work.attempt.said = describeError(error, "act.readApprovalState", ctx.options.say);
      if (noteUnreachable(ctx, error)) return undefined;
      // The client has retried already; a later poll may still get through, a dead service not.
      const busy = isRateLimitError(error) || isUnavailableError(error);
      if (!busy || ++failedPolls >= MAX_FAILED_POLLS_IN_A_ROW) return undefined;
      continue;
    }
    hold(work, invoice);
    if (work.bulkSent && isDraft(invoice)) {
      // A bulk answer names no invoice it did not match: still a draft means it was not approved.
      work.changes = work.changes.filter((c) => c !== "sent for approval");
      work.attempt.said = ctx.options.say("row.bulkStillDraft");
      return invoice;
    }
    if (way.approvedAt !== undefined && isNumbered(invoice))
      ctx.timing?.sawSettled(Date.now() - way.approvedAt);
    if (isSettled(invoice) || hasProblem(invoice)) return invoice;
  }
}

/**
 * Waits `delay` before a poll. A probe still waiting when another probe sees the first number
 * polls when its own number is due (at once, for the probes of the same bulk request), not on its
 * grid: otherwise the probes' last polls come up to an interval after every other invoice of the
 * run was read (bench:invoices: the run ended 0.77 s after its last batched read).
 */
async function waitToPoll(ctx: RunContext, delay: number, way: PollWay): Promise<void> {
  const { timing } = ctx;
  if (way.priority !== "probe" || timing === undefined || way.approvedAt === undefined)
    return await ctx.sleep(delay);
  if (timing.measured()) return await ctx.sleep(delay);
  await ctx.sleep(delay, timing.learnt);
  const due = timing.dueAt(way.approvedAt);
  if (due === undefined || ctx.stopped()) return;
  const rest = due - Date.now();
  if (rest > 0) await ctx.sleep(Math.min(rest, delay));
}

/** Records why the steps ended early; the state follows from `held` and `attempt`. */
function record(ctx: RunContext, work: Work, error: unknown): void {
  if (isAuthError(error)) {
    ctx.stop("auth");
    return;
  }
  if (error instanceof RunStopped) return;
  if (error instanceof InvoiceProblem) {
    work.attempt.refused = true;
    work.attempt.said = error.message;
    if (work.held.kind !== "invoice") work.held = { kind: "none" };
    return;
  }
  // Anything else unexpected: said on the row, the state as the service was last seen.
  work.attempt.said = describeError(error, "act.continueInvoice", ctx.options.say);
  if (work.held.kind === "unasked") work.held = { kind: "open" };
}
