/**
 * A run's options resolved, with its words: kept apart from run-options.ts, whose constants the
 * functions bundle reads, so that the catalogue is not carried into that bundle (its 60 KB budget).
 */
import { sayIn } from "../words";
import { checkRunOptions, type ResolvedRunOptions } from "./run-options";
import type { RunOptions } from "./run-types";

/** Fills in defaults and the run's words; throws a RangeError naming an option out of range. */
export function resolveRunOptions(options: RunOptions = {}): ResolvedRunOptions {
  return { ...checkRunOptions(options), say: sayIn(options.language) };
}
