/**
 * Reads the planned invoices back (batched `Invoices/filter` by ids) so that the confirmation states
 * what the service holds: how many will be sent or credited and the exact total to be
 * reversed. Nothing is changed. An invoice already sent (or being sent) is never sent again; one
 * already credited shows its credit note (found through `creditedByInvoiceId`) and is never
 * credited again; a draft, a credit note (credit), an invoice credited before it was sent (send) or
 * an unknown invoice is refused in plain words.
 */
import Big from "big.js";
import { READ_BATCH_SIZE, readByIds, readParts } from "./read-by-id";
import { CancelledError, isNotFoundError } from "../../api";
import type { BillingClient, Invoice } from "../../api";
import type { ActionPlan, ActionPreparation, ActionRefusal, PreparedItem } from "./action-types";
import type { IdAction } from "./id-action";
import { assertNever } from "./assert-never";
import { participleOf } from "./id-words";
import { ENGLISH, sayIn, type Language, type Say } from "../words";

/** Sent states after which an invoice is never sent again: done, under way, or skipped. */
export const SENT_DONE_STATES: ReadonlySet<string> = new Set([
  "sent",
  "sending",
  "printing",
  "skipped",
]);

/** What the service holds for each id: the invoice, or null when it does not know it. */
export type HeldInvoices = Map<string, Invoice | null>;

/**
 * Reads `ids` in batches; an id a batch leaves out is read on its own, so that "not found" is the
 * service's word. Errors other than not found propagate (the caller cannot state the truth).
 *
 * The service pages its answers (the simulator's page holds 4; the documents name no size), so no
 * read of N invoices takes fewer than ⌈N ÷ page⌉ requests. Batches of 50 made that many requests
 * too, but each batch's pages came one after the other and the service filtered and rendered all
 * 50 ids on every one of its 13 pages: 5,000 invoices took 25 s before Send's confirmation showed
 *. Once the client has seen the page size (`listPageSize`, after any list that went on
 * to a second page), every batch is one page and all go out side by side (the client's limit, or
 * the run's slots, keeps them to a few at once), as the invoice run's reads (`readParts`). Not
 * seen yet, the first batch goes alone and its pages show it.
 */
export async function readInvoices(
  client: Pick<BillingClient, "getInvoicesByIds" | "getInvoice" | "listPageSize">,
  ids: readonly string[],
  signal?: AbortSignal,
  read: <T>(task: () => Promise<T>) => Promise<T> = (task) => task()
): Promise<HeldInvoices> {
  const held: HeldInvoices = new Map();
  let unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (client.listPageSize?.() === undefined && unique.length > READ_BATCH_SIZE) {
    await readBatch(client, unique.slice(0, READ_BATCH_SIZE), held, signal, read);
    unique = unique.slice(READ_BATCH_SIZE);
  }
  // One slot: with the page size unknown, batches of 50 (not smaller parts to fill the slots).
  const batches = readParts(unique, 1, client.listPageSize?.());
  await Promise.all(batches.map((batch) => readBatch(client, batch, held, signal, read)));
  return held;
}

/** One batch of {@link readInvoices} (read-by-id.ts); "not found" is null, any other failure rejects. */
async function readBatch(
  client: Pick<BillingClient, "getInvoicesByIds" | "getInvoice" | "listPageSize">,
  batch: string[],
  held: HeldInvoices,
  signal: AbortSignal | undefined,
  read: <T>(task: () => Promise<T>) => Promise<T>
): Promise<void> {
  if (signal?.aborted) throw new CancelledError();
  let failed: unknown;
  await readByIds(client, batch, read, (id, outcome) => {
    if ("invoice" in outcome) held.set(id, outcome.invoice);
    else if (isNotFoundError(outcome.error)) held.set(id, null);
    else failed ??= outcome.error;
  });
  if (failed !== undefined) throw failed;
}

/** Sorts the plan's items by what the service holds (`held`) into to do, already done, refused. */
export function sortPrepared(
  action: IdAction,
  plan: ActionPlan,
  held: HeldInvoices,
  say: Say = ENGLISH
): Pick<ActionPreparation, "toDo" | "alreadyDone" | "refused"> {
  const out: Pick<ActionPreparation, "toDo" | "alreadyDone" | "refused"> = {
    toDo: [],
    alreadyDone: [],
    refused: [...plan.refused],
  };
  for (const item of plan.items) {
    const invoice = held.get(item.key) ?? null;
    const sorted = action.sort(item, invoice, say);
    const prepared: PreparedItem = {
      ...item,
      rowNumbers: [...item.rowNumbers],
      invoice: invoice ?? { id: item.invoiceId, status: "", errors: [] },
    };
    switch (sorted.to) {
      case "toDo":
        if (sorted.retry) prepared.retry = true;
        out.toDo.push(prepared);
        break;
      case "alreadyDone":
        if (sorted.creditNoteId !== undefined) prepared.creditNoteId = sorted.creditNoteId;
        if (sorted.gone) prepared.gone = true;
        out.alreadyDone.push(prepared);
        break;
      case "refused":
        out.refused.push({
          rowNumbers: [...item.rowNumbers],
          invoiceId: item.invoiceId,
          message: say("id.row.notDone", {
            participle: participleOf(action, say),
            reason: `${sorted.why}.`,
          }),
        });
        break;
      default:
        assertNever(sorted);
    }
  }
  return out;
}

/** The exact sums of `items`' totals, and how many lack one. */
export function sumTotals(items: readonly PreparedItem[]): {
  totalInclVAT: string;
  totalExclVAT: string;
  totalsMissing: number;
} {
  let incl = new Big(0);
  let excl = new Big(0);
  let missing = 0;
  for (const { invoice } of items) {
    if (invoice.totalAmountInclVAT === undefined || invoice.totalAmountExclVAT === undefined) {
      missing += 1;
      continue;
    }
    incl = incl.plus(invoice.totalAmountInclVAT);
    excl = excl.plus(invoice.totalAmountExclVAT);
  }
  return { totalInclVAT: incl.toFixed(2), totalExclVAT: excl.toFixed(2), totalsMissing: missing };
}

/**
 * Reads the credit notes of already credited items (batched) for their numbers. A credit note that
 * cannot be read leaves its number out (its id is known; the run reads it again).
 */
export async function readCreditNotes(
  client: Pick<BillingClient, "getInvoicesByIds" | "getInvoice" | "listPageSize">,
  items: readonly PreparedItem[],
  signal?: AbortSignal,
  read?: <T>(task: () => Promise<T>) => Promise<T>
): Promise<void> {
  const ids = items.map((i) => i.creditNoteId).filter((id): id is string => id !== undefined);
  if (ids.length === 0) return;
  const notes = await readInvoices(client, ids, signal, read);
  for (const item of items) {
    const note = item.creditNoteId ? notes.get(item.creditNoteId.toLowerCase()) : undefined;
    const num = (note?.invoiceNum ?? "").trim();
    if (num !== "") item.creditNoteNum = num;
  }
}

/** See the module comment. Rejects with the client's error when the service cannot be read. */
export async function prepareIdAction(
  client: BillingClient,
  action: IdAction,
  plan: ActionPlan,
  options: { signal?: AbortSignal; language?: Language } = {}
): Promise<ActionPreparation> {
  const held = await readInvoices(
    client,
    plan.items.map((i) => i.invoiceId),
    options.signal
  );
  const say = options.language === undefined ? ENGLISH : sayIn(options.language);
  const sorted = sortPrepared(action, plan, held, say);
  await action.prepareMore?.(client, sorted.alreadyDone, options.signal);
  const refused: ActionRefusal[] = sorted.refused;
  return {
    plan,
    toDo: sorted.toDo,
    alreadyDone: sorted.alreadyDone,
    refused,
    ...sumTotals(sorted.toDo),
    preparedAt: new Date(),
  };
}
