/**
 * The table of an action on invoices the sheet names by id (discard drafts, send, credit): which
 * rows qualify (and why not, in words), how the service's invoice sorts it, how it acts (one by
 * one and in bulk), how a read-back answer maps to a row state, what its rows and the Billing log
 * say. The loop that runs it is one for every action (id-run.ts).
 */
import type {
  BillingClient,
  BulkOutcome,
  Invoice,
  SendChannel,
  ServiceErrorEntry,
} from "../../api";
import type {
  ActionChange,
  ActionCounts,
  ActionItem,
  ActionResult,
  ActionState,
  PreparedItem,
} from "./action-types";
import type { ResolvedActionOptions } from "./action-options";
import type { RunCaller } from "./run-caller";
import type { RowUpdate } from "../sheet-types";
import type { ErrorAction } from "../describe-error";
import type { Say } from "../words";

/**
 * The catalogue's name of an action's words (`id.<words>.participle`, `.verb`, `.working`, …):
 * every name the catalogue gives a participle.
 */
export type ActionWords =
  Extract<Parameters<Say>[0], `id.${string}.participle`> extends `id.${infer W}.participle`
    ? W
    : never;

/** One invoice during a run. */
export interface IdWork {
  item: PreparedItem;
  state: ActionState;
  /** What the service held when last read (or answered). */
  invoice: Invoice;
  message?: string;
  /** Send: the `sent` cell's words. */
  sent?: string;
  creditNoteId?: string;
  creditNoteNum?: string;
  changes: ActionChange[];
  /** Send: sends made by this run. */
  sends: number;
  /** Send: read back until done, until this time. */
  followUntil?: number;
  /** Send: accepted, not read back yet (its held `sent` may be an earlier send's). */
  awaitingRead?: boolean;
  /** Came from the preparation's alreadyDone (its state stays "already done"). */
  wasDone: boolean;
  /** Refused by the service in step 1 (re-read). */
  refusal?: string;
  /** `not sent` after the call may have reached the service (a cut answer read back). */
  reached?: boolean;
  /** Discard: the service no longer holds the invoice (deleted by this run or before). */
  gone?: boolean;
}

/**
 * The run an id action's steps act through (id-run.ts `IdRun`): its calls, its words, the states
 * its invoices move through and the read-backs every action shares.
 */
export interface IdRunner {
  readonly client: BillingClient;
  readonly opts: ResolvedActionOptions;
  readonly caller: RunCaller;
  readonly channel: SendChannel;
  readonly counts: ActionCounts;
  readonly works: IdWork[];
  /** The action's past participle in the run's language ("sent", "verzonden"). */
  readonly participle: string;
  /** Invoices the action left to be read back together after acting (credit: bulk credits). */
  readonly toReadBack: IdWork[];
  /** Moves `work` to `state`; a settled invoice's rows are written as it settles. */
  move(work: IdWork, state: ActionState): void;
  write(work: IdWork, fields: Omit<RowUpdate, "rowNumber">): void;
  /** Records that this run changed `change` for `work` (once). */
  note(work: IdWork, change: ActionChange): void;
  /** Reads ids through the run's calls (batched; "not found" is the service's word: null). */
  readBack(
    ids: readonly string[],
    priority?: "continue" | "poll",
    settling?: boolean
  ): Promise<Map<string, Invoice | null>>;
  /** Reads back the invoices of calls whose answers were lost; undefined when that failed too. */
  readBackOrOpen(
    list: IdWork[],
    open: (failedToo: boolean) => string
  ): Promise<Map<string, Invoice | null> | undefined>;
  /** Reads back each of `list`: to `onBack`, or gone; false when the read-back failed too. */
  readBackEach(
    list: IdWork[],
    open: (failedToo: boolean) => string,
    onBack: (work: IdWork, back: Invoice) => void,
    onGone: ((work: IdWork) => void) | { goneWords: string }
  ): Promise<boolean>;
  /** The service refused the action for `work` (its reasons); nothing was done. */
  refusedBy(work: IdWork, entries: readonly ServiceErrorEntry[]): void;
  failWith(work: IdWork, words: string, message: string): void;
  /** A call that never reached the service (unreachable before sending): nothing was done. */
  notSent(work: IdWork, error: unknown, what: ErrorAction): void;
  /** "Not sent: {reason}" in the run's words. */
  notDone(said: string): string;
  /** Stopped before asking, or a 429 past the budget: nothing was done; true when so. */
  nothingDone(work: IdWork, error: unknown): boolean;
  /** Acts on `list` in bulk chunks (≤ 100 exact ids); resolves to those that must go one by one. */
  inBulk(
    list: IdWork[],
    onAccepted: (work: IdWork) => void,
    onCut: (chunk: IdWork[], said: string) => Promise<IdWork[]>
  ): Promise<IdWork[]>;
}

/** Where an invoice the service holds stands for an action, before it acts. */
export type Sorted =
  | { to: "toDo"; retry?: boolean }
  | { to: "alreadyDone"; creditNoteId?: string; gone?: boolean }
  | { to: "refused"; why: string };

/** The steps of one id action. */
export interface IdAction {
  name: string;
  /**
   * Where the pane offers it: `approved` = the Invoices tab, on approved invoices the sheet
   * selects (confirmed from what the service holds); `drafts` = the Drafts tab, on the drafts it lists.
   */
  offeredOn: "approved" | "drafts";
  /** It is sent by a channel (email or post: `ActionRequest.channel`); others take none. */
  channels?: boolean;
  /** Its participle where the run's words say what a role refusal left undone ("not sent"); default "done". */
  namesItsDone?: boolean;
  /**
   * Its words in the catalogue ("send": `id.send.participle`, `id.send.done`, …; the state labels
   * `working`, `done`, `alreadyDone`, `pending`, `notSent`, and `verb`, `participle`).
   */
  words: ActionWords;
  /** "sent" (English): the participle of an action outside the registry (id.<action>.participle). */
  verb: string;
  /** "send" (English). */
  infinitive: string;
  /** What a bulk request of it does, for an error's sentence ("send the invoices"). */
  bulkWhat: ErrorAction;
  /** The sheet's row statuses this action applies to. */
  rowStatuses: ReadonlySet<string>;
  /** Why a row with this (lower-cased) status does not qualify, in the words of `say`. */
  rowRefusal(status: string, say?: Say): string;
  /**
   * What the service holds sorts the item: to do, already done, or refused (why). `invoice` is
   * null when the service does not know the id. A refusal's `why` is in the words of `say`.
   */
  sort(item: ActionItem, invoice: Invoice | null, say?: Say): Sorted;
  /** After sorting, before the confirmation: e.g. credit reads the credit notes' numbers. */
  prepareMore?(
    client: Pick<BillingClient, "getInvoicesByIds" | "getInvoice">,
    alreadyDone: PreparedItem[],
    signal?: AbortSignal
  ): Promise<void>;
  /** The bulk request with exact ids (≤ 100), or undefined when the client offers none. */
  bulkCall(
    client: BillingClient
  ): ((ids: string[], channel: SendChannel) => Promise<BulkOutcome>) | undefined;
  /** What the service refused to do, for "The billing service refused to …": "send it by post". */
  refusalWhat(channel: SendChannel): ErrorAction;
  /** Acts on every queued invoice: in bulk where offered, else one by one (see IdRunner.inBulk). */
  act(run: IdRunner, list: IdWork[]): Promise<void>;
  /** After acting: send follows sends under way; credit reads the credit notes' numbers. */
  after?(run: IdRunner): Promise<void>;
  /** The row said it failed already: a failure is not news for the Billing log (send). */
  failedBefore?(work: IdWork): boolean;
  /** A failure's words on the action's own cell (send: the `sent` cell). */
  onFail?(work: IdWork, words: string): void;
  /** A bulk refusal the action settles itself (credit: "already credited" is read back); true if so. */
  onBulkRefused?(run: IdRunner, work: IdWork, entries: readonly ServiceErrorEntry[]): boolean;
  /** At the end, settles an invoice still `working`; true when it did (send: `pending`). */
  concludeWorking?(run: IdRunner, work: IdWork): boolean;
  /** The row's cells from what the service holds (as last read) and what was attempted. */
  rowFields(run: IdRunner, work: IdWork): Omit<RowUpdate, "rowNumber">;
  /** The good part of the headline: "10 sent, 3 already sent". */
  doneWords(results: readonly ActionResult[], counts: ActionCounts, say: Say): string[];
  /** The changes that count as this run changing the invoice in the service. */
  changes: readonly ActionChange[];
  /**
   * The Billing log: the status logged for a result (the sheet's own status and sent words, the
   * same in every language), and a change in the words of `say`.
   */
  logStatus(result: ActionResult): string;
  logChange(change: ActionChange, channel: SendChannel | undefined, say: Say): string;
}
