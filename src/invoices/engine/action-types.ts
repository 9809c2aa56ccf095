/**
 * Send and credit runs after approval: the plan (from the sheet), the preparation (what
 * the service holds, for the confirmation), the run's options, progress and results.
 */
import type { Invoice, SendChannel } from "../../api";
import type { RateLimitPause, StopReason } from "./run-types";
import type { RowUpdate } from "../sheet-types";
import type { Language } from "../words";

/** The controller's choice: the action and, for send, the channel (default "email"). */
export interface ActionRequest {
  /** An id action of the registry (discard drafts, send, credit, mark as sent, …). */
  action: string;
  /** An action that sends (`IdAction.channels`): by email (`/send`) or by post (`/sendviapostal`); default "email". */
  channel?: SendChannel;
}

/** One invoice the action applies to, from the sheet: rows sharing an id are merged. */
export interface ActionItem {
  /** The invoice id, lower-cased: unique within a plan. */
  key: string;
  /** The invoice id as the sheet holds it. */
  invoiceId: string;
  /** Its rows, in sheet order. */
  rowNumbers: number[];
  /** The `status` cell when planned (lower-cased; "" when empty). */
  statusBefore: string;
  /** The `sent` cell when planned ("" when empty or absent). */
  sentBefore: string;
  /** The `creditNoteId` cell when planned ("" when empty or absent). */
  creditNoteIdBefore: string;
  /**
   * The `externalReference` cell when planned (absent when empty): an invoice the service holds
   * under another reference is not this row's, whatever id the row carries (Discard drafts).
   */
  referenceBefore?: string;
}

/** Rows refused before anything is asked: the plain reason, nothing done for them. */
export interface ActionRefusal {
  rowNumbers: number[];
  /** The invoice id, when the rows carry one. */
  invoiceId?: string;
  message: string;
}

/** What {@link planInvoiceActions} makes of the selected rows (pure; the sheet alone). */
export interface ActionPlan {
  request: ActionRequest;
  /** One per invoice id, in sheet order. */
  items: ActionItem[];
  /** Rows the action cannot apply to from the sheet alone (no id, not approved, …). */
  refused: ActionRefusal[];
}

/** An item with what the service holds for it, read just now. */
export interface PreparedItem extends ActionItem {
  /** The invoice as the service answered it. */
  invoice: Invoice;
  /** Credit, already credited: its credit note's id (from `creditedByInvoiceId`). */
  creditNoteId?: string;
  /** Credit, already credited: its credit note's number, when the credit note could be read. */
  creditNoteNum?: string;
  /** Send: the invoice's earlier send failed; this run sends it again. */
  retry?: boolean;
  /** Discard: the service no longer knows the invoice (`invoice` then holds its id only). */
  gone?: boolean;
}

/** What {@link prepareInvoiceActions} read: the confirmation states these counts and totals. */
export interface ActionPreparation {
  plan: ActionPlan;
  /** Will be sent / credited. */
  toDo: PreparedItem[];
  /**
   * Send: already sent, being sent (`sending`, `printing`) or skipped by the service — never sent
   * again (the run reads those being sent until they are done). Credit: already credited (the
   * credit note is known) — never credited again.
   */
  alreadyDone: PreparedItem[];
  /** The plan's refusals and the service's: a draft, a credit note (credit), not found, … */
  refused: ActionRefusal[];
  /** Sum of `toDo`'s totals incl. VAT, exact decimal text ("0.00" for none). */
  totalInclVAT: string;
  /** Sum of `toDo`'s totals excl. VAT, exact decimal text. */
  totalExclVAT: string;
  /** Items of `toDo` whose total the service did not answer (the totals leave them out). */
  totalsMissing: number;
  /** When the service was read. */
  preparedAt: Date;
}

/** Where one invoice stands during and after a send or credit run. */
export type ActionState =
  /** Not started yet. */
  | "queued"
  /** Being sent or credited (asked, answer awaited; or sent and being read until done). */
  | "working"
  /** Sent (the service says `sent`) or credited by this run. */
  | "done"
  /** Sent, being sent or skipped / credited before this run: left as the service holds it. */
  | "already done"
  /** The service refused it, or its send ended `failed`. */
  | "failed"
  /** Send accepted but not finished within `settleTimeoutMs`: run again to see the outcome. */
  | "pending"
  /** The answer was lost and reading it back failed too: run again (it reads first). */
  | "unknown"
  /** Nothing reached the service (cut before sending, unreachable), or a cut answer read back
   * showed nothing done: run again. */
  | "not sent"
  /** Refused before the run (sheet or service): nothing done. */
  | "refused"
  /** The service's rate limit held it until the run's budget ran out: nothing done; run again. */
  | "waiting"
  /** Not started because the run was cancelled or stopped. */
  | "cancelled";

/** Every state, in the order the task pane shows them. */
export const ACTION_STATES: readonly ActionState[] = [
  "queued",
  "working",
  "done",
  "already done",
  "failed",
  "pending",
  "unknown",
  "not sent",
  "refused",
  "waiting",
  "cancelled",
];

/** Invoices in each state. */
export type ActionCounts = Record<ActionState, number>;

/**
 * What this run changed for one invoice (the Billing log's row when not empty): `sent` = this
 * run's send was accepted by the service; `credited` = this run created its credit note (also one
 * whose answer was cut and read back); `found credit note` = an earlier credit note the sheet did not
 * show was written to the row; `failed` = it failed where the row did not say so.
 */
export type ActionChange =
  | "sent"
  | "credited"
  | "found credit note"
  | "failed"
  /** Discard: this run deleted the draft. */
  | "discarded"
  /** Discard: the draft was deleted before; its rows were cleared. */
  | "found gone";

/** The outcome of one invoice. */
export interface ActionResult {
  key: string;
  invoiceId: string;
  rowNumbers: number[];
  state: ActionState;
  /** Send: the service's sent state in plain words, as written to the `sent` cell. */
  sent?: string;
  creditNoteId?: string;
  creditNoteNum?: string;
  /** The invoice's number, as the service holds it. */
  invoiceNum?: string;
  /** Its total incl. VAT as read (exact decimal text). */
  totalInclVAT?: string;
  /** The row's message. */
  message?: string;
  changes: ActionChange[];
}

/** Options of {@link runIdAction}; alike-named options mean what they mean in RunOptions. */
export interface ActionRunOptions {
  /** The language of the run's words (the pane's); default English. */
  language?: Language;
  /** Cancels the run: nothing new starts, calls in flight settle, every row stays truthful. */
  signal?: AbortSignal;
  /** Counts per state at most once per flush tick and at the end; `pause` during a 429. */
  onProgress?: (counts: ActionCounts, pause?: RateLimitPause) => void;
  /** Writes result cells; called at most once per tick, never concurrently. */
  onRowUpdates?: (updates: RowUpdate[]) => Promise<void> | void;
  /** The run's id in the Billing log; default `run-<time>-<random>`. */
  runId?: string;
  /** Calls of this run in flight at once. Default 6. */
  concurrency?: number;
  /** Row updates (and progress) are flushed at most this often. Default 250 ms. */
  flushIntervalMs?: number;
  /** A flush happens early when this many rows wait. Default 100. */
  maxBatchSize?: number;
  /** How long the run waits for the service's rate limit before it stops. Default 120 000 ms. */
  rateLimitBudgetMs?: number;
  /** Use the bulk operations (exact ids, ≤ 100 a request) where offered. Default true. */
  bulk?: boolean;
  /** Send: how long to read an accepted send back before leaving it `pending`. Default 120 000. */
  settleTimeoutMs?: number;
  /** Send: time between read-backs, 2 000–3 000 ms. Default 2 500. */
  pollIntervalMs?: number;
  /** Tests only: any read-back interval ≥ 0, bypassing the 2–3 s rule that protects the service. */
  unsafeTestPollIntervalMs?: number;
}

/** What {@link runIdAction} resolves to. */
export interface ActionSummary {
  runId: string;
  startedAt: Date;
  action: string;
  /** Send only. */
  channel?: SendChannel;
  /** One per invoice of the preparation (to do, already done, refused with an id). */
  results: ActionResult[];
  /** The preparation's refusals and those the service gave right before acting (nothing done). */
  refused: ActionRefusal[];
  /** Per state, counted per invoice; `refused` counts one per refusal. */
  counts: ActionCounts;
  /** Invoices this run changed in the service (sent or credited). */
  changed: number;
  stopped?: StopReason;
  /** A gateway sign-in or role refusal that stopped the run, in its plain words. */
  stoppedBecause?: string;
  /** The stop was a role refusal (403): running again cannot help; the account may not do this. */
  refusedByRole?: boolean;
  /** Of the `not sent`: those whose call never reached the billing service. */
  neverReached?: number;
  durationMs: number;
  /** Client calls made by this run. */
  requests: number;
  /** One truthful sentence, problems first: "2 failed · 10 sent, 3 already sent" / "Nothing changed: …". */
  headline: string;
  /** "10 done, 2 failed in 3.2 s (14 requests)". */
  summary: string;
}
