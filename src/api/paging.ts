/**
 * Following every page of a list: the `continuationToken` request header gets `data.nextPageToken`
 * while `data.hasNextPage` (docs/developers/live-service.md#lists); a bare array is the whole list.
 */
import type { Requester, RequestSpec } from "./client";
import { ResponseFormatError } from "./errors/response-format-error";
import { readPage } from "./page";

/** More pages than this is taken as a service fault rather than a list to keep reading. */
export const MAX_PAGES = 1000;

/** Every item of every page of the list `spec` asks for; `what` names the list in errors. */
export async function fetchAllPages(
  r: Requester,
  spec: RequestSpec,
  what: string,
  counted?: { pages: number }
): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let token: string | undefined;
  for (let pages = 1; ; pages++) {
    const answer = await r.send(token === undefined ? spec : { ...spec, pageToken: token });
    const page = readPage(answer.data, what);
    if (counted) counted.pages = pages;
    items.push(...page.items);
    if (page.nextToken === undefined) return items;
    r.notePageSize(page.items.length);
    if (seen.has(page.nextToken) || page.nextToken === token) {
      throw new ResponseFormatError(
        `The service's paging loops: page token repeated after ${pages} pages of ${what}`,
        {
          endpoint: spec.endpoint,
          path: spec.path,
        }
      );
    }
    if (pages >= MAX_PAGES) {
      throw new ResponseFormatError(`The service's list ${what} has more than ${MAX_PAGES} pages`, {
        endpoint: spec.endpoint,
        path: spec.path,
      });
    }
    if (token !== undefined) seen.add(token);
    seen.add(page.nextToken);
    token = page.nextToken;
  }
}
