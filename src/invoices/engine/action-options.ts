/**
 * Defaults and checks of the id runs' options ({@link ActionRunOptions}): the options every run
 * takes alike are checked once, in run-options.ts (`checkSharedOptions`).
 */
import type { ActionRunOptions } from "./action-types";
import { checkSharedOptions, type SharedRunOptions } from "./run-options";
import { sayIn, type Say } from "../words";

/** How long an accepted send is read back before its row is left `pending` (resumable). */
export const DEFAULT_SETTLE_TIMEOUT_MS = 120_000;

/** Options with every default filled in: the shared ones (run-options.ts) and the id runs' own. */
export interface ResolvedActionOptions extends SharedRunOptions {
  bulk: boolean;
  settleTimeoutMs: number;
  /** The run's words, in ActionRunOptions.language. */
  say: Say;
}

const isInt = (n: unknown, min: number) => typeof n === "number" && Number.isInteger(n) && n >= min;

/** Fills in defaults; throws a RangeError naming the option that is out of range. */
export function resolveActionOptions(options: ActionRunOptions): ResolvedActionOptions {
  const resolved: ResolvedActionOptions = {
    ...checkSharedOptions(options),
    bulk: options.bulk ?? true,
    settleTimeoutMs: options.settleTimeoutMs ?? DEFAULT_SETTLE_TIMEOUT_MS,
    say: sayIn(options.language),
  };
  if (!isInt(resolved.settleTimeoutMs, 0))
    throw new RangeError("settleTimeoutMs must be a whole number of ms ≥ 0");
  return resolved;
}
