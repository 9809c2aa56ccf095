/**
 * The request core: the attempts of every call (attempts.ts: the platform's fetch, retried with
 * ky's rules and errors), the shared concurrency limit, merging of identical GETs in flight, the
 * reference-data cache, and the mapping of every failure.
 */
import type { ConnectionSettings, ServiceErrorEntry } from "./types";
import type { ClientOptions } from "./client-options";
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from "./client-options";
import type { BillingError } from "./errors/billing-error";
import { CancelledError } from "./errors/cancelled-error";
import { createReferenceCache } from "./reference-cache";
import type { Cached } from "./reference-cache";
import { ResponseFormatError } from "./errors/response-format-error";
import { unwrapEnvelope } from "./envelope";
import { secretValues } from "./redact";
import { chainDepth, createRequestLimiter, createRequestOrder } from "./request-limiter";
import { createAttempts } from "./attempts";
import type { SendAttempts } from "./attempts";
import { governorFor } from "./rate-governor";
import type { RateGovernor, RateLimitState } from "./rate-governor";
import { DEFAULT_RETRY, retryOptionsFor } from "./retry-policy";
import type { RetrySettings } from "./retry-policy";
import { readServiceErrors } from "./service-entries";
import { cleanEntries, isHttpFailure, refusedInEnvelope, toBillingError } from "./to-billing-error";
import type { CallKind, FailureContext } from "./to-billing-error";

/** The request header carrying the next page's token (docs/developers/live-service.md#lists). */
export const CONTINUATION_HEADER = "continuationToken";

/** One HTTP request to make. */
export interface RequestSpec {
  method: "GET" | "POST" | "DELETE";
  /** The documented endpoint, e.g. "GET /api/cfg/products/{id}". */
  endpoint: string;
  /** The path with encoded segments, starting with "/". */
  path: string;
  searchParams?: Record<string, string>;
  json?: unknown;
  /** Token of the page to fetch (sent as the continuationToken header). */
  pageToken?: string;
  kind: CallKind;
  /** The caller's cancellation (CallOptions.signal). */
  signal?: AbortSignal;
  /**
   * A POST that only reads (a filter): identical ones in flight at once (same path, body and page)
   * share one request, as GETs always do.
   */
  shared?: boolean;
}

/** An answer with the envelope already removed. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The DTO (or page) the body held; undefined for an empty body. */
  data: unknown;
}

/** What the resource modules use to talk to the service. */
export interface Requester {
  /**
   * Sends one request (limited, merged with an identical GET, or shared read POST, in flight) and
   * unwraps the answer.
   */
  send(spec: RequestSpec): Promise<Answer>;
  /** Runs `work`, mapping anything it throws (a normaliser's complaint too) to a client error. */
  inContext<T>(spec: RequestSpec, work: () => Promise<T>): Promise<T>;
  /** `load()` through the reference-data cache (a plain call when the cache is off; reference-cache.ts). */
  cached: Cached;
  clearCache(): void;
  /** `error` as the client's error for `spec`, its text redacted (for a cause the caller keeps). */
  toError(spec: RequestSpec, error: unknown): BillingError;
  /** The service's entries with every secret redacted, then shortened (for text the caller keeps). */
  cleanEntries(entries: ServiceErrorEntry[]): ServiceErrorEntry[];
  /** What the service's rate governor knows now (rate-governor.ts); undefined when it is off. */
  rateLimit(): RateLimitState | undefined;
  /** Requests waiting for a slot of the concurrency limit now. */
  requestsWaiting(): number;
  /** A list answered `n` items on a page that had a next page: the service's page size is `n`. */
  notePageSize(n: number): void;
  /** The most items the service has put on one page of a list that went on; undefined before. */
  listPageSize(): number | undefined;
}

/** A GET in flight that identical GETs join. */
interface SharedRead {
  promise: Promise<Answer>;
  /** Aborts the request itself, once no caller is left to want it. */
  controller: AbortController;
  /** Callers with a signal that have not cancelled. */
  waiting: number;
  /** True once a caller without a signal joined: the request then always runs to its end. */
  pinned: boolean;
}

/** A path segment, URL-encoded (ids come from cells and may contain anything). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

async function readErrorEntries(error: unknown): Promise<ReturnType<typeof readServiceErrors>> {
  if (!isHttpFailure(error)) return [];
  try {
    const text = await error.response.text();
    return readServiceErrors(JSON.parse(text));
  } catch {
    // Not JSON (an HTML error page of a proxy): no entries; its text is not shown.
    return [];
  }
}

/** The URL of `spec` under `baseUrl` (joined as ky's `prefixUrl` joined it). */
function requestUrl(baseUrl: string, spec: RequestSpec): string {
  const prefix = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const query = spec.searchParams ? `?${new URLSearchParams(spec.searchParams).toString()}` : "";
  return `${prefix}${spec.path.slice(1)}${query}`;
}

/** One request (retried as its kind allows): the answer unwrapped, or a BillingError. */
async function performRequest(
  send: SendAttempts,
  baseUrl: string,
  retry: RetrySettings,
  failure: FailureContext,
  spec: RequestSpec,
  signal: AbortSignal | undefined
): Promise<Answer> {
  let response: Response;
  let text: string;
  try {
    const answer = await send(
      {
        method: spec.method,
        url: requestUrl(baseUrl, spec),
        body: spec.json === undefined ? undefined : JSON.stringify(spec.json),
        headers:
          spec.pageToken === undefined ? undefined : { [CONTINUATION_HEADER]: spec.pageToken },
        priority: chainDepth(spec.endpoint),
      },
      retryOptionsFor(spec.kind, retry),
      signal
    );
    response = answer.response;
    text = answer.text;
  } catch (error) {
    if (signal?.aborted)
      throw new CancelledError({ endpoint: spec.endpoint, path: spec.path, cause: signal.reason });
    const entries = await readErrorEntries(error);
    throw toBillingError(error, { ...failure, entries });
  }
  let body: unknown;
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ResponseFormatError("The service's answer is not JSON", {
        status: response.status,
        endpoint: spec.endpoint,
        path: spec.path,
      });
    }
  }
  const unwrapped = unwrapEnvelope(body);
  if (!unwrapped.ok) throw refusedInEnvelope(response.status, unwrapped.entries, failure);
  return { status: response.status, headers: response.headers, data: unwrapped.data };
}

/** Builds the request core for `settings` (already validated) and `options`. */
export function createRequester(
  settings: ConnectionSettings,
  options: ClientOptions = {}
): Requester {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retry: RetrySettings = {
    limit: options.retry?.limit ?? DEFAULT_RETRY.limit,
    maxTotalWaitMs: options.retry?.maxTotalWaitMs ?? DEFAULT_RETRY.maxTotalWaitMs,
  };
  const secrets = secretValues(settings);
  const limit = createRequestLimiter(options.concurrency ?? DEFAULT_CONCURRENCY);
  const order = createRequestOrder();
  const inFlight = new Map<string, SharedRead>();
  const cache = createReferenceCache(options.cacheTtlMs ?? 0);
  let pageSize: number | undefined;

  // One governor per service, shared with every other client of it (rate-governor.ts).
  const governor: RateGovernor | undefined =
    options.rateGovernor === false
      ? undefined
      : (options.rateGovernor ?? governorFor(settings.baseUrl));
  const sendAttempts = createAttempts(settings, options, governor, timeoutMs);

  const context = (spec: RequestSpec): FailureContext => ({
    endpoint: spec.endpoint,
    path: spec.path,
    kind: spec.kind,
    timeoutMs,
    secrets,
  });

  const cancelled = (spec: RequestSpec, signal: AbortSignal): CancelledError =>
    new CancelledError({ endpoint: spec.endpoint, path: spec.path, cause: signal.reason });

  const perform = (spec: RequestSpec, signal: AbortSignal | undefined) =>
    performRequest(sendAttempts, settings.baseUrl, retry, context(spec), spec, signal);

  /**
   * Runs `task` under the concurrency limit. Cancelled while it waits for a slot, it rejects at once
   * and gives its place up (when its turn comes it returns without doing anything); cancelled while
   * it runs, its request is aborted (its attempts get the signal), which frees the slot as soon as fetch stops.
   * `caller` is who asked (the caller's own signal, also for a GET that others may join later).
   */
  function limited(
    spec: RequestSpec,
    signal: AbortSignal | undefined,
    task: () => Promise<Answer>,
    caller: AbortSignal | undefined = signal
  ): Promise<Answer> {
    // The first caller's cost chain first, deeper first within it (request-limiter.ts).
    const priority = order(spec.endpoint, caller);
    if (signal === undefined) return limit(priority, task);
    if (signal.aborted) return Promise.reject(cancelled(spec, signal));
    return new Promise<Answer>((resolve, reject) => {
      const onAbort = () => reject(cancelled(spec, signal));
      signal.addEventListener("abort", onAbort, { once: true });
      void limit(priority, async () => {
        if (signal.aborted) return;
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
        } finally {
          signal.removeEventListener("abort", onAbort);
        }
      });
    });
  }

  /**
   * Joins a caller to a shared GET. A caller's cancellation rejects only that caller; the shared
   * request is aborted when every caller that can cancel has cancelled and none that cannot is left.
   */
  function join(key: string, shared: SharedRead, spec: RequestSpec): Promise<Answer> {
    const signal = spec.signal;
    if (signal === undefined) {
      shared.pinned = true;
      return shared.promise;
    }
    if (signal.aborted) return Promise.reject(cancelled(spec, signal));
    shared.waiting += 1;
    return new Promise<Answer>((resolve, reject) => {
      const onAbort = () => {
        reject(cancelled(spec, signal));
        shared.waiting -= 1;
        if (shared.waiting === 0 && !shared.pinned) {
          if (inFlight.get(key) === shared) inFlight.delete(key);
          shared.controller.abort(signal.reason);
        }
      };
      signal.addEventListener("abort", onAbort, { once: true });
      void shared.promise
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  function send(spec: RequestSpec): Promise<Answer> {
    if (spec.method !== "GET" && !(spec.shared === true && spec.kind === "read")) {
      return limited(spec, spec.signal, () => perform(spec, spec.signal));
    }
    if (spec.signal?.aborted) return Promise.reject(cancelled(spec, spec.signal));
    const body = spec.json === undefined ? "" : JSON.stringify(spec.json);
    const key = `${spec.method} ${requestUrl(settings.baseUrl, spec)} ${spec.pageToken ?? ""} ${body}`;
    let shared = inFlight.get(key);
    if (!shared) {
      const controller = new AbortController();
      const own: RequestSpec = { ...spec, signal: controller.signal };
      const entry: SharedRead = {
        controller,
        waiting: 0,
        pinned: false,
        promise: limited(
          own,
          controller.signal,
          () => perform(own, controller.signal),
          spec.signal
        ).finally(() => {
          if (inFlight.get(key) === entry) inFlight.delete(key);
        }),
      };
      // Every caller may have left before it settles; its outcome is then nobody's to handle.
      entry.promise.catch(() => undefined);
      inFlight.set(key, entry);
      shared = entry;
    }
    return join(key, shared, spec);
  }

  async function inContext<T>(spec: RequestSpec, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toBillingError(error, context(spec));
    }
  }

  return {
    send,
    inContext,
    cached: cache.cached,
    clearCache: cache.clear,
    cleanEntries: (entries) => cleanEntries(entries, secrets),
    toError: (spec, error) => toBillingError(error, context(spec)),
    rateLimit: () => governor?.state(),
    requestsWaiting: () => limit.waiting(),
    notePageSize: (n) => {
      if (n > (pageSize ?? 0)) pageSize = n;
    },
    listPageSize: () => pageSize,
  };
}
