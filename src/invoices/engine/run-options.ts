/**
 * Defaults and checks of {@link RunOptions}.
 */
import type { RunOptions } from "./run-types";
import type { Say } from "../words";

/** The run options' checks without the run's words (the settings form checks with these). */
export type CheckedRunOptions = Omit<ResolvedRunOptions, "say">;

/** Interface §4 rule 3 / §8: poll about every 2–3 s. */
export const POLL_INTERVAL_RANGE_MS = { min: 2000, max: 3000 } as const;
export const DEFAULT_POLL_INTERVAL_MS = 2500;
export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;
export const DEFAULT_CONCURRENCY = 6;
export const DEFAULT_FLUSH_INTERVAL_MS = 250;
export const DEFAULT_MAX_BATCH_SIZE = 100;
/** How long a run goes on waiting for the service's rate limit (RunOptions.rateLimitBudgetMs). */
export const DEFAULT_RATE_LIMIT_BUDGET_MS = 120_000;
/** A first poll sooner than this after approve is wasted: finalisation takes seconds (§8). */
export const MIN_FIRST_POLL_DELAY_MS = 1000;

/** The prefix of generated client references, so they are recognisable in the billing service. */
export const REFERENCE_PREFIX = "XL-";

/** A new client reference: `XL-<random UUID>`. */
export function newReference(): string {
  return `${REFERENCE_PREFIX}${globalThis.crypto.randomUUID()}`;
}

/**
 * A new run id: `run-<UTC time to the second>-<4 random hex>`, readable in the Billing log and
 * unique enough for one workbook (two runs in the same second differ in the random part).
 */
export function newRunId(now: Date = new Date()): string {
  const time = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const random = globalThis.crypto.randomUUID().slice(0, 4);
  return `run-${time}-${random}`;
}

/** Options with every default filled in. */
export type ResolvedRunOptions = Required<
  Pick<
    RunOptions,
    | "pollIntervalMs"
    | "firstPollDelayMs"
    | "approvalTimeoutMs"
    | "concurrency"
    | "flushIntervalMs"
    | "maxBatchSize"
    | "newReference"
    | "learnApprovalTime"
    | "rateLimitBudgetMs"
    | "maxRateLimitWaits"
    | "drafts"
    | "bulkApprove"
  >
> &
  Pick<RunOptions, "signal" | "onProgress" | "onRowUpdates" | "timeZone"> & {
    /** The run's words, in RunOptions.language. */
    say: Say;
  };

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new RangeError(message);
}

const isInt = (n: unknown, min: number) => typeof n === "number" && Number.isInteger(n) && n >= min;

/** The options every run takes alike (plan and id runs), their defaults filled in. */
export interface SharedRunOptions {
  pollIntervalMs: number;
  concurrency: number;
  flushIntervalMs: number;
  maxBatchSize: number;
  rateLimitBudgetMs: number;
}

/**
 * Fills in and checks the options every run takes alike — the poll interval (2–3 s, or a test's
 * `unsafeTestPollIntervalMs`), concurrency, the row flushes, the rate-limit budget — for the plan
 * run here and the id runs (action-options.ts); throws a RangeError naming the option.
 */
export function checkSharedOptions(
  options: Pick<
    RunOptions,
    | "pollIntervalMs"
    | "unsafeTestPollIntervalMs"
    | "concurrency"
    | "flushIntervalMs"
    | "maxBatchSize"
    | "rateLimitBudgetMs"
  >
): SharedRunOptions {
  const unsafe = options.unsafeTestPollIntervalMs;
  let pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  if (unsafe !== undefined) {
    check(isInt(unsafe, 0), "unsafeTestPollIntervalMs must be a whole number ≥ 0");
    pollIntervalMs = unsafe;
  } else {
    const { min, max } = POLL_INTERVAL_RANGE_MS;
    check(
      isInt(pollIntervalMs, 0) && pollIntervalMs >= min && pollIntervalMs <= max,
      `pollIntervalMs must be between ${min} and ${max} ms (the service asks for polls every 2 to 3 seconds)`
    );
  }
  const shared: SharedRunOptions = {
    pollIntervalMs,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    flushIntervalMs: options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
    maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
    rateLimitBudgetMs: options.rateLimitBudgetMs ?? DEFAULT_RATE_LIMIT_BUDGET_MS,
  };
  check(isInt(shared.concurrency, 1), "concurrency must be a whole number ≥ 1");
  check(isInt(shared.flushIntervalMs, 0), "flushIntervalMs must be a whole number of ms ≥ 0");
  check(isInt(shared.maxBatchSize, 1), "maxBatchSize must be a whole number ≥ 1");
  check(isInt(shared.rateLimitBudgetMs, 0), "rateLimitBudgetMs must be a whole number of ms ≥ 0");
  return shared;
}

/** Fills in defaults; throws a RangeError naming the option that is out of range. */
export function checkRunOptions(options: RunOptions = {}): CheckedRunOptions {
  const unsafe = options.unsafeTestPollIntervalMs;
  const shared = checkSharedOptions(options);
  const firstPollDelayMs = options.firstPollDelayMs ?? shared.pollIntervalMs;
  if (unsafe === undefined)
    check(
      isInt(firstPollDelayMs, MIN_FIRST_POLL_DELAY_MS),
      `firstPollDelayMs must be at least ${MIN_FIRST_POLL_DELAY_MS} ms`
    );
  const resolved: CheckedRunOptions = {
    ...shared,
    firstPollDelayMs,
    approvalTimeoutMs: options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    newReference: options.newReference ?? newReference,
    // An explicit first-poll delay (or a test's cadence) is kept as given.
    learnApprovalTime:
      options.learnApprovalTime ?? (unsafe === undefined && options.firstPollDelayMs === undefined),
    maxRateLimitWaits: options.maxRateLimitWaits ?? Number.POSITIVE_INFINITY,
    drafts: options.drafts ?? false,
    bulkApprove: options.bulkApprove ?? true,
    signal: options.signal,
    onProgress: options.onProgress,
    onRowUpdates: options.onRowUpdates,
    timeZone: options.timeZone,
  };
  check(typeof resolved.drafts === "boolean", "drafts must be true or false");
  check(
    resolved.timeZone === undefined || isTimeZone(resolved.timeZone),
    "timeZone must be an IANA time zone name, e.g. Europe/Amsterdam"
  );
  check(isInt(resolved.approvalTimeoutMs, 0), "approvalTimeoutMs must be a whole number of ms ≥ 0");
  check(
    resolved.maxRateLimitWaits === Number.POSITIVE_INFINITY || isInt(resolved.maxRateLimitWaits, 0),
    "maxRateLimitWaits must be a whole number ≥ 0"
  );
  return resolved;
}
