/**
 * The engine's public seam: what the task pane's one run card calls. Every action on
 * invoices is a run of the one engine — start it on rows, follow its progress, cancel it, read its
 * summary; the headline sentence and the tone are made here for every action, never in the pane.
 *
 * Two kinds of input, by where an action starts from:
 * - the sheet's invoice lines, planned (`Plan`, from `planInvoices`): create and approve, create
 *   drafts, approve drafts, approve only what the service would approve;
 * - invoices the sheet names by id, read from the service first (`ActionPreparation`, from
 *   `planIdAction` / `draftsPlan` → `prepareIdAction`): discard drafts, send, credit.
 */
import type { ActionPreparation, ActionSummary } from "./action-types";
import type { IdAction } from "./id-action";
import type { Plan } from "../plan-types";
import type { RateLimitPause, RunSummary, StopReason } from "./run-types";
import type { InvoiceSteps, Kept, PreStep } from "./work";
import type { RowUpdate } from "../sheet-types";
import type { Language } from "../words";

/**
 * An action's name, as its registry names it (src/invoices/actions/registry.ts): the engine never
 * tests one, it looks the action up in the registry it is handed when a run starts.
 */
export type ActionName = string;

/** What a plan action gives the engine (create and approve, create drafts, approve only valid). */
export interface PlanAction {
  /** The steps of one invoice (create and approve's: reconcile → create → claim → approve → poll). */
  steps: InvoiceSteps;
  /** Its invoices end as drafts (create drafts): a created draft is done, and the words say so. */
  drafts?: boolean;
  /**
   * A step before the invoices' steps, through the run's own calls: the invoices it holds back,
   * by their key, each with its state and message (approve only valid: the drafts the service's
   * verdict refuses stay drafts, their rows saying why). The others go on to their steps.
   */
  before?(step: PreStep, plan: Plan): Promise<ReadonlyMap<string, Kept>>;
}

/** Every action the engine may run, by name: handed to the engine when a run starts. */
export interface ActionRegistry {
  /** Actions that start from the sheet's invoice lines (a `Plan`). */
  plan: Readonly<Record<ActionName, PlanAction>>;
  /** Actions on invoices the sheet names by id, read from the service first. */
  ids: Readonly<Record<ActionName, IdAction>>;
}

/** What a run acts on: the plan of a plan action, or the preparation of an id action. */
export type RunInput =
  { action: ActionName; plan: Plan } | { action: ActionName; preparation: ActionPreparation };

/** The run's options (all optional; defaults as RunOptions / ActionRunOptions say). */
export interface EngineOptions {
  /** The language of the run's words (rows, progress, headline, summary): the pane's; default English. */
  language?: Language;
  /** Events while the run goes on (progress, the rate-limit pause). */
  onProgress?: (progress: RunProgress) => void;
  /** Writes result cells; awaited, called at most once per tick and never concurrently. */
  onRowUpdates?: (updates: RowUpdate[]) => Promise<void> | void;
  /** Cancels the run as `RunHandle.cancel` does (either may be used). */
  signal?: AbortSignal;
  /** The run's id in the Billing log; default `run-<time>-<random>`. */
  runId?: string;
  /** Time between two polls / read-backs, 2 000–3 000 ms. */
  pollIntervalMs?: number;
  /** How long an approval is waited for before the invoice is left `pending` (plan actions). */
  approvalTimeoutMs?: number;
  /** How long an accepted send is read back before it is left `pending` (send). */
  settleTimeoutMs?: number;
  /** The sheet's column of the invoice numbers ("W"), named by the headline when known. */
  numberColumn?: string;
  /** Calls in flight at once. */
  concurrency?: number;
  /** Use the service's bulk operations (exact ids, ≤ 100 a request) where offered. Default true. */
  bulk?: boolean;
  /** How long the run waits for the service's rate limit before it stops. */
  rateLimitBudgetMs?: number;
  /** Row updates are flushed at most this often (ms). */
  flushIntervalMs?: number;
  /** A flush happens early when this many rows wait. */
  maxBatchSize?: number;
  /** Tests only: any poll interval ≥ 0, bypassing the 2–3 s rule that protects the service. */
  unsafeTestPollIntervalMs?: number;
  /**
   * Where the rows live (workbook and sheet): with it, a new invoice's reference is derived from
   * the scope and the invoice, so a second pane or a run after an undo finds the invoice already
   * made instead of billing it twice (plan actions; see `RunOptions.referenceScope`).
   */
  referenceScope?: string;
  /** The company's time zone (an IANA name): the dates a run's words name; default the machine's. */
  timeZone?: string;
}

/** A tone of the run card: green, amber (something is left to do), red (something went wrong). */
export type RunTone = "success" | "warning" | "error";

/** A progress event. */
export interface RunProgress {
  action: ActionName;
  /** Invoices this run has finished with, of `total` (what earlier runs finished is not counted). */
  done: number;
  total: number;
  /** The counts in the card's words: "2 approved, 1 approving, 24 approved earlier: left alone". */
  text: string;
  /** While the service's rate limit holds every request (a 429): when the run resumes. */
  pause?: RateLimitPause;
}

/** One invoice of a run's results, in the same shape for every action. */
export interface RunRow {
  /** Unique within the run. */
  key: string;
  rowNumbers: number[];
  invoiceId?: string;
  invoiceNum?: string;
  /** The action's state word for it ("approved", "discarded", "already sent", "refused", …). */
  state: string;
  tone: RunTone | "neutral";
  /** The row's message (also written to its `message` cell). */
  message?: string;
  /** This run changed it in the service (it has a Billing log row). */
  changed: boolean;
  /** The service's total incl. VAT as last read (exact decimal text). */
  totalInclVAT?: string;
}

/** What a run resolves to, for every action. */
export interface EngineSummary {
  action: ActionName;
  runId: string;
  startedAt: Date;
  durationMs: number;
  /** Client calls made by this run. */
  requests: number;
  /** One truthful sentence, problems first, made in the engine: the card's headline. */
  headline: string;
  /** Further sentences, problems first (what is left to do and how). */
  details: string[];
  tone: RunTone;
  /** Invoices this run changed in the service. */
  changed: number;
  rows: RunRow[];
  stopped?: StopReason;
  /** A gateway sign-in or role refusal that stopped the run, in its plain words. */
  stoppedBecause?: string;
  /** What the run saw of the service at its end; undefined when it made no call. */
  connection?: "ok" | "unreachable";
  /** "10 approved, 1 failed in 12.3 s (52 requests)": the technical line. */
  summary: string;
  /** The action's own summary, for the Billing log and the action-specific result views. */
  detail: { kind: "plan"; summary: RunSummary } | { kind: "ids"; summary: ActionSummary };
}

/** A run under way. */
export interface RunHandle {
  action: ActionName;
  /** No new work starts; calls in flight settle; every row stays truthful. */
  cancel(): void;
  /** The summary; rejects only on a programming error (bad options), never on a service answer. */
  done: Promise<EngineSummary>;
}

export { assertNever } from "./assert-never";
