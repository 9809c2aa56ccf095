import pLimit from "p-limit";

/**
 * A fetch that lets at most `concurrency` requests run at once, whoever calls it: a browser's
 * connection limit per host, shared by clients that share nothing else.
 */
export function limitedFetch(concurrency: number): typeof fetch {
  const limit = pLimit(concurrency);
  return ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
    limit(() => fetch(input, init))) as typeof fetch;
}
