/**
 * One page of a list, in either dialect: a bare array (interface document) or the live service's
 * `{ results[], hasNextPage, nextPageToken, totalRecords }`
 * (docs/developers/live-service.md#lists).
 */
import { isJsonObject, pick } from "./pick";
import { malformed } from "./read-fields";

/** The items of one page and where the next one is. */
export interface Page {
  items: unknown[];
  /** Token for the `continuationToken` header of the next request; undefined on the last page. */
  nextToken?: string;
}

/** Reads one page (after the envelope is removed); `what` names the list in errors. */
export function readPage(data: unknown, what: string): Page {
  if (Array.isArray(data)) return { items: data };
  if (!isJsonObject(data)) malformed(what, "should be a list");
  const results = pick(data, "results", "items", "value");
  if (!Array.isArray(results)) malformed(`${what}.results`, "should be a list");
  const hasNext = pick(data, "hasNextPage");
  if (hasNext !== true) return { items: results };
  const token = pick(data, "nextPageToken", "continuationToken");
  if (typeof token !== "string" || token === "") {
    malformed(`${what}.nextPageToken`, "is missing although hasNextPage is true");
  }
  return { items: results, nextToken: token };
}
