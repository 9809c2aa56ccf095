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
  PreparedItem,
} from "./action-types";
import type { IdRun, IdWork } from "./id-run";
import type { IdActionName } from "./seam";
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

/** Where an invoice the service holds stands for an action, before it acts. */
export type Sorted =
  | { to: "toDo"; retry?: boolean }
  | { to: "alreadyDone"; creditNoteId?: string; gone?: boolean }
  | { to: "refused"; why: string };

/** The steps of one id action. */
export interface IdAction {
  name: IdActionName;
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
  /** Acts on every queued invoice: in bulk where offered, else one by one (see IdRun.inBulk). */
  act(run: IdRun, list: IdWork[]): Promise<void>;
  /** After acting: send follows sends under way; credit reads the credit notes' numbers. */
  after?(run: IdRun): Promise<void>;
  /** The row said it failed already: a failure is not news for the Billing log (send). */
  failedBefore?(work: IdWork): boolean;
  /** A failure's words on the action's own cell (send: the `sent` cell). */
  onFail?(work: IdWork, words: string): void;
  /** A bulk refusal the action settles itself (credit: "already credited" is read back); true if so. */
  onBulkRefused?(run: IdRun, work: IdWork, entries: readonly ServiceErrorEntry[]): boolean;
  /** At the end, settles an invoice still `working`; true when it did (send: `pending`). */
  concludeWorking?(run: IdRun, work: IdWork): boolean;
  /** The row's cells from what the service holds (as last read) and what was attempted. */
  rowFields(run: IdRun, work: IdWork): Omit<RowUpdate, "rowNumber">;
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
