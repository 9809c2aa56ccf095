/**
 * The body of a bulk request (`Invoices/bulk/approve`, `/send`, `/sendviapostal`, `/credit`) and the
 * one rule that guards it: **never without a non-empty list of exact ids.** What the service does
 * with a missing or empty `includeOnlyIds` is undocumented; read as "no restriction" it would act on
 * every invoice of the tenant, so this builder throws before anything is sent. Pure.
 */
import { ValidationError } from "./errors/validation-error";
import { requireId } from "./ids";

/** Most ids named in one bulk request; a longer list goes out in several requests. */
export const BULK_CHUNK_SIZE = 100;

/** `GetInvoicesQueryParams` as the add-in sends it: exact ids, optionally only invoices in a status. */
export interface BulkQueryParams {
  includeOnlyIds: string[];
  invoiceStatus?: string[];
}

/**
 * The ids of a bulk request, trimmed and without repeats (the first spelling kept; UUIDs compare
 * case-insensitively). Throws a ValidationError — and so nothing is sent — when the list is not an
 * array, is empty, or holds an id that is not non-empty text.
 */
export function requireIdList(ids: unknown, endpoint: string): string[] {
  if (!Array.isArray(ids) || ids.length === 0) {
    throw new ValidationError(
      "A bulk request needs a non-empty list of invoice ids: without one the service could act on every invoice",
      { endpoint }
    );
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of ids) {
    const id = requireId(raw, "invoiceIds[]", endpoint);
    if (seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    out.push(id);
  }
  return out;
}

/** `ids` in chunks of at most `size` (default {@link BULK_CHUNK_SIZE}), in order. */
export function chunkIds(ids: readonly string[], size = BULK_CHUNK_SIZE): string[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError("chunk size must be at least 1");
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

/**
 * The `queryParams` of one bulk request naming exactly `ids`. Checks again (a caller may build a
 * chunk by hand): an empty chunk throws here, so no request without ids can be built at all.
 */
export function bulkQueryParams(
  ids: readonly string[],
  endpoint: string,
  invoiceStatus?: readonly string[]
): BulkQueryParams {
  const list = requireIdList(ids, endpoint);
  if (list.length > BULK_CHUNK_SIZE) {
    throw new ValidationError(`A bulk request names at most ${BULK_CHUNK_SIZE} invoices`, {
      endpoint,
    });
  }
  const query: BulkQueryParams = { includeOnlyIds: list };
  if (invoiceStatus !== undefined) query.invoiceStatus = [...invoiceStatus];
  return query;
}
