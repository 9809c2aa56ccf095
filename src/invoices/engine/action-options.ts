/**
 * Defaults and checks of the send and credit runs' options ({@link ActionRunOptions}).
 */
import type { ActionRunOptions } from "./action-types";
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_FLUSH_INTERVAL_MS,
  DEFAULT_MAX_BATCH_SIZE,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_RATE_LIMIT_BUDGET_MS,
  POLL_INTERVAL_RANGE_MS,
} from "./run-options";
import { sayIn, type Say } from "../words";

/** How long an accepted send is read back before its row is left `pending` (resumable). */
export const DEFAULT_SETTLE_TIMEOUT_MS = 120_000;

/** Options with every default filled in. */
export interface ResolvedActionOptions {
  concurrency: number;
  flushIntervalMs: number;
  maxBatchSize: number;
  rateLimitBudgetMs: number;
  bulk: boolean;
  settleTimeoutMs: number;
  pollIntervalMs: number;
  /** The run's words, in ActionRunOptions.language. */
  say: Say;
}

const isInt = (n: unknown, min: number) => typeof n === "number" && Number.isInteger(n) && n >= min;

/** Fills in defaults; throws a RangeError naming the option that is out of range. */
export function resolveActionOptions(options: ActionRunOptions): ResolvedActionOptions {
  const check = (ok: boolean, message: string) => {
    if (!ok) throw new RangeError(message);
  };
  let pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  if (options.unsafeTestPollIntervalMs !== undefined) {
    check(
      isInt(options.unsafeTestPollIntervalMs, 0),
      "unsafeTestPollIntervalMs must be a whole number ≥ 0"
    );
    pollIntervalMs = options.unsafeTestPollIntervalMs;
  } else {
    const { min, max } = POLL_INTERVAL_RANGE_MS;
    check(
      isInt(pollIntervalMs, 0) && pollIntervalMs >= min && pollIntervalMs <= max,
      `pollIntervalMs must be between ${min} and ${max} ms (the service asks for polls every 2 to 3 seconds)`
    );
  }
  const resolved: ResolvedActionOptions = {
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    flushIntervalMs: options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
    maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
    rateLimitBudgetMs: options.rateLimitBudgetMs ?? DEFAULT_RATE_LIMIT_BUDGET_MS,
    bulk: options.bulk ?? true,
    settleTimeoutMs: options.settleTimeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS,
    pollIntervalMs,
    say: sayIn(options.language),
  };
  check(isInt(resolved.concurrency, 1), "concurrency must be a whole number ≥ 1");
  check(isInt(resolved.flushIntervalMs, 0), "flushIntervalMs must be a whole number of ms ≥ 0");
  check(isInt(resolved.maxBatchSize, 1), "maxBatchSize must be a whole number ≥ 1");
  check(isInt(resolved.rateLimitBudgetMs, 0), "rateLimitBudgetMs must be a whole number of ms ≥ 0");
  check(isInt(resolved.settleTimeoutMs, 0), "settleTimeoutMs must be a whole number of ms ≥ 0");
  return resolved;
}
