/**
 * The engine's one reader of invoices by id: `Invoices/filter` with `includeOnlyIds`, in batches
 * of at most {@link READ_BATCH_SIZE}; an id an answer leaves out is read on its own, so that "not
 * found" is the service's word, never a guess from a list. Every run reads through it: the plan
 * run's reconcile and its gathered polls, the id run's read-backs, the preparation before a
 * confirmation (prepare.ts), the bulk approver's read-backs.
 */
import type { BillingClient, Invoice } from "../../api";

/** Ids read in one call, while the service's page size is not known (then: one page each). */
export const READ_BATCH_SIZE = 50;

/** What the service answered for one id: the invoice, or the error of reading it alone. */
export type ReadOutcome = { invoice: Invoice } | { error: unknown };

/** How {@link readByIds} reads. */
export interface ReadOptions {
  /** An id the batch answer leaves out is read on its own (default); false: it is left out. */
  alone?: boolean;
  /** A batch of one id is read with `getInvoice` (one GET, no filter). Default false. */
  oneByGet?: boolean;
}

/**
 * Reads `ids` (at most {@link READ_BATCH_SIZE}: one call) through `call`, telling `each` what the
 * service answered for every id, as given, as it comes (an answer's ids match whatever their case). Rejects with the batch call's error;
 * a read of one id on its own that fails is that id's outcome.
 */
export async function readByIds(
  client: Pick<BillingClient, "getInvoicesByIds" | "getInvoice">,
  ids: readonly string[],
  call: <T>(task: () => Promise<T>) => Promise<T>,
  each: (id: string, outcome: ReadOutcome) => void,
  options: ReadOptions = {}
): Promise<void> {
  if (ids.length === 0) return;
  const found =
    options.oneByGet && ids.length === 1
      ? [await call(() => client.getInvoice(ids[0]!))]
      : await call(() => client.getInvoicesByIds([...ids]));
  const byId = new Map(found.map((invoice) => [invoice.id.toLowerCase(), invoice]));
  const missing: string[] = [];
  for (const id of ids) {
    const invoice = byId.get(id.toLowerCase());
    if (invoice !== undefined) each(id, { invoice });
    else missing.push(id);
  }
  if (options.alone === false) return;
  await Promise.all(
    missing.map((id) =>
      call(() => client.getInvoice(id)).then(
        (invoice) => each(id, { invoice }),
        (error: unknown) => each(id, { error })
      )
    )
  );
}

/** Reads of fewer ids than this are not parted (one page of the simulator holds 4). */
export const MIN_IDS_PER_READ = 4;

/**
 * Parts reads asked for together into requests that go out side by side. The service pages its
 * answer, and the pages of one request come one after the other (the simulator's page holds 4:
 * 50 ids took 13 pages, 420 ms, at the end of a bench run where the number was waiting).
 * - The service's page size known (`pageSize`, as the client saw it: BillingClient.listPageSize):
 *   one page each, never over {@link READ_BATCH_SIZE} ids. The same requests as the pages of
 *   bigger parts, but each goes to a free slot of its own, none waits behind another's pages, and
 *   the service filters for a page's ids only (the simulator renders every id asked on every page).
 * - Not known yet: up to one part per slot (at least {@link MIN_IDS_PER_READ} ids each), none over
 *   {@link READ_BATCH_SIZE}.
 */
export function readParts<T>(waiting: readonly T[], slots: number, pageSize?: number): T[][] {
  const n = waiting.length;
  if (n === 0) return [];
  const parts =
    pageSize !== undefined && pageSize > 0
      ? Math.ceil(n / Math.min(pageSize, READ_BATCH_SIZE))
      : Math.max(Math.ceil(n / READ_BATCH_SIZE), Math.min(slots, Math.ceil(n / MIN_IDS_PER_READ)));
  const result: T[][] = [];
  for (let i = 0, from = 0; i < parts; i += 1) {
    const to = Math.round(((i + 1) * n) / parts);
    result.push(waiting.slice(from, to));
    from = to;
  }
  return result;
}
