/**
 * The words of the send and credit runs (issue 21): the `sent` cell, the service's reasons, the
 * run's headline (problems first) and summary line.
 */
import { describeActionEntry } from "../../api";
import type { Invoice, SendChannel, ServiceErrorEntry } from "../../api";
import { ACTION_STATES } from "./action-types";
import type { ActionCounts, ActionResult, ActionState, ActionSummary } from "./action-types";
import { ID_ACTIONS } from "../actions/registry";
import type { IdAction } from "./id-action";
import type { IdActionName, RunRow, RunTone } from "./seam";
import type { StopReason } from "./run-types";
import { STOP_SENTENCE, summaryLine } from "./stop";

/** Send errors' keys, preferred when an invoice's failure is put in words. */
const SEND_KEYS = /EMAIL|POSTAL|SEND/i;

/** The reasons of service error entries in plain words ("the customer has no postal address"). */
export function entriesWords(entries: readonly ServiceErrorEntry[]): string {
  const words = entries.map(describeActionEntry).map((t) => t.replace(/[.\s]+$/, ""));
  return [...new Set(words)].join("; ") || "the billing service gave no reason";
}

/** Why an invoice's send failed, in plain words (its send errors first). */
export function sendFailureWords(invoice: Invoice): string {
  const send = invoice.errors.filter((e) => SEND_KEYS.test(e.key ?? ""));
  const last = (send.length > 0 ? send : invoice.errors).at(-1);
  return last === undefined ? "the billing service gave no reason" : entriesWords([last]);
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

/** "1 request", "2 requests". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One truthful sentence, problems first (DESIGN.md "Each run tells its own story"):
 * "1 failed, 2 not sent · 10 sent, 3 already sent" — or "Nothing changed: 3 already sent".
 */
export function headline(
  named: IdActionName | IdAction,
  results: readonly ActionResult[],
  counts: ActionCounts,
  changed: number,
  stopped?: StopReason,
  stopWords?: string
): string {
  const action = typeof named === "string" ? ID_ACTIONS[named] : named;
  const problems: string[] = [];
  if (counts.failed > 0) problems.push(`${counts.failed} failed`);
  if (counts.unknown > 0) problems.push(`${counts.unknown} with an open outcome`);
  if (counts.pending > 0) problems.push(`${counts.pending} still being sent`);
  if (counts["not sent"] > 0) problems.push(`${counts["not sent"]} not ${action.verb}`);
  if (counts.waiting > 0) problems.push(`${counts.waiting} waiting for the service's limit`);
  if (counts.cancelled > 0) problems.push(`${counts.cancelled} cancelled`);
  if (counts.refused > 0) problems.push(`${counts.refused} refused`);
  const good = action.doneWords(results, counts);
  const body =
    [problems.join(", "), good.join(", ")].filter((p) => p !== "").join(" · ") || "nothing to do";
  const text = changed === 0 ? `Nothing changed: ${body}` : body;
  if (stopped === undefined) return `${text}.`;
  const why =
    stopped === "auth" && stopWords !== undefined
      ? `Stopped: ${stopWords.replace(/\.$/, "")}`
      : STOP_SENTENCE[stopped];
  return `${why}. ${text}.`;
}

/** "10 done, 2 failed in 3.2 s (14 requests)". */
export function summariseActions(
  counts: ActionCounts,
  durationMs: number,
  requests: number,
  stopped?: StopReason
): string {
  return summaryLine(ACTION_STATES, counts, durationMs, requests, stopped);
}

/** How each state of an invoice is named, per action, in the engine's order. */
export const ID_STATE_LABELS: Readonly<
  Record<IdActionName, Readonly<Record<ActionState, string>>>
> = {
  send: {
    queued: "waiting",
    working: "sending",
    done: "sent",
    "already done": "sent earlier",
    failed: "failed",
    pending: "still on its way",
    unknown: "outcome unknown",
    "not sent": "not sent",
    refused: "refused",
    waiting: "waiting for the rate limit",
    cancelled: "cancelled",
  },
  credit: {
    queued: "waiting",
    working: "crediting",
    done: "credited",
    "already done": "credited earlier",
    failed: "failed",
    pending: "still crediting",
    unknown: "outcome unknown",
    "not sent": "not sent",
    refused: "refused",
    waiting: "waiting for the rate limit",
    cancelled: "cancelled",
  },
  "discard-drafts": {
    queued: "waiting",
    working: "discarding",
    done: "discarded",
    "already done": "gone earlier",
    failed: "failed",
    pending: "still discarding",
    unknown: "outcome unknown",
    "not sent": "not discarded",
    refused: "refused",
    waiting: "waiting for the rate limit",
    cancelled: "cancelled",
  },
};

/** States still being worked on; every other one is final for this run. */
const IN_FLIGHT: readonly ActionState[] = ["queued", "working"];

/** The progress of an id run: finished of total, and the counts in the action's words. */
export function idProgress(
  action: IdActionName,
  counts: ActionCounts
): { done: number; total: number; text: string } {
  const labels = ID_STATE_LABELS[action];
  let done = 0;
  let total = 0;
  for (const state of ACTION_STATES) {
    total += counts[state];
    if (!IN_FLIGHT.includes(state)) done += counts[state];
  }
  const parts = ACTION_STATES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${labels[s]}`);
  return { done, total, text: parts.length > 0 ? parts.join(", ") : "starting…" };
}

/** The past participle of an action, for "not …". */
export const ID_VERB: Readonly<Record<IdActionName, string>> = {
  send: "sent",
  credit: "credited",
  "discard-drafts": "discarded",
};

/** The infinitive of an action, for "run again to … them". */
export const ID_INFINITIVE: Readonly<Record<IdActionName, string>> = {
  send: "send",
  credit: "credit",
  "discard-drafts": "discard",
};

/** The lines under the headline, problems first, each saying what is left to do. */
export function idDetails(summary: ActionSummary): string[] {
  const c = summary.counts;
  const what = ID_INFINITIVE[summary.action];
  const details: string[] = [];
  const line = (n: number, words: (subject: string, their: string) => string) => {
    if (n > 0) details.push(words(plural(n, "invoice"), n === 1 ? "its row" : "their rows"));
  };
  const roleRefused = summary.stopped === "auth" && summary.refusedByRole === true;
  line(c.failed, (s, rows) => `${s} failed: the reason is on ${rows}.`);
  line(
    c.unknown,
    (s, rows) => `${s} with an open outcome: see ${rows} — run again to settle (never done twice).`
  );
  line(
    c.refused,
    (s, rows) => `${s} refused: the reason is on ${rows}; nothing was done for them.`
  );
  line(
    c.pending,
    (s) => `${s} still on the way at the service — run again to see where they stand.`
  );
  line(c["not sent"], (s) =>
    roleRefused
      ? `${s} not ${summary.action === "send" ? "sent" : "done"}: your account may not do this, so running again will not help.`
      : summary.neverReached === c["not sent"]
        ? `${s} never reached the billing service — run again to ${what} them.`
        : `${s} not done (the reason is on their rows) — run again to ${what} them.`
  );
  line(c.waiting, (s) => `${s} waiting for the service's rate limit — run again to ${what} them.`);
  line(c.cancelled + c.queued, (s) => `${s} not started — run again to ${what} them.`);
  return details;
}

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

/** The run's invoices in the run card's shape (refusals without an id are left to `refused`). */
export function idRows(summary: ActionSummary): RunRow[] {
  const labels = ID_STATE_LABELS[summary.action];
  return summary.results.map((r) => ({
    key: r.key,
    rowNumbers: [...r.rowNumbers],
    invoiceId: r.invoiceId,
    ...(r.invoiceNum !== undefined ? { invoiceNum: r.invoiceNum } : {}),
    state: labels[r.state],
    tone:
      r.state === "done"
        ? "success"
        : r.state === "already done"
          ? "neutral"
          : r.state === "unknown" || (r.state === "failed" && r.changes.includes("failed"))
            ? "error"
            : "warning",
    ...(r.message !== undefined ? { message: r.message } : {}),
    changed: r.changes.length > 0,
    ...(r.totalInclVAT !== undefined ? { totalInclVAT: r.totalInclVAT } : {}),
  }));
}

/** The Billing log's status for a result of an id run, in the action's words ("sent", "discarded"). */
export function idLogStatus(action: IdActionName, result: ActionResult): string {
  return ID_ACTIONS[action].logStatus(result);
}

/** The Billing log's words for a change ("sent by post", "credited", "discarded"). */
export function idLogChange(
  action: IdActionName,
  change: ActionResult["changes"][number],
  channel?: SendChannel
): string {
  return ID_ACTIONS[action].logChange(change, channel);
}
