/**
 * The request core: the one ky instance of a client, the shared concurrency limit, merging of
 * identical GETs in flight, the reference-data cache, and the mapping of every failure.
 */
import ky from "ky";
import type { KyInstance, Options } from "ky";
import { LRUCache } from "lru-cache";
import type { ConnectionSettings } from "./types";
import type { ClientOptions } from "./client-options";
import { CACHE_MAX_ENTRIES, DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from "./client-options";
import { ResponseFormatError } from "./errors/response-format-error";
import { unwrapEnvelope } from "./envelope";
import { isSecretHeaderName } from "./redact";
import { chainDepth, createRequestLimiter } from "./request-limiter";
import { X_RETRY_AFTER_SECONDS } from "./retry-after";
import { DEFAULT_RETRY, retryOptionsFor } from "./retry-policy";
import type { RetrySettings } from "./retry-policy";
import { readServiceErrors } from "./service-entries";
import { isHttpFailure, refusedInEnvelope, toBillingError } from "./to-billing-error";
import type { CallKind, FailureContext } from "./to-billing-error";

/** The request header carrying the next page's token (REAL-SERVICE.md "lists"). */
export const CONTINUATION_HEADER = "continuationToken";

/** One HTTP request to make. */
export interface RequestSpec {
  method: "GET" | "POST";
  /** The documented endpoint, e.g. "GET /api/cfg/products/{id}". */
  endpoint: string;
  /** The path with encoded segments, starting with "/". */
  path: string;
  searchParams?: Record<string, string>;
  json?: unknown;
  /** Token of the page to fetch (sent as the continuationToken header). */
  pageToken?: string;
  kind: CallKind;
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
  /** Sends one request (limited, merged with an identical GET in flight) and unwraps the answer. */
  send(spec: RequestSpec): Promise<Answer>;
  /** Runs `work`, mapping anything it throws (a normaliser's complaint too) to a client error. */
  inContext<T>(spec: RequestSpec, work: () => Promise<T>): Promise<T>;
  /** `load()` through the reference-data cache (a plain call when the cache is off). */
  cached<T>(key: string, load: () => Promise<T>): Promise<T>;
  clearCache(): void;
}

/** A path segment, URL-encoded (ids come from cells and may contain anything). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/** Values of the headers that are secret: the token and every secret-looking extra header. */
export function secretValues(settings: ConnectionSettings): string[] {
  const secrets: string[] = [];
  if (settings.credential.kind === "bearer") secrets.push(settings.credential.token);
  for (const [name, value] of Object.entries(settings.headers)) {
    if (isSecretHeaderName(name, settings.secretHeaders) && value !== "") secrets.push(value);
  }
  return secrets;
}

/** ky reads Retry-After but not the live gateway's `x-retry-after-seconds`: alias it. */
function aliasRetryAfter(
  _request: Request,
  _options: unknown,
  response: Response
): Response | undefined {
  if (response.ok || response.headers.has("retry-after")) return undefined;
  const custom = response.headers.get(X_RETRY_AFTER_SECONDS);
  if (custom === null) return undefined;
  const headers = new Headers(response.headers);
  headers.set("retry-after", custom);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
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

function fullUrl(baseUrl: string, spec: RequestSpec): string {
  const query = spec.searchParams ? `?${new URLSearchParams(spec.searchParams).toString()}` : "";
  return `${baseUrl}${spec.path}${query}`;
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
  const inFlight = new Map<string, Promise<Answer>>();
  const ttl = options.cacheTtlMs ?? 0;
  const cache =
    ttl > 0 ? new LRUCache<string, { value: unknown }>({ max: CACHE_MAX_ENTRIES, ttl }) : undefined;

  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const onRequest = options.onRequest;
  const countingFetch: typeof fetch = (input, init) => {
    if (onRequest) {
      const request = input instanceof Request ? input : new Request(input, init);
      onRequest({ method: request.method, path: new URL(request.url).pathname });
    }
    return baseFetch(input, init);
  };

  const headers: Record<string, string> = { ...settings.headers, accept: "application/json" };
  if (settings.credential.kind === "bearer") {
    headers.authorization = `Bearer ${settings.credential.token}`;
  }
  const api: KyInstance = ky.create({
    prefixUrl: settings.baseUrl,
    headers,
    timeout: timeoutMs,
    fetch: countingFetch,
    hooks: { afterResponse: [aliasRetryAfter] },
  });

  const context = (spec: RequestSpec): FailureContext => ({
    endpoint: spec.endpoint,
    path: spec.path,
    kind: spec.kind,
    timeoutMs,
    secrets,
  });

  async function perform(spec: RequestSpec): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      // Only keys with values: ky treats an explicit `headers: undefined` as "no headers at all".
      const call: Options = { method: spec.method, retry: retryOptionsFor(spec.kind, retry) };
      if (spec.searchParams !== undefined) call.searchParams = spec.searchParams;
      if (spec.json !== undefined) call.json = spec.json;
      if (spec.pageToken !== undefined) call.headers = { [CONTINUATION_HEADER]: spec.pageToken };
      response = await api(spec.path.slice(1), call);
      text = await response.text();
    } catch (error) {
      const entries = await readErrorEntries(error);
      throw toBillingError(error, { ...context(spec), entries });
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
    if (!unwrapped.ok) throw refusedInEnvelope(response.status, unwrapped.entries, context(spec));
    return { status: response.status, headers: response.headers, data: unwrapped.data };
  }

  function send(spec: RequestSpec): Promise<Answer> {
    const priority = chainDepth(spec.endpoint);
    if (spec.method !== "GET") return limit(priority, () => perform(spec));
    const key = `GET ${fullUrl(settings.baseUrl, spec)} ${spec.pageToken ?? ""}`;
    const existing = inFlight.get(key);
    if (existing) return existing;
    const promise = limit(priority, () => perform(spec)).finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  async function inContext<T>(spec: RequestSpec, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toBillingError(error, context(spec));
    }
  }

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!cache) return await load();
    const hit = cache.get(key);
    // Copies, so that a caller changing its result cannot change what the next caller gets.
    if (hit) return structuredClone(hit.value) as T;
    const value = await load();
    cache.set(key, { value: structuredClone(value) });
    return value;
  }

  return { send, inContext, cached, clearCache: () => cache?.clear() };
}
