/**
 * One bulk request of exact ids (≤ 100; docs/developers/rules.md#after-approval) and what its answer comes to —
 * the part every bulk action shares: the approve step of create-and-approve (bulk-approver.ts) and
 * the id actions' bulk send, credit and discard (id-run.ts `inBulk`). What follows from each case
 * (fall back to one by one, read back after a cut, the row's words) is the action's.
 */
import {
  isAuthError,
  isBulkNotOffered,
  isNotSentError,
  isRateLimitError,
  isUnavailableError,
} from "../../api";
import type { BulkOutcome, ServiceErrorEntry } from "../../api";
import { describeError } from "../describe-error";
import type { ActionPhrase, ErrorAction } from "../describe-error";
import { ENGLISH, type Say } from "../words";
import { RunStopped } from "./stop";

/** What one bulk request came to. */
export type ChunkAnswer =
  /** The service answered: each id is accepted, refused, or not named. */
  | { kind: "answered"; outcome: BulkOutcome }
  /** The service offers no such bulk operation (404/405): nothing was done; act one by one. */
  | { kind: "not offered" }
  /** The run stopped, or the credentials were refused: nothing more is asked. */
  | { kind: "stopped"; error: unknown }
  /** The request never left (the service cannot be reached): nothing was done. */
  | { kind: "not sent"; said: string }
  /** The service's rate limit outlasted the run's budget: nothing was done. */
  | { kind: "rate-limited"; said: string }
  /** The answer was lost (cut, 5xx): what happened is read back, never guessed. */
  | { kind: "cut"; said: string };

/** Thrown by a chunk's request when, by its turn, the run knows bulk is not offered: nothing sent. */
export class ChunkSkipped extends Error {}

/**
 * Sends one bulk request through `call` (the run's slot and 429 waits). The one failure a chunk
 * can have is thrown inside the slot, so that a 429 is waited out by the run. `what` names the
 * action in the error's words ("approve the invoices").
 */
export async function sendChunk(
  call: (send: () => Promise<BulkOutcome>) => Promise<BulkOutcome>,
  bulk: () => Promise<BulkOutcome>,
  what: ErrorAction | ActionPhrase,
  say: Say = ENGLISH
): Promise<ChunkAnswer> {
  try {
    const outcome = await call(async () => {
      const out = await bulk();
      const failed = out.failed[0];
      if (failed !== undefined) throw failed.error;
      return out;
    });
    return { kind: "answered", outcome };
  } catch (error) {
    if (isBulkNotOffered(error) || error instanceof ChunkSkipped) return { kind: "not offered" };
    if (error instanceof RunStopped || isAuthError(error)) return { kind: "stopped", error };
    const said = describeError(error, what, say);
    if (isUnavailableError(error) && isNotSentError(error)) return { kind: "not sent", said };
    if (isRateLimitError(error)) return { kind: "rate-limited", said };
    return { kind: "cut", said };
  }
}

/** What an answered bulk request says of each of its ids. */
export interface OutcomeHandlers<T> {
  /** `general`: the service's words for several ids at once, not for this invoice alone. */
  refused(item: T, entries: readonly ServiceErrorEntry[], general: boolean): void;
  accepted(item: T): void;
  /** Named nowhere in the answer (cancelled before it went): nothing was done. */
  unnamed(item: T): void;
}

/** Sorts an answer's ids onto `items` (keyed by lower-case id); each item is handled once. */
export function sortOutcome<T>(
  items: ReadonlyMap<string, T>,
  outcome: BulkOutcome,
  on: OutcomeHandlers<T>
): void {
  const left = new Map(items);
  const take = (id: string) => {
    const item = left.get(id.toLowerCase());
    left.delete(id.toLowerCase());
    return item;
  };
  for (const r of outcome.refused) {
    const item = take(r.invoiceId);
    if (item !== undefined) on.refused(item, r.entries, false);
  }
  for (const g of outcome.general)
    for (const id of g.ids) {
      const item = take(id);
      if (item !== undefined) on.refused(item, g.entries, true);
    }
  for (const id of outcome.accepted) {
    const item = take(id);
    if (item !== undefined) on.accepted(item);
  }
  for (const item of left.values()) on.unnamed(item);
}
