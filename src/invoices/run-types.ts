/**
 * Options, progress and results of a run of the invoice engine ({@link runInvoices}).
 */
import type { RowUpdate } from "./sheet-types";

/** Where one invoice stands during and after a run. */
export type InvoiceState =
  | "queued"
  | "creating"
  | "created"
  | "approving"
  | "approved"
  | "failed"
  | "pending"
  | "unknown"
  | "not sent"
  | "invalid"
  | "cancelled";

/** Every state, in the order the task pane shows them. */
export const INVOICE_STATES: readonly InvoiceState[] = [
  "queued",
  "creating",
  "created",
  "approving",
  "approved",
  "failed",
  "pending",
  "unknown",
  "not sent",
  "invalid",
  "cancelled",
];

/** Number of invoices in each state. */
export type RunCounts = Record<InvoiceState, number>;

/** Options of {@link runInvoices}. */
export interface RunOptions {
  /** Time between two polls of one invoice after approve: 2 000–3 000 ms (interface §4 rule 3). Default 2 500. */
  pollIntervalMs?: number;
  /**
   * Time from approve to the first poll, at least 1 000 ms. When not given, the run learns it from
   * its first invoices (see `learnApprovalTime`) and uses `pollIntervalMs` until it knows.
   */
  firstPollDelayMs?: number;
  /**
   * Measure the service's approval time on the first invoices and poll the others first when
   * their number is expected (approval-timing.ts). Default: on, unless `firstPollDelayMs` or
   * `unsafeTestPollIntervalMs` is given.
   */
  learnApprovalTime?: boolean;
  /** How long to wait for `approved` + number before leaving the invoice `pending`. Default 120 000. */
  approvalTimeoutMs?: number;
  /** Calls of this run in flight at once (the client has its own limit too). Default 6. */
  concurrency?: number;
  /** Cancels the run: no new work starts, calls in flight finish, every row stays truthful. */
  signal?: AbortSignal;
  /** Counts per state, at most once per flush tick and at the end. */
  onProgress?: (counts: RunCounts) => void;
  /**
   * Writes result cells. Awaited: a new `externalReference` is in the sheet before its create is
   * sent. Called at most once per tick (see `flushIntervalMs`, `maxBatchSize`), never concurrently.
   */
  onRowUpdates?: (updates: RowUpdate[]) => Promise<void> | void;
  /** A new client reference for an invoice; default `XL-<random UUID>`. */
  newReference?: () => string;
  /** Row updates (and progress) are coalesced and flushed at most this often. Default 250 ms. */
  flushIntervalMs?: number;
  /** A flush happens early when this many rows wait; no call carries more. Default 100. */
  maxBatchSize?: number;
  /**
   * Tests only: replaces `pollIntervalMs` and `firstPollDelayMs` with any value ≥ 0, bypassing the
   * 2 000–3 000 ms check that protects the real service.
   */
  unsafeTestPollIntervalMs?: number;
}

/** The outcome of one invoice. */
export interface InvoiceResult {
  key: string;
  rowNumbers: number[];
  state: InvoiceState;
  invoiceId?: string;
  invoiceNum?: string;
  externalReference?: string;
  message?: string;
}

/** Why a run ended before every invoice was done. */
export type StopReason = "cancelled" | "auth" | "sheet-write" | "unreachable";

/** What {@link runInvoices} resolves to. */
export interface RunSummary {
  counts: RunCounts;
  /** Invoices in the plan (valid and invalid). */
  invoices: number;
  results: InvoiceResult[];
  durationMs: number;
  /** Client calls made by this run (the client's own retries and pages not included). */
  requests: number;
  /** Calls of `onRowUpdates` (each one Excel sync) and the rows they carried. */
  rowUpdateCalls: number;
  rowsUpdated: number;
  stopped?: StopReason;
  /**
   * For a run stopped by the company gateway's sign-in or role refusal: its plain sentence ("Your
   * account may read but not create invoices; ask IT for Billing.Invoice."), shown instead of the
   * generic "sign in again".
   */
  stoppedBecause?: string;
  /**
   * What the run saw of the service at its end: `ok` = its last call was answered, `unreachable`
   * = it was not; undefined when the run made no call.
   */
  connection?: "ok" | "unreachable";
  /** "10 approved, 1 failed, 1 invalid in 12.3 s (52 requests)". */
  summary: string;
}
