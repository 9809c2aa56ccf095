/**
 * The stop signal of a run and its words, once for every action: a run stops when it is cancelled,
 * when the gateway refuses the sign-in or the role, when the sheet cannot be written, when the
 * service cannot be reached, or when its rate limit outlasts the run's budget.
 */
import type { AuthProblem } from "../../api";
import type { StopReason } from "./run-types";
import { ENGLISH, type Say } from "../words";

/** Thrown inside a run when it stopped (cancel, sign-in, sheet) before a call was made. */
export class RunStopped extends Error {
  override name = "RunStopped" as const;
}

/** The catalogue's name of each stop reason (`run.stop.*`, `run.stop.line.*`). */
const STOP_KEY = {
  cancelled: "cancelled",
  auth: "auth",
  "sheet-write": "sheetWrite",
  unreachable: "unreachable",
  "rate-limited": "rateLimited",
} as const satisfies Record<StopReason, string>;

/** The first words of a stopped run's technical summary line ("Cancelled"). */
export function stopSentence(reason: StopReason, say: Say = ENGLISH): string {
  return say(`run.stop.line.${STOP_KEY[reason]}`);
}

/** The first sentence of a stopped run's headline in the run card ("Cancelled."). */
export function stopWords(reason: StopReason, say: Say = ENGLISH): string {
  return say(`run.stop.${STOP_KEY[reason]}`);
}

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
  stopped?: StopReason,
  words: { say: Say; label: (state: S) => string } = { say: ENGLISH, label: (s) => s }
): string {
  const { say, label } = words;
  const parts = states.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${label(s)}`);
  // Always one decimal and never grouped ("3.0 s", "1234.5 s"; Dutch "3,0 s"): numberText from
  // src/i18n drops a trailing zero and groups thousands ("3", "1,234.5"), so it is not used here.
  const seconds = (durationMs / 1000).toFixed(1);
  const what = parts.length > 0 ? parts.join(", ") : say("run.summary.none");
  const text = say("run.summary", {
    what,
    seconds: say.language === "nl" ? seconds.replace(".", ",") : seconds,
    count: requests,
  });
  return stopped ? `${stopSentence(stopped, say)}. ${text}` : text;
}
