/**
 * The client's reference-data cache (contracts, products, billing items, tariff lists, lookup lists):
 * what a recalculation reads once, every cell that needs it shares.
 *
 * - A value is kept for `ttlMs` (LRU, at most CACHE_MAX_ENTRIES); Refresh clears it.
 * - A caller that comes while the same key loads waits for that load instead of loading again: a
 *   list of two pages would otherwise be asked again from its first page while its second is read
 *   (the first page's GET is no longer in flight then, nor is the list cached yet). The wait has
 *   the caller's own cancellation; if the load fails because the caller that started it cancelled,
 *   the next caller loads it anew.
 * - A `frozen` value is frozen once, deeply, and every caller gets that same object: a thousand
 *   cells reading the same contract and tariff lists cost no copy each (copies were a fifth of the
 *   functions' CPU in bench:costs). Any other value is copied for each caller, so
 *   that a caller changing its result cannot change what the next caller gets.
 */
import { LRUCache } from "lru-cache";
import { abortable } from "./abortable";
import { CACHE_MAX_ENTRIES } from "./client-options";
import { CancelledError, isCancelledError } from "./errors/cancelled-error";

/** The request a load makes, for a waiting caller's cancellation (its signal, and its words). */
export interface LoadCaller {
  endpoint: string;
  path: string;
  signal?: AbortSignal;
}

/** How a value is cached: for whom a wait is cancelled, and whether callers share it frozen. */
export interface CacheUse {
  caller?: LoadCaller;
  frozen?: boolean;
}

/** `load()` through the cache: see the module comment. */
export type Cached = <T>(key: string, load: () => Promise<T>, use?: CacheUse) => Promise<T>;

/** A cache of values for `ttlMs` (none, and every call loads, when it is 0). */
export function createReferenceCache(ttlMs: number): { cached: Cached; clear: () => void } {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, { value: unknown }>({ max: CACHE_MAX_ENTRIES, ttl: ttlMs })
      : undefined;
  /** Loads under way by key, each to the value it stored. */
  const loading = new Map<string, Promise<unknown>>();
  const out = <T>(value: unknown, use: CacheUse) =>
    (use.frozen ? value : structuredClone(value)) as T;

  async function join<T>(
    key: string,
    pending: Promise<unknown>,
    load: () => Promise<T>,
    use: CacheUse
  ) {
    const signal = use.caller?.signal;
    try {
      return out<T>(await abortable(pending, signal), use);
    } catch (error) {
      if (use.caller !== undefined && signal?.aborted) {
        const { endpoint, path } = use.caller;
        throw new CancelledError({ endpoint, path, cause: signal.reason });
      }
      // Cancelled by the caller that started it, not by this one: this one loads it anew.
      if (!isCancelledError(error)) throw error;
      if (loading.get(key) === pending) loading.delete(key);
      return await cached(key, load, use);
    }
  }

  async function cached<T>(key: string, load: () => Promise<T>, use: CacheUse = {}): Promise<T> {
    if (!cache) return await load();
    const hit = cache.get(key);
    if (hit) return out<T>(hit.value, use);
    const pending = loading.get(key);
    if (pending !== undefined) return await join(key, pending, load, use);
    const own = load().then((value) => {
      const kept = use.frozen ? deepFreeze(value) : structuredClone(value);
      cache.set(key, { value: kept });
      return { value, kept };
    });
    const shared = own.then(({ kept }) => kept);
    // Its failure is the first caller's to report; a caller that joined handles its own.
    shared.catch(() => undefined);
    loading.set(key, shared);
    try {
      return (await own).value;
    } finally {
      if (loading.get(key) === shared) loading.delete(key);
    }
  }

  return { cached, clear: () => cache?.clear() };
}

/** `value` with every object in it frozen (the value itself, returned). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
