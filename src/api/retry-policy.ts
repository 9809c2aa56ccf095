/**
 * Which failures are retried, how long to wait, and when to give up — as ky retry options.
 * ky does the waiting (Retry-After, exponential back-off with jitter); `shouldRetry` adds what ky
 * lacks: the per-kind rules, `x-retry-after-seconds` and a bounded total wait.
 */
import type { RetryOptions, ShouldRetryState } from "ky";
import type { CallKind } from "./to-billing-error";
import { isHttpFailure, isNotSentError, isTimeoutFailure } from "./to-billing-error";
import { backoffDelay, parseRetryAfter } from "./retry-after";
import { isUserTokenError } from "./errors/user-token-error";

/** Retry limits of a client. */
export interface RetrySettings {
  /** Retries after the first attempt (default 4). */
  limit: number;
  /** Total time a call may spend, waits included, before it gives up (default 30 000 ms). */
  maxTotalWaitMs: number;
}

/** Defaults of {@link RetrySettings}. */
export const DEFAULT_RETRY: RetrySettings = { limit: 4, maxTotalWaitMs: 30_000 };

/** Statuses a read (GET, lookup filter) is retried on: time-out, rate limit, server errors. */
export const READ_RETRY_STATUSES = [408, 429, 500, 502, 503, 504];

/**
 * Statuses an approve is retried on: only answers that say "not now" without having acted.
 * A 409 (already approving) or any other answer goes to the caller.
 */
export const APPROVE_RETRY_STATUSES = [429, 503];

/**
 * Statuses a send or credit is retried on: only the rate limit's 429, which says the request was
 * not taken. A 503 may be a proxy's answer after the service acted: the caller reads back instead.
 */
export const ACT_RETRY_STATUSES = [429];

function retryStatuses(kind: CallKind): number[] {
  if (kind === "approve") return APPROVE_RETRY_STATUSES;
  if (kind === "act") return ACT_RETRY_STATUSES;
  return READ_RETRY_STATUSES;
}

/** Upper bound of one back-off wait when the service names none. */
const BACKOFF_LIMIT_MS = 10_000;

/**
 * The decision for one failed attempt: false = give up now; undefined = let ky retry with its
 * own delay (the service's Retry-After, else back-off). Exported for unit tests.
 */
export function retryDecision(
  kind: CallKind,
  state: ShouldRetryState,
  remainingMs: number
): false | undefined {
  if (kind === "create") return false;
  const { error, retryCount } = state;
  // No user token: asking again at once gives the same answer (the provider already renewed).
  if (isUserTokenError(error)) return false;
  const statuses = retryStatuses(kind);
  const acts = kind === "approve" || kind === "act";
  let wait = Math.min(BACKOFF_LIMIT_MS, backoffDelay(retryCount));
  if (isHttpFailure(error)) {
    if (!statuses.includes(error.response.status)) return false;
    wait = parseRetryAfter(error.response.headers) ?? wait;
  } else if (isTimeoutFailure(error)) {
    if (acts) return false;
  } else if (acts && !isNotSentError(error)) {
    // The call may have reached the service; the caller re-reads the invoice instead.
    return false;
  }
  return wait > remainingMs ? false : undefined;
}

/** ky retry options for one call of `kind`; the wait budget starts now. */
export function retryOptionsFor(
  kind: CallKind,
  settings: RetrySettings,
  now: () => number = Date.now
): RetryOptions {
  if (kind === "create") return { limit: 0 };
  const started = now();
  const statuses = retryStatuses(kind);
  return {
    limit: settings.limit,
    methods: ["get", "post", "delete"],
    statusCodes: statuses,
    afterStatusCodes: statuses,
    maxRetryAfter: settings.maxTotalWaitMs,
    backoffLimit: BACKOFF_LIMIT_MS,
    delay: (attempt) => backoffDelay(attempt),
    jitter: true,
    retryOnTimeout: kind === "read",
    shouldRetry: (state) => retryDecision(kind, state, settings.maxTotalWaitMs - (now() - started)),
  };
}

/**
 * The longest one request of a client may take, in ms: the bound a caller's own time-out must
 * exceed so that the client's clearer errors come first. Each attempt is cut at `timeoutMs` (ky's
 * per-attempt time-out). A retry is made only while its wait fits in what is left of
 * `maxTotalWaitMs`, counted from the start of the first attempt, attempts included (see
 * `retryDecision`); so the last attempt starts by `maxTotalWaitMs` and ends by
 * `maxTotalWaitMs + timeoutMs`, however many attempts `limit` allows. Without retries it is one
 * attempt. With the defaults: 30 s + 15 s = 45 s.
 */
export function requestBudgetMs(timeoutMs: number, retry: RetrySettings): number {
  return retry.limit > 0 ? retry.maxTotalWaitMs + timeoutMs : timeoutMs;
}
