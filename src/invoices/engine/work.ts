/**
 * One invoice of a plan run and what its steps call the run through: the engine's own types, which
 * an action's steps (src/invoices/actions/, e.g. create-and-approve.ts) are written against.
 */
import type { BillingClient, Invoice } from "../../api";
import type { PlannedInvoice } from "../plan-types";
import type { ApprovalTiming } from "./approval-timing";
import type { ResolvedRunOptions } from "./run-options";
import type { InvoiceChange, InvoiceState, StopReason } from "./run-types";
import type { Attempt, Held } from "./settle";
import type { SlotPriority } from "./slot-pool";
import type { RunCaller } from "./run-caller";
import type { Say } from "../words";

/** One invoice during a run. */
export interface Work {
  invoice: PlannedInvoice;
  state: InvoiceState;
  invoiceId?: string;
  invoiceNum?: string;
  ref?: string;
  message?: string;
  held: Held;
  attempt: Attempt;
  /** The state the sheet shows for it at the start (for rows that keep their status). */
  prior: InvoiceState;
  /** Approved and numbered in the sheet: final, not read again. */
  final: boolean;
  /** The search by reference has been done since its create: exactly one invoice carries it. */
  referenceChecked: boolean;
  /** Its approve went out in a bulk request: the first poll confirms it (never the answer alone). */
  bulkSent?: boolean;
  /** Resolves when the batched read of step 1 has settled `held` (invoices with an id). */
  reconciled?: Promise<void>;
  /** What this run changed in the service for it, in order (the Billing log's row). */
  changes: InvoiceChange[];
  /** The bank account its create was sent with (its property group's, read by the run). */
  bankAccount?: string;
  /** Invoices under its reference that are not its own (row-match.ts): noted once, never touched. */
  foreign?: Set<string>;
  /** Held back by the action's step before the run (`PlanAction.before`): nothing else is done. */
  kept?: Kept;
}

/** An invoice a step before the run held back: the state it ends in and its row's message. */
export interface Kept {
  state: InvoiceState;
  message: string;
}

/** What a step before the run acts through: the run's own calls (one pool, budget and stop). */
export interface PreStep {
  client: BillingClient;
  caller: RunCaller;
  say: Say;
}

/** Records that this run changed `change` for `work` (once). */
export function noteChange(work: Work, change: InvoiceChange): void {
  if (!work.changes.includes(change)) work.changes.push(change);
}

/**
 * How a bulk approve answered for one draft: `sent` = in a bulk request the service took (the first
 * poll confirms it); `single` = approve it alone; `not` = not approved (the row says why).
 */
export type BulkVerdict = "sent" | "single" | "not";

/** The bulk approve step of a run, as an invoice's steps use it (bulk-approver.ts). */
export interface BulkApproveStep {
  /** Queues the draft for the next bulk request; resolves with how it went. */
  approve(work: Work, draft: Invoice): Promise<BulkVerdict>;
  /** The invoice's steps are over: a chunk no longer waits for it. */
  leave(work: Work): void;
}

/** The searches by reference of a run, gathered into paged searches (reference-search.ts). */
export interface GatheredSearch {
  /** The invoices carrying `work.ref`. */
  find(priority: SlotPriority, work: Work): Promise<Invoice[]>;
  /** The invoice's steps are over: no gathered search waits for it. */
  leave(work: Work): void;
}

/** The steps of one invoice in a plan run (create and approve's `processInvoice`); never throws. */
export type InvoiceSteps = (ctx: RunContext, work: Work) => Promise<void>;

/** What the pipeline needs from the run. */
export interface RunContext {
  client: BillingClient;
  options: ResolvedRunOptions;
  /** Runs `task` in a slot; throws {@link RunStopped} instead when the run stopped meanwhile. */
  call<T>(priority: SlotPriority, task: () => Promise<T>): Promise<T>;
  /** {@link call}, and no create starts while `task` runs (slot-pool.ts); absent = {@link call}. */
  callHoldingStarts?<T>(priority: SlotPriority, task: () => Promise<T>): Promise<T>;
  stopped(): StopReason | undefined;
  stop(reason: StopReason): void;
  /** Waits `ms`, or less when the run stops (or `until` resolves first). */
  sleep(ms: number, until?: Promise<unknown>): Promise<void>;
  /** Shows progress: moves `work` to an in-flight `state` and writes it to its rows. */
  progress(work: Work, state: InvoiceState): void;
  /** The run's measure of the service's approval time; absent when the first poll is fixed. */
  timing?: ApprovalTiming;
  /** The bank account of a property group's billing configuration, read once per run. */
  bankAccountFor(propertyGroupId: string): Promise<string>;
  /** Reads one invoice by id; reads asked for at the same moment go out as one batched read. */
  read(priority: SlotPriority, invoiceId: string): Promise<Invoice>;
  /** The run's bulk approve step (bulk-approver.ts); absent = one approve per invoice. */
  bulk?: BulkApproveStep;
  /** The stray-duplicate searches of the run (awaited before it ends). */
  sweeps: Promise<void>[];
  /** Searches by reference gathered into paged searches (reference-search.ts); absent = one per invoice. */
  references?: GatheredSearch;
}

/** The invoices carrying `work.ref`: through the run's gathered search, else its own search. */
export function searchReference(
  ctx: RunContext,
  priority: SlotPriority,
  work: Work
): Promise<Invoice[]> {
  if (ctx.references !== undefined) return ctx.references.find(priority, work);
  return ctx.call(priority, () => ctx.client.findInvoicesByExternalReference(work.ref!));
}

/** A problem found by the engine itself, with the sentence for the rows. */
export class InvoiceProblem extends Error {
  override name = "InvoiceProblem" as const;
}
