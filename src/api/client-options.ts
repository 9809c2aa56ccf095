/**
 * Options of a billing client (docs/developers/architecture.md "api").
 */

import type { RateGovernor } from "./rate-governor";

/** What `onRequest` is told about each HTTP request sent (retries included). */
export interface RequestInfo {
  method: string;
  /** Path without the query, e.g. "/api/cfg/products/3f…". */
  path: string;
}

/** Options of `createBillingClient`; every field has a default. */
export interface ClientOptions {
  /** Most HTTP requests in flight at once, over every call of the client (default 6). */
  concurrency?: number;
  /** Time-out of each HTTP request in ms (default 15 000). */
  timeoutMs?: number;
  /** Retries of reads: `limit` (default 4) and `maxTotalWaitMs` (default 30 000). */
  retry?: { limit?: number; maxTotalWaitMs?: number };
  /** Keep reference data this long in ms (default 0 = no cache). Invoices are never cached. */
  cacheTtlMs?: number;
  /** The fetch to use (default: the global fetch). */
  fetch?: typeof fetch;
  /** Called once per HTTP request actually sent (for counting in benchmarks and tests). */
  onRequest?: (info: RequestInfo) => void;
  /**
   * The rate governor every request takes its turn at (rate-governor.ts). Default: the one of
   * this base URL, shared by every client of it; `false` = none (benchmarks: today's behaviour).
   */
  rateGovernor?: RateGovernor | false;
  /**
   * The signed-in user's access token for the company gateway, asked for before every
   * request (retries included) and sent as `Authorization: Bearer …`; used only with the "gateway"
   * credential. The provider renews and caches (src/auth); it throws a `UserTokenError` with a plain
   * sentence when there is no token, which the call rejects with as an AuthError (nothing sent).
   */
  userToken?: UserTokenProvider;
}

/** Gives the user's current access token; `signal` is the request's own cancellation. */
export type UserTokenProvider = (signal?: AbortSignal) => Promise<string>;

/** Default per-request time-out. */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Default concurrency limit. */
export const DEFAULT_CONCURRENCY = 6;
/** Most entries the reference-data cache keeps. */
export const CACHE_MAX_ENTRIES = 2_000;
