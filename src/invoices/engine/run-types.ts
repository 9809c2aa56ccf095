/**
 * Options, progress and results of a run of the invoice engine ({@link runInvoices}).
 */
import type { RowUpdate } from "../sheet-types";
import type { Language } from "../words";

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
  /** The language of the rows' messages, the progress and the summary (the pane's); default English. */
  language?: Language;
  /**
   * Create every invoice and stop at its draft, so that the drafts can be reviewed first (a later
   * run of the same rows approves them). Default false: create, approve and number.
   */
  drafts?: boolean;
  /**
   * Approve through `Invoices/bulk/approve` (exact ids, ≤ 100 a request) where the service offers
   * it, else one approve per invoice. Default true; false always approves one by one.
   */
  bulkApprove?: boolean;
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
  /**
   * Counts per state, at most once per flush tick and at the end; `pause` while the service's rate
   * limit holds every request (a 429), so the pane can say when the run resumes.
   */
  onProgress?: (counts: RunCounts, pause?: RateLimitPause) => void;
  /**
   * Writes result cells. Awaited: a new `externalReference` is in the sheet before its create is
   * sent. Called at most once per tick (see `flushIntervalMs`, `maxBatchSize`), never concurrently.
   */
  onRowUpdates?: (updates: RowUpdate[]) => Promise<void> | void;
  /** A new client reference for an invoice; default `XL-<random UUID>` (see `referenceScope`). */
  newReference?: () => string;
  /**
   * Where the rows live (the workbook and sheet, as the pane names them). Given, each new invoice's
   * reference is derived from the scope and its content (engine/derived-reference.ts) instead of
   * `newReference`, so that two panes on one workbook, or a run after an undo, find the invoice
   * already created instead of creating it twice.
   */
  referenceScope?: string;
  /**
   * The company's time zone (an IANA name) in which the run's words name dates and times, e.g.
   * when an invoice found under a row's reference was made; default the machine's.
   */
  timeZone?: string;
  /** The run's id in the Billing log; default `run-<time>-<random>` (see `newRunId`). */
  runId?: string;
  /** Row updates (and progress) are coalesced and flushed at most this often. Default 250 ms. */
  flushIntervalMs?: number;
  /** A flush happens early when this many rows wait; no call carries more. Default 100. */
  maxBatchSize?: number;
  /**
   * How long the run goes on waiting for the service's rate limit (a 429 is never a row's final
   * answer): when the service has answered nothing but 429 for this long, or names a wait that goes
   * beyond it, the run stops and the rows it could not send say "waiting for the service's limit —
   * run again to continue". Default 120 000 ms.
   */
  rateLimitBudgetMs?: number;
  /**
   * 429s one call waits out before it gives up on its own (the step is then left for the next
   * run). Default: no such limit, only `rateLimitBudgetMs`. Benchmarks set 5 to measure how the
   * engine behaved before the run waited together.
   */
  maxRateLimitWaits?: number;
  /**
   * Tests only: replaces `pollIntervalMs` and `firstPollDelayMs` with any value ≥ 0, bypassing the
   * 2 000–3 000 ms check that protects the real service.
   */
  unsafeTestPollIntervalMs?: number;
}

/**
 * What this run changed for one invoice, in the order it happened (docs/developers/rules.md#each-run-tells-its-own-story: each run tells its
 * own story"): the Billing log gets a row for an invoice only when this list is not empty.
 */
export type InvoiceChange =
  /** This run's create went through (also one whose answer was cut and read back). */
  | "created"
  /** An earlier create whose outcome the sheet did not know was found by its reference. */
  | "found"
  /** The row's id was put in by hand (no status beside it): that invoice is taken as the row's. */
  | "linked"
  /** An extra draft carrying the same reference was deleted. */
  | "deleted duplicate"
  /** This run's approve was answered: the approval is under way in the service. */
  | "sent for approval"
  /** Approved and numbered, seen by this run (not final in the sheet before it). */
  | "approved"
  /** Failed (refused by the service, or a problem it reports), where the row did not say so. */
  | "failed"
  /** A create was sent and its outcome is open, where the row did not say so. */
  | "outcome unknown";
/** A pause the service asked for with a 429: every request waits, the run with them. */
export interface RateLimitPause {
  /** Whole seconds until requests go out again (at least 1). */
  resumesInSeconds: number;
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
  /** The service's total excl. VAT of the invoice as last read (exact decimal text). */
  totalAmountExclVAT?: string;
  /** The service's total incl. VAT of the invoice as last read (exact decimal text). */
  totalAmountInclVAT?: string;
  /** What the `status` cell said when the run started ("" when empty). */
  before: string;
  /** Approved and numbered before this run: final, left alone (not read, not written). */
  untouched: boolean;
  /**
   * The row held no invoice id when the run started (or one typed in without a status: linked by
   * hand), and ends with an invoice past draft this run did not approve: found under its reference
   * (an undone or lost write-back, another pane's run) or by its id.
   */
  found?: boolean;
  /** What this run changed; empty when it changed nothing. */
  changes: InvoiceChange[];
}

/**
 * What this run did, counted per invoice (docs/developers/rules.md#each-run-tells-its-own-story); invoices
 * earlier runs finished are `untouched`, apart from the rest. Every valid invoice is in exactly one
 * of `approved`, `untouched`, `failed`, `unknown`, `open`; `invalid` are those not sent.
 */
export interface RunStory {
  /** Invoices this run created (whatever became of them). */
  created: number;
  /** Approved and numbered in this run. */
  approved: number;
  /** Approved and numbered before this run: left alone. */
  untouched: number;
  /** Failed at the end of this run. */
  failed: number;
  /** A create whose outcome is still open. */
  unknown: number;
  /** Not finished: created, approving, still approving, not sent, not started. */
  open: number;
  /** Of `open`: sent for approval (approving, still approving); the service finishes them itself. */
  approving: number;
  /** Of `open`: drafts waiting for their approve. */
  drafts: number;
  /** Of `open`: nothing reached the service (not started, cancelled, not sent). */
  notStarted: number;
  /** Not sent because of problems in the sheet. */
  invalid: number;
  /** Invoices whose state this run changed (the Billing log's rows). */
  changed: number;
  /**
   * Of `approved`: found approved and numbered under their reference (an earlier run's invoice whose
   * write-back was undone or lost, another pane's) — approved, but not by this run.
   */
  found?: number;
}

/** Why a run ended before every invoice was done. */
export type StopReason = "cancelled" | "auth" | "sheet-write" | "unreachable" | "rate-limited";

/** What {@link runInvoices} resolves to. */
export interface RunSummary {
  /** The run's id, as the Billing log names it. */
  runId: string;
  /** When the run started. */
  startedAt: Date;
  counts: RunCounts;
  /** What this run did, apart from what earlier runs finished. */
  story: RunStory;
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
  /**
   * Approve only what the service would approve: drafts its verdict refused, left drafts with the
   * service's reasons on their rows (not counted as work left to a re-run).
   */
  keptDrafts?: number;
  /** The stop was a role refusal (403): running again cannot help; the account may not do this. */
  refusedByRole?: boolean;
  /** "10 approved, 1 failed, 1 invalid in 12.3 s (52 requests)". */
  summary: string;
}
