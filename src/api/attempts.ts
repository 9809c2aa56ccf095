/**
 * One call's attempts over the platform's fetch: the request core's hot path.
 *
 * Before, every call went through ky, which builds a `Request` with a streamed body, clones
 * it for retries (a tee of that stream), merges its options, joins two abort signals and hands the
 * `Request` to fetch, which builds another. A CPU profile of a 1,000-invoice run put that pipeline,
 * with the stream and signal work it causes inside Node's fetch, at about 1.9 ms of CPU a request
 * against 0.4 ms for the client's own code (docs/benchmarks/invoices.md). Here each attempt is one
 * `fetch(url, { method, headers, body: string, signal })`, and the behaviour ky gave is kept as it
 * was: the retry options of retry-policy.ts read the way ky reads them (limit, status codes,
 * Retry-After and its aliases capped by `maxRetryAfter`, back-off with jitter, `shouldRetry` first,
 * `retryOnTimeout`), a time-out per attempt that starts after the governor's turn, the caller's
 * cancellation, and ky's own `HTTPError` and `TimeoutError`, so that to-billing-error.ts maps every
 * failure as before.
 */
import { HTTPError, TimeoutError } from "ky";
import type { NormalizedOptions, RetryOptions } from "ky";
import type { ConnectionSettings } from "./types";
import type { ClientOptions } from "./client-options";
import type { RateGovernor } from "./rate-governor";
import { X_RETRY_AFTER_SECONDS } from "./retry-after";
import { UserTokenError, isUserTokenError } from "./errors/user-token-error";
import { isHttpFailure, isTimeoutFailure } from "./to-billing-error";
import { reason } from "../i18n";

/** What one call sends, every attempt alike. */
export interface AttemptSpec {
  method: "GET" | "POST" | "DELETE";
  /** The full URL, query included. */
  url: string;
  /** The JSON body, already serialised; undefined for none. */
  body?: string;
  /** Headers of this call only (the page token). */
  headers?: Record<string, string>;
  /** Its turn's priority at the rate governor. */
  priority: number;
}

/** Sends a call, retried as `retry` says; resolves with a successful answer and its text, or throws. */
export type SendAttempts = (
  spec: AttemptSpec,
  retry: RetryOptions,
  signal: AbortSignal | undefined
) => Promise<{ response: Response; text: string }>;

/** The headers ky used to read a wait from, in its order (ky 1.14, `#calculateRetryDelay`). */
const RETRY_AFTER_HEADERS = [
  "retry-after",
  "ratelimit-reset",
  "x-ratelimit-retry-after",
  "x-ratelimit-reset",
  "x-rate-limit-reset",
];
/** The largest delay setTimeout takes (ky's `maxSafeTimeout`). */
const MAX_SAFE_TIMEOUT = 2_147_483_647;
/** A wait written as a number this large is a point in time (ky's threshold). */
const TIMESTAMP_THRESHOLD_MS = Date.parse("2024-01-01");

/**
 * ky reads Retry-After but not the live gateway's `x-retry-after-seconds`: alias it. The answer is
 * rebuilt from its text (a new body for the same service text), so that every reader after this
 * one (the retry wait, the error's entries) sees one answer.
 */
async function aliasRetryAfter(response: Response): Promise<Response> {
  if (response.ok || response.headers.has("retry-after")) return response;
  const custom = response.headers.get(X_RETRY_AFTER_SECONDS);
  if (custom === null) return response;
  const headers = new Headers(response.headers);
  headers.set("retry-after", custom);
  const body = await response.text();
  return new Response(body === "" ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The service's wait for a retry of `response`, as ky computed it; undefined when it names none. */
function serviceWait(response: Response, retry: RetryOptions): number | undefined {
  let text: string | null = null;
  for (const name of RETRY_AFTER_HEADERS) {
    text = response.headers.get(name);
    if (text !== null) break;
  }
  if (!text || !(retry.afterStatusCodes ?? []).includes(response.status)) return undefined;
  let after = Number(text) * 1000;
  if (Number.isNaN(after)) after = Date.parse(text) - Date.now();
  else if (after >= TIMESTAMP_THRESHOLD_MS) after -= Date.now();
  const max = retry.maxRetryAfter ?? after;
  return after < max ? after : max;
}

/** ky's own back-off: `delay(attempt)`, jittered, at most `backoffLimit`. */
function backoff(retry: RetryOptions, attempt: number): number {
  const base = retry.delay?.(attempt) ?? 0.3 * 2 ** (attempt - 1) * 1000;
  let wait = base;
  if (retry.jitter === true) wait = Math.random() * base;
  else if (typeof retry.jitter === "function") {
    wait = retry.jitter(base);
    if (!Number.isFinite(wait) || wait < 0) wait = base;
  }
  return Math.min(retry.backoffLimit ?? Number.POSITIVE_INFINITY, wait);
}

/**
 * The wait before retry number `attempt` after `error`, or undefined to give up: ky's rules in
 * ky's order (`shouldRetry` first; a time-out only with `retryOnTimeout`; an HTTP failure only
 * on its status codes, waiting what the service asks; anything else, a network failure, retried).
 */
async function retryWait(
  error: unknown,
  attempt: number,
  retry: RetryOptions
): Promise<number | undefined> {
  if (attempt > (retry.limit ?? 2)) return undefined;
  const errorObject = error instanceof Error ? error : new Error(String(error));
  if (retry.shouldRetry !== undefined) {
    const decision = await retry.shouldRetry({ error: errorObject, retryCount: attempt });
    if (decision === false) return undefined;
    if (decision === true) return backoff(retry, attempt);
  }
  if (isTimeoutFailure(error) && retry.retryOnTimeout !== true) return undefined;
  if (isHttpFailure(error)) {
    if (!(retry.statusCodes ?? []).includes(error.response.status)) return undefined;
    const asked = serviceWait(error.response, retry);
    if (asked !== undefined) return asked;
    if (error.response.status === 413) return undefined;
  }
  return backoff(retry, attempt);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.min(ms, MAX_SAFE_TIMEOUT)
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The request a failure names (ky's errors carry one; only its method and URL are read). Never
 * throws (it runs in the time-out's timer): a URL a Request refuses is named as it is.
 */
function describe(spec: AttemptSpec): Request {
  try {
    return new Request(spec.url, { method: spec.method });
  } catch {
    return { method: spec.method, url: spec.url } as Request;
  }
}

/** The options an HTTPError carries (ky's; to-billing-error.ts never reads them). */
const NO_OPTIONS = Object.freeze({}) as NormalizedOptions;

/**
 * The sender of a request core: every attempt carries the user's token (the gateway credential),
 * waits for the governor's turn, is counted, is cut at `timeoutMs`, and is learnt from.
 */
export function createAttempts(
  settings: ConnectionSettings,
  options: ClientOptions,
  governor: RateGovernor | undefined,
  timeoutMs: number
): SendAttempts {
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const onRequest = options.onRequest;
  // Header names in lower case, merged as ky merged them (a later name replaces an earlier one).
  const merged = new Headers(settings.headers);
  merged.set("accept", "application/json");
  if (settings.credential.kind === "bearer") {
    merged.set("authorization", `Bearer ${settings.credential.token}`);
  }
  const baseHeaders: Record<string, string> = Object.fromEntries(merged);
  const userToken = settings.credential.kind === "gateway" ? options.userToken : undefined;

  /**
   * The gateway credential: the signed-in user's token, asked for per attempt so that a retry after
   * a renewal carries the new one. Any failure of the provider is a UserTokenError (its own plain
   * words kept), so that it is never taken for a network error.
   */
  async function tokenHeader(signal: AbortSignal): Promise<string> {
    try {
      return `Bearer ${await userToken!(signal)}`;
    } catch (error) {
      if (isUserTokenError(error)) throw error;
      throw new UserTokenError(reason("auth.cannotRenew"));
    }
  }

  /** One attempt under `controller` (aborted by the caller's cancellation and by the time-out). */
  async function attempt(spec: AttemptSpec, controller: AbortController): Promise<Response> {
    const headers: Record<string, string> = { ...baseHeaders, ...spec.headers };
    if (spec.body !== undefined) headers["content-type"] ??= "application/json";
    // The token first: a turn is not spent on a request that cannot carry one.
    if (userToken) headers.authorization = await tokenHeader(controller.signal);
    const sentAt = governor ? await governor.acquire(spec.priority, controller.signal) : undefined;
    const init: RequestInit = { method: spec.method, headers, signal: controller.signal };
    if (spec.body !== undefined) init.body = spec.body;
    const response = await new Promise<Response>((resolve, reject) => {
      // Each attempt's time-out starts after its turn, as ky's did.
      const timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutError(describe(spec)));
      }, timeoutMs);
      onRequest?.({ method: spec.method, path: new URL(spec.url).pathname });
      baseFetch(spec.url, init)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
    governor?.observe(response.status, response.headers, sentAt ?? Date.now());
    // A success is handed on as it came (no await: one request's turn fewer microtasks).
    const answer = response.ok ? response : await aliasRetryAfter(response);
    if (!answer.ok) throw new HTTPError(answer, describe(spec), NO_OPTIONS);
    return answer;
  }

  /** The answer's body, or a TimeoutError `timeoutMs` after the headers came (the read aborted). */
  function readBody(
    response: Response,
    spec: AttemptSpec,
    controller: AbortController
  ): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutError(describe(spec)));
      }, timeoutMs);
      response
        .text()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  }

  return async (spec, retry, signal) => {
    let controller = new AbortController();
    // The caller's cancellation aborts the attempt in flight, and the reading of its answer.
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      let response: Response | undefined;
      for (let retries = 0; response === undefined;) {
        try {
          if (signal?.aborted) throw signal.reason;
          response = await attempt(spec, controller);
        } catch (error) {
          if (signal?.aborted) throw error;
          const ms = await retryWait(error, ++retries, retry);
          if (ms === undefined) throw error;
          if (isHttpFailure(error)) void error.response.body?.cancel().catch(() => undefined);
          await wait(ms, signal);
          if (controller.signal.aborted) controller = new AbortController();
        }
      }
      // Read outside the retries (a body cut half-way is not retried, as with ky), under a
      // time-out of its own: a body that stalls half-way ends the call, not only headers late.
      return { response, text: await readBody(response, spec, controller) };
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  };
}
