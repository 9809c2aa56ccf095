/**
 * The steps of one invoice (DESIGN.md "Invoice sheet", Run): find out where it stands (read it by
 * id, or look it up by its reference), create it when it does not exist, approve it, poll until it
 * is approved and numbered, and leave its rows truthful and resumable whatever happens.
 */
import {
  isAuthError,
  isRateLimitError,
  isUnavailableError,
  isUnknownOutcomeError,
} from "../api/errors";
import type { BillingClient, Invoice } from "../api/types";
import { SIGN_IN_MESSAGE, describeError, entriesText, isAlreadyExists } from "./describe-error";
import type { PlannedInvoice } from "./plan-types";
import type { ResolvedRunOptions } from "./run-options";
import type { InvoiceState, StopReason } from "./run-types";
import type { SlotPriority } from "./slot-pool";

/**
 * How far one invoice got: `start` = nothing created; `existing` = created by an earlier run,
 * state not read yet; `created` = created, approve not sent; `approving` = approve sent.
 */
export type Phase = "start" | "existing" | "created" | "approving";

/** One invoice during a run. */
export interface Work {
  invoice: PlannedInvoice;
  state: InvoiceState;
  phase: Phase;
  invoiceId?: string;
  invoiceNum?: string;
  ref?: string;
  message?: string;
  /** What was being done, for messages: "create the invoice". */
  action: string;
}

/** What the pipeline needs from the run. */
export interface RunContext {
  client: BillingClient;
  options: ResolvedRunOptions;
  /** Runs `task` in a slot; throws {@link RunStopped} instead when the run stopped meanwhile. */
  call<T>(priority: SlotPriority, task: () => Promise<T>): Promise<T>;
  stopped(): StopReason | undefined;
  stop(reason: StopReason): void;
  /** Waits `ms`, or less when the run stops. */
  sleep(ms: number): Promise<void>;
  /** Moves `work` to `state` and queues its rows' result cells; `message` "" clears the cell. */
  update(work: Work, state: InvoiceState, message?: string): void;
  /** The bank account of a property group's billing configuration, read once per run. */
  bankAccountFor(propertyGroupId: string): Promise<string>;
}

/** Thrown inside the pipeline when the run stopped (cancel, sign-in, sheet) before a call was made. */
export class RunStopped extends Error {
  override name = "RunStopped" as const;
}

/** A problem found by the engine itself, with the sentence for the rows. */
export class InvoiceProblem extends Error {
  override name = "InvoiceProblem" as const;
}

/** Statuses after approval (REAL-SERVICE.md: `settled`, `generated` follow `approved`). */
const APPROVED_STATUSES = new Set(["approved", "settled", "generated"]);

function isFinished(invoice: Invoice): boolean {
  if (invoice.errors.length > 0) return true;
  const status = (invoice.status ?? "").toLowerCase();
  if (status === "generationfailed") return true;
  return APPROVED_STATUSES.has(status) && (invoice.invoiceNum ?? "").trim() !== "";
}

/** Runs every step of one invoice; never throws. */
export async function processInvoice(ctx: RunContext, work: Work): Promise<void> {
  try {
    const current = await locate(ctx, work);
    if (current) await advance(ctx, work, current);
  } catch (error) {
    interrupt(ctx, work, error);
  }
}

/** The invoice as the service has it, creating it when needed; undefined when the invoice ended. */
async function locate(ctx: RunContext, work: Work): Promise<Invoice | undefined> {
  const id = work.invoiceId;
  if (id !== undefined) {
    work.action = "read the invoice";
    return await ctx.call("continue", () => ctx.client.getInvoice(id));
  }
  if (work.invoice.externalReference !== undefined) {
    // An earlier run gave it a reference but wrote no id: it may exist. Decision: when the search
    // answers with no match, creating is safe — the search is authoritative, and the service
    // refuses a second invoice with the same reference (INVOICE_ALREADY_EXISTS) anyway.
    const found = await lookUp(ctx, work);
    if (found !== "none") return found;
  }
  return await create(ctx, work);
}

/** Looks the invoice up by its reference: the one found, "none", or undefined when it ended. */
async function lookUp(ctx: RunContext, work: Work): Promise<Invoice | "none" | undefined> {
  const ref = work.ref!;
  work.action = "look up the invoice by its reference";
  const found = await ctx.call("start", () => ctx.client.findInvoicesByExternalReference(ref));
  // Only an exact reference counts: adopting someone else's invoice would be as bad as a duplicate.
  const matching = found.filter((i) => i.externalReference === ref);
  if (matching.length === 0) return "none";
  if (matching.length > 1) {
    ctx.update(
      work,
      "failed",
      `${matching.length} invoices in the billing service carry the reference ${ref}; check them there and put the right invoice's id in invoiceId.`
    );
    return undefined;
  }
  work.invoiceId = matching[0].id;
  work.phase = "existing";
  return matching[0];
}

async function create(ctx: RunContext, work: Work): Promise<Invoice | undefined> {
  const { body, propertyGroupId } = work.invoice;
  let bankAccount = body.companyBankAccountId;
  if (propertyGroupId !== undefined) {
    work.action = "read the property group's bank account";
    bankAccount = await ctx.bankAccountFor(propertyGroupId);
  }
  const ref = work.ref!;
  work.action = "create the invoice";
  let created: Invoice;
  try {
    created = await ctx.call("start", () => {
      ctx.update(work, "creating");
      return ctx.client.createInvoice({
        ...body,
        companyBankAccountId: bankAccount!,
        externalReference: ref,
      });
    });
  } catch (error) {
    if (isUnknownOutcomeError(error)) {
      ctx.update(
        work,
        "unknown",
        `The connection broke after the invoice was sent, so it may or may not have been created; it was not sent again. Run again to look it up by its reference ${ref}.`
      );
      return undefined;
    }
    if (isAlreadyExists(error)) {
      const found = await lookUp(ctx, work);
      if (found !== "none") return found;
      throw new InvoiceProblem(
        `The billing service says an invoice with reference ${ref} exists, but none was found by that reference; check in the billing service.`
      );
    }
    throw error;
  }
  work.invoiceId = created.id;
  work.phase = "created";
  ctx.update(work, "created");
  return { ...created, status: created.status || "created" };
}

/** From the invoice's current state to approved (or failed, pending). */
async function advance(ctx: RunContext, work: Work, invoice: Invoice): Promise<void> {
  const id = work.invoiceId ?? invoice.id;
  work.invoiceId = id;
  let current: Invoice | undefined = invoice;
  while (current) {
    if (current.errors.length > 0) {
      ctx.update(
        work,
        "failed",
        `The billing service reported a problem with the invoice: ${entriesText(current.errors) || "no details given"}.`
      );
      return;
    }
    const status = (current.status ?? "").toLowerCase();
    if (isFinished(current) && APPROVED_STATUSES.has(status)) {
      work.invoiceNum = current.invoiceNum!.trim();
      ctx.update(work, "approved");
      return;
    }
    if (status === "generationfailed") {
      ctx.update(
        work,
        "failed",
        "The billing service could not generate the invoice (status generationfailed)."
      );
      return;
    }
    if (status === "created") {
      work.phase = "created";
      if (work.state !== "created") ctx.update(work, "created");
      work.action = "approve the invoice";
      await ctx.call("continue", () => ctx.client.approveInvoice(id, work.invoice.invoiceDate));
      work.phase = "approving";
      ctx.update(work, "approving");
      current = await poll(ctx, work, ctx.options.firstPollDelayMs);
    } else {
      // approvalinprogress, approved without a number yet, or a status the interface does not show.
      work.phase = "approving";
      ctx.update(work, "approving");
      current = await poll(ctx, work, ctx.options.pollIntervalMs);
    }
  }
}

/** Polls that fail (busy, unavailable) one after the other before the invoice is left `approving`. */
const MAX_FAILED_POLLS_IN_A_ROW = 3;

/** Polls until finished; undefined (and the invoice `pending`) after the approval time-out. */
async function poll(ctx: RunContext, work: Work, firstDelay: number): Promise<Invoice | undefined> {
  const { pollIntervalMs, approvalTimeoutMs } = ctx.options;
  const deadline = Date.now() + approvalTimeoutMs;
  let delay = firstDelay;
  let failedPolls = 0;
  for (;;) {
    if (Date.now() + delay > deadline) {
      ctx.update(work, "pending", "Still approving — run again to continue.");
      return undefined;
    }
    // The wait holds no slot: other invoices' calls go on meanwhile.
    await ctx.sleep(delay);
    if (ctx.stopped()) throw new RunStopped();
    work.action = "read the invoice's approval state";
    delay = pollIntervalMs;
    let invoice: Invoice;
    try {
      invoice = await ctx.call("continue", () => ctx.client.getInvoice(work.invoiceId!));
      failedPolls = 0;
    } catch (error) {
      // The client has retried already; a later poll may still get through, a dead service not.
      const busy = isRateLimitError(error) || isUnavailableError(error);
      if (!busy || ++failedPolls >= MAX_FAILED_POLLS_IN_A_ROW) throw error;
      continue;
    }
    if (isFinished(invoice)) return invoice;
  }
}

const STOP_TEXT: Record<StopReason, string> = {
  cancelled: "The run was cancelled.",
  auth: SIGN_IN_MESSAGE,
  "sheet-write": "The run stopped because the sheet could not be updated.",
};

/** Leaves an interrupted invoice truthful and resumable. */
function interrupt(ctx: RunContext, work: Work, error: unknown): void {
  if (isAuthError(error)) ctx.stop("auth");
  const reason =
    error instanceof RunStopped || isAuthError(error) ? (ctx.stopped() ?? "cancelled") : undefined;
  if (reason !== undefined) {
    const why = STOP_TEXT[reason];
    switch (work.phase) {
      case "start":
        return ctx.update(work, "cancelled", `Nothing was sent. ${why} Run again to create it.`);
      case "existing":
        return ctx.update(work, "cancelled", `Not checked. ${why} Run again to continue.`);
      case "created":
        return ctx.update(
          work,
          "created",
          `Created, not approved yet. ${why} Run again to approve it.`
        );
      case "approving":
        return ctx.update(
          work,
          "approving",
          `Approval sent, no invoice number yet. ${why} Run again to pick up the number.`
        );
    }
  }
  if (error instanceof InvoiceProblem) return ctx.update(work, "failed", error.message);
  const said = describeError(error, work.action);
  if (isRateLimitError(error) || isUnavailableError(error)) {
    switch (work.phase) {
      case "start":
        return ctx.update(work, "failed", `${said} Nothing was created; run again.`);
      case "existing":
        return ctx.update(work, "pending", `${said} Run again to continue.`);
      case "created":
        return ctx.update(
          work,
          "created",
          `Created, not approved yet. ${said} Run again to approve it.`
        );
      case "approving":
        return ctx.update(
          work,
          "approving",
          `Approval sent. ${said} Run again to pick up the invoice number.`
        );
    }
  }
  ctx.update(work, "failed", said);
}
