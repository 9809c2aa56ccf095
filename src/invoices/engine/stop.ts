/**
 * The stop signal of a run and its words, once for every action: a run stops when it is cancelled,
 * when the gateway refuses the sign-in or the role, when the sheet cannot be written, when the
 * service cannot be reached, or when its rate limit outlasts the run's budget.
 */
import type { AuthProblem } from "../../api";
import type { StopReason } from "./run-types";

/** Thrown inside a run when it stopped (cancel, sign-in, sheet) before a call was made. */
export class RunStopped extends Error {
  override name = "RunStopped" as const;
}

/** The first words of a stopped run's technical summary line. */
export const STOP_SENTENCE: Record<StopReason, string> = {
  cancelled: "Cancelled",
  auth: "Stopped: sign in again",
  "sheet-write": "Stopped: the sheet could not be updated",
  unreachable: "Stopped: the billing service could not be reached",
  "rate-limited": "Stopped: waiting for the billing service's rate limit — run again to continue",
};

/** The first sentence of a stopped run's headline in the run card. */
export const STOP_WORDS: Record<StopReason, string> = {
  cancelled: "Cancelled.",
  auth: "Stopped: Sign-in failed: check the token and API key in Connection.",
  "sheet-write":
    "Stopped: writing to the sheet failed. Make sure the sheet is not protected or being edited.",
  unreachable: "Stopped: the billing service could not be reached.",
  "rate-limited": "Stopped: waiting for the billing service's rate limit — run again to continue.",
};

/**
 * A refusal that running again cannot mend: the account lacks the role, or the gateway refuses the
 * operation to everybody (a 403 with its own words). Signing in again can mend the others.
 */
export function isRoleRefusal(problem: AuthProblem | undefined): boolean {
  return problem === "role-missing" || problem === "operation-not-allowed";
}

/** "The run was stopped." → "the run was stopped." */
export function lower(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

/**
 * A run's technical summary line, for every action: "10 approved, 1 failed in 12.3 s (52
 * requests)", after the stop's sentence when the run stopped.
 */
export function summaryLine<S extends string>(
  states: readonly S[],
  counts: Readonly<Record<S, number>>,
  durationMs: number,
  requests: number,
  stopped?: StopReason
): string {
  const parts = states.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const seconds = (durationMs / 1000).toFixed(1);
  const what = parts.length > 0 ? parts.join(", ") : "no invoices";
  const text = `${what} in ${seconds} s (${requests} request${requests === 1 ? "" : "s"})`;
  return stopped ? `${STOP_SENTENCE[stopped]}. ${text}` : text;
}
