/**
 * Paging of lists in the live dialect (docs/developers/live-service.md#lists): `data = { results,
 * hasNextPage, nextPageToken, totalRecords }`, the next page asked with the request header
 * `continuationToken`.
 */

/** A page of a list as the live service returns it in `data`. */
export interface Page<T> {
  results: T[];
  hasNextPage: boolean;
  nextPageToken: string | null;
  totalRecords: number;
}

/** Opaque token for the page starting at `offset`. */
export function encodeToken(offset: number): string {
  return Buffer.from(`offset:${offset}`, "utf8").toString("base64url");
}

/** The offset in a token, or null when the token is not one of ours. */
export function decodeToken(token: string): number | null {
  const text = Buffer.from(token, "base64url").toString("utf8");
  const m = /^offset:(\d+)$/.exec(text);
  return m ? Number(m[1]) : null;
}

/** Cuts the page starting at `offset`. */
export function pageOf<T>(items: T[], offset: number, pageSize: number): Page<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const results = items.slice(offset, offset + size);
  const next = offset + size;
  const hasNextPage = next < items.length;
  return {
    results,
    hasNextPage,
    nextPageToken: hasNextPage ? encodeToken(next) : null,
    totalRecords: items.length,
  };
}
