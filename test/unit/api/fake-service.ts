/** A scripted fetch for client tests that need answers no real service gives. */
export interface Seen {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: string;
}

export type Answer = (seen: Seen) => Response | Promise<Response>;

/** A fetch answering with `answer` and recording every request. */
export function fakeFetch(answer: Answer): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const entry: Seen = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: Object.fromEntries(request.headers.entries()),
      body: request.body ? await request.text() : "",
    };
    seen.push(entry);
    return answer(entry);
  };
  return { fetch: wrapped, seen };
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Settings for a fake service. */
export const SETTINGS = {
  baseUrl: "https://billing.example.com",
  headers: { "zf-tuuid": "tenant-1", "apim-sub": "KEY-SECRET-1" },
  credential: { kind: "bearer" as const, token: "TOKEN-SECRET-1" },
};
