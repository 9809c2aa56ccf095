/**
 * The words of the send and credit runs (issue 21): the `sent` cell, the service's reasons, the
 * run's headline (problems first) and summary line.
 */
import Big from "big.js";
import { describeActionEntry } from "../api";
import type { Invoice, ServiceErrorEntry } from "../api";
import { ACTION_STATES } from "./action-types";
import type { ActionCounts, ActionResult } from "./action-types";
import type { StopReason } from "./run-types";

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

/** The first words of a stopped run's headline. */
export const STOP_SENTENCE: Record<StopReason, string> = {
  cancelled: "Cancelled",
  auth: "Stopped: sign in again",
  "sheet-write": "Stopped: the sheet could not be updated",
  unreachable: "Stopped: the billing service could not be reached",
  "rate-limited": "Stopped: waiting for the billing service's rate limit — run again to continue",
};

/** "1 request", "2 requests". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One truthful sentence, problems first (DESIGN.md "Each run tells its own story"):
 * "1 failed, 2 not sent · 10 sent, 3 already sent" — or "Nothing changed: 3 already sent".
 */
export function headline(
  action: "send" | "credit",
  results: readonly ActionResult[],
  counts: ActionCounts,
  changed: number,
  stopped?: StopReason,
  stopWords?: string
): string {
  const problems: string[] = [];
  if (counts.failed > 0) problems.push(`${counts.failed} failed`);
  if (counts.unknown > 0) problems.push(`${counts.unknown} with an open outcome`);
  if (counts.pending > 0) problems.push(`${counts.pending} still being sent`);
  if (counts["not sent"] > 0)
    problems.push(`${counts["not sent"]} not ${action === "send" ? "sent" : "credited"}`);
  if (counts.waiting > 0) problems.push(`${counts.waiting} waiting for the service's limit`);
  if (counts.cancelled > 0) problems.push(`${counts.cancelled} cancelled`);
  if (counts.refused > 0) problems.push(`${counts.refused} refused`);
  const good: string[] = [];
  const done = results.filter((r) => r.state === "done");
  if (action === "send") {
    const skipped = done.filter((r) => r.sent === "skipped").length;
    if (done.length - skipped > 0) good.push(`${done.length - skipped} sent`);
    if (skipped > 0) good.push(`${skipped} skipped by the service`);
    if (counts["already done"] > 0) good.push(`${counts["already done"]} already sent`);
  } else {
    if (done.length > 0) {
      let total = new Big(0);
      let known = true;
      for (const r of done) {
        if (r.totalInclVAT === undefined) known = false;
        else total = total.plus(r.totalInclVAT);
      }
      good.push(
        `${plural(done.length, "invoice")} credited${known ? ` (${total.toFixed(2)} incl. VAT reversed)` : ""}`
      );
    }
    if (counts["already done"] > 0) good.push(`${counts["already done"]} already credited`);
  }
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
  const parts = ACTION_STATES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const seconds = (durationMs / 1000).toFixed(1);
  const text = `${parts.length > 0 ? parts.join(", ") : "no invoices"} in ${seconds} s (${plural(requests, "request")})`;
  return stopped ? `${STOP_SENTENCE[stopped]}. ${text}` : text;
}
