/**
 * The words of the send and credit runs: the `sent` cell, the service's reasons, the
 * run's headline (problems first) and summary line.
 */
import { describeActionEntry } from "../../api";
import type { Invoice, SendChannel, ServiceErrorEntry } from "../../api";
import { ACTION_STATES } from "./action-types";
import type {
  ActionChange,
  ActionCounts,
  ActionResult,
  ActionState,
  ActionSummary,
} from "./action-types";
import type { ActionWords, IdAction } from "./id-action";
import type { RunRow, RunTone } from "./seam";
import type { InvoiceChange, StopReason } from "./run-types";
import { stopSentence, summaryLine } from "./stop";
import { ENGLISH, sayIn, type Language, type Say } from "../words";

/** Send errors' keys, preferred when an invoice's failure is put in words. */
const SEND_KEYS = /EMAIL|POSTAL|SEND/i;

/**
 * The reasons of service error entries in plain words ("the customer has no postal address"), in
 * the language of `say` (the service's own message stays as it is); none given is said in the words
 * of `say` too (the `sent` cell keeps English, the default).
 */
export function entriesWords(entries: readonly ServiceErrorEntry[], say: Say = ENGLISH): string {
  const words = entries
    .map((e) => describeActionEntry(e, say.language))
    .map((t) => t.replace(/[.\s]+$/, ""));
  return [...new Set(words)].join("; ") || say("id.noReason");
}

/** Why an invoice's send failed, in plain words (its send errors first); see entriesWords. */
export function sendFailureWords(invoice: Invoice, say: Say = ENGLISH): string {
  const send = invoice.errors.filter((e) => SEND_KEYS.test(e.key ?? ""));
  const last = (send.length > 0 ? send : invoice.errors).at(-1);
  return last === undefined ? say("id.noReason") : entriesWords([last], say);
}

/** The `sent` cell's words for what the service holds. */
export function sentWords(invoice: Invoice): string {
  switch (invoice.sent) {
    case undefined:
    case "":
      return "unknown";
    case "notsent":
      return "not sent";
    case "printing":
      return "printing (by post)";
    case "failed":
      return `failed: ${sendFailureWords(invoice)}`;
    default:
      return invoice.sent;
  }
}

/**
 * One truthful sentence, problems first (docs/developers/rules.md#each-run-tells-its-own-story):
 * "1 failed, 2 not sent · 10 sent, 3 already sent" — or "Nothing changed: 3 already sent".
 */
export function headline(
  action: IdAction,
  results: readonly ActionResult[],
  counts: ActionCounts,
  changed: number,
  stopped?: StopReason,
  stopWords?: string,
  say: Say = ENGLISH
): string {
  const problems: string[] = [];
  const add = (count: number, key: Parameters<Say>[0] & `id.head.${string}`) => {
    if (count > 0) problems.push(say(key as "id.head.failed", { count }));
  };
  add(counts.failed, "id.head.failed");
  add(counts.unknown, "id.head.unknown");
  add(counts.pending, "id.head.pending");
  if (counts["not sent"] > 0)
    problems.push(
      say("id.head.notDone", { count: counts["not sent"], participle: participleOf(action, say) })
    );
  add(counts.waiting, "id.head.waiting");
  add(counts.cancelled, "id.head.cancelled");
  add(counts.refused, "id.head.refused");
  const good = action.doneWords(results, counts, say);
  const body =
    [problems.join(", "), good.join(", ")].filter((p) => p !== "").join(" · ") ||
    say("id.head.nothing");
  const text = changed === 0 ? say("id.head.unchanged", { body }) : body;
  if (stopped === undefined) return `${text}.`;
  const why =
    stopped === "auth" && stopWords !== undefined
      ? say("run.head.stopped", { reason: stopWords.replace(/\.$/, "") })
      : stopSentence(stopped, say);
  return `${why}. ${text}.`;
}

/** The action's past participle in the words of `say` ("sent", "verzonden"). */
export function participleOf(action: IdAction, say: Say): string {
  return say(`id.${action.words}.participle`);
}

/** "10 done, 2 failed in 3.2 s (14 requests)". */
export function summariseActions(
  counts: ActionCounts,
  durationMs: number,
  requests: number,
  stopped?: StopReason,
  words?: { action: IdAction; say: Say }
): string {
  if (words === undefined || words.say.language === "en")
    return summaryLine(ACTION_STATES, counts, durationMs, requests, stopped);
  // Another language names the states as the pane does (the engine's names are English).
  const { action, say } = words;
  const label = (s: ActionState) => idStateLabel(action, s, say);
  return summaryLine(ACTION_STATES, counts, durationMs, requests, stopped, { say, label });
}

/**
 * A label's key: `id.state.*`, `id.<words>.*` (none takes a value; every action's words have each
 * part: test/unit/invoices/id-action-words.test.ts).
 */
type LabelKey = `id.state.${string}` | `id.${ActionWords}.${LabelPart}`;
type LabelPart = "working" | "done" | "alreadyDone" | "pending" | "notSent";

/** The catalogue key of a state's label for an action. */
const STATE_KEY: Readonly<Record<ActionState, (words: ActionWords) => LabelKey>> = {
  queued: () => "id.state.queued",
  working: (a) => `id.${a}.working`,
  done: (a) => `id.${a}.done`,
  "already done": (a) => `id.${a}.alreadyDone`,
  failed: () => "id.state.failed",
  pending: (a) => `id.${a}.pending`,
  unknown: () => "id.state.unknown",
  "not sent": (a) => `id.${a}.notSent`,
  refused: () => "id.state.refused",
  waiting: () => "id.state.waiting",
  cancelled: () => "id.state.cancelled",
};

/** How a state of an invoice is named for `action`, in the words of `say`. */
export function idStateLabel(action: IdAction, state: ActionState, say: Say = ENGLISH): string {
  return say(STATE_KEY[state](action.words) as "id.state.queued");
}

/**
 * How each state of an invoice is named for `action`, in English, in the engine's order (made when
 * asked: the registry's actions read these words, so a table made at load would run before it).
 */
export function idStateLabels(action: IdAction): Readonly<Record<ActionState, string>> {
  return Object.fromEntries(ACTION_STATES.map((s) => [s, idStateLabel(action, s)])) as Record<
    ActionState,
    string
  >;
}

/** States still being worked on; every other one is final for this run. */
const IN_FLIGHT: readonly ActionState[] = ["queued", "working"];

/** The progress of an id run: finished of total, and the counts in the action's words. */
export function idProgress(
  action: IdAction,
  counts: ActionCounts,
  say: Say = ENGLISH
): { done: number; total: number; text: string } {
  let done = 0;
  let total = 0;
  for (const state of ACTION_STATES) {
    total += counts[state];
    if (!IN_FLIGHT.includes(state)) done += counts[state];
  }
  const parts = ACTION_STATES.filter((s) => counts[s] > 0).map(
    (s) => `${counts[s]} ${idStateLabel(action, s, say)}`
  );
  return { done, total, text: parts.length > 0 ? parts.join(", ") : say("run.starting") };
}

/** The lines under the headline, problems first, each saying what is left to do. */
export function idDetails(summary: ActionSummary, action: IdAction, say: Say = ENGLISH): string[] {
  const c = summary.counts;
  const verb = say(`id.${action.words}.verb` as "id.send.verb");
  const details: string[] = [];
  const line = (count: number, key: DetailKey) => {
    if (count > 0) details.push(say(key, { count }));
  };
  const withVerb = (count: number, key: VerbDetailKey) => {
    if (count > 0) details.push(say(key, { count, verb }));
  };
  const roleRefused = summary.stopped === "auth" && summary.refusedByRole === true;
  line(c.failed, "id.detail.failed");
  line(c.unknown, "id.detail.unknown");
  line(c.refused, "id.detail.refused");
  line(c.pending, "id.detail.pending");
  if (roleRefused && c["not sent"] > 0) {
    const done = action.namesItsDone ? participleOf(action, say) : say("id.word.done");
    details.push(say("id.detail.notDoneRole", { count: c["not sent"], done }));
  } else
    withVerb(
      c["not sent"],
      summary.neverReached === c["not sent"] ? "id.detail.neverReached" : "id.detail.notDone"
    );
  withVerb(c.waiting, "id.detail.waiting");
  withVerb(c.cancelled + c.queued, "id.detail.notStarted");
  return details;
}

type DetailKey =
  "id.detail.failed" | "id.detail.unknown" | "id.detail.refused" | "id.detail.pending";
type VerbDetailKey =
  "id.detail.neverReached" | "id.detail.notDone" | "id.detail.waiting" | "id.detail.notStarted";

/**
 * Red when this run failed something or left an outcome open; amber when work is left, or when
 * the only problems are refusals and failures the rows showed already (a re-run that changed
 * nothing is not an error because earlier refusals repeat); else green.
 */
export function idTone(summary: ActionSummary): RunTone {
  const c = summary.counts;
  const newFailures = summary.results.filter(
    (r) => r.state === "failed" && r.changes.includes("failed")
  ).length;
  if (newFailures + c.unknown > 0) return "error";
  const open =
    summary.stopped !== undefined ||
    c.pending + c["not sent"] + c.waiting + c.cancelled + c.queued + c.refused + c.failed > 0;
  return open ? "warning" : "success";
}

/**
 * The run's invoices in the run card's shape, then the refusals that are not among them (rows the
 * sheet refused before the run): one row each, as the confirmation and the counts name them.
 */
export function idRows(summary: ActionSummary, action: IdAction, say: Say = ENGLISH): RunRow[] {
  const listed = new Set(summary.results.map((r) => r.invoiceId.toLowerCase()));
  const refused = summary.refused.flatMap((r, i): RunRow[] =>
    r.invoiceId !== undefined && listed.has(r.invoiceId.toLowerCase())
      ? []
      : [
          {
            key: `refused:${i}`,
            rowNumbers: [...r.rowNumbers],
            ...(r.invoiceId !== undefined ? { invoiceId: r.invoiceId } : {}),
            state: idStateLabel(action, "refused", say),
            tone: "error",
            message: r.message,
            changed: false,
          },
        ]
  );
  return [...resultRows(summary, action, say), ...refused];
}

function resultRows(summary: ActionSummary, action: IdAction, say: Say): RunRow[] {
  return summary.results.map((r) => {
    let message = r.message;
    // A credit note's number is named in the message (the state stays short for a 320 px pane).
    if (r.creditNoteNum && !(message ?? "").includes(r.creditNoteNum))
      message = [message, say("id.row.creditNoteNamed", { number: r.creditNoteNum })]
        .filter((m) => m)
        .join(" ");
    return {
      key: r.key,
      rowNumbers: [...r.rowNumbers],
      invoiceId: r.invoiceId,
      ...(r.invoiceNum !== undefined ? { invoiceNum: r.invoiceNum } : {}),
      state: stateWithService(action, r, say),
      tone: r.state === "done" ? "success" : r.state === "already done" ? "neutral" : TONE[r.state],
      ...(message !== undefined ? { message } : {}),
      changed: r.changes.length > 0,
      ...(r.totalInclVAT !== undefined ? { totalInclVAT: r.totalInclVAT } : {}),
    };
  });
}

/** A row of an id run that needs the controller (red) or is left open (amber). */
const TONE: Readonly<Record<ActionState, RunRow["tone"]>> = {
  queued: "warning",
  working: "warning",
  done: "success",
  "already done": "neutral",
  failed: "error",
  pending: "warning",
  unknown: "error",
  "not sent": "warning",
  refused: "error",
  waiting: "warning",
  cancelled: "warning",
};

/**
 * The state's label, and the service's own sent state beside it when it says more ("sent
 * (printing)" for an action sent by a channel); not when it is the label's English word (the
 * `sent` cell's "sent" under a Dutch "verzonden").
 */
function stateWithService(action: IdAction, r: ActionResult, say: Say): string {
  const label = idStateLabel(action, r.state, say);
  const sent = r.sent;
  if (!action.channels || !sent || sent.startsWith("failed")) return label;
  return sent === label || sent === idStateLabel(action, r.state) ? label : `${label} (${sent})`;
}

/** The Billing log's status for a result of an id run, in the action's words ("sent", "discarded"). */
export function idLogStatus(action: IdAction, result: ActionResult): string {
  return action.logStatus(result);
}

/** The catalogue key of each change an id run logs (`id.change.*`). */
const CHANGE_KEY = {
  sent: "id.change.sent",
  credited: "id.change.credited",
  "found credit note": "id.change.foundCreditNote",
  failed: "id.change.failed",
  discarded: "id.change.discarded",
  "found gone": "id.change.foundGone",
} as const satisfies Record<ActionChange, Parameters<Say>[0]>;

/** The catalogue key of each change an invoice run logs (`run.change.*`). */
const RUN_CHANGE_KEY = {
  created: "run.change.created",
  found: "run.change.found",
  linked: "run.change.linked",
  "deleted duplicate": "run.change.deletedDuplicate",
  "sent for approval": "run.change.sentForApproval",
  approved: "run.change.approved",
  failed: "run.change.failed",
  "outcome unknown": "run.change.outcomeUnknown",
} as const satisfies Record<InvoiceChange, Parameters<Say>[0]>;

/**
 * The Billing log's words for a change of an invoice run ("created", "sent for approval") in
 * `language` (default English, word for word as before).
 */
export function runLogChange(change: InvoiceChange, language?: Language): string {
  return (language === undefined ? ENGLISH : sayIn(language))(RUN_CHANGE_KEY[change]);
}

/** A change of an id run in the words of `say` (the Billing log's `change` column). */
export function changeWords(change: ActionChange, say: Say): string {
  return say(CHANGE_KEY[change]);
}

/**
 * The Billing log's words for a change ("sent by post", "credited", "discarded") in `language`
 * (default English, word for word as before).
 */
export function idLogChange(
  action: IdAction,
  change: ActionChange,
  channel?: SendChannel,
  language?: Language
): string {
  return action.logChange(change, channel, language === undefined ? ENGLISH : sayIn(language));
}
