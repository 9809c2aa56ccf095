/**
 * The engine's summary (its seam's `EngineSummary`) of a run summary, made with the engine's own
 * words, as `startRun` makes it: what the run card is given at the end of a run.
 */
import type { ActionSummary, EngineSummary, RunSummary } from "../../../../src/invoices";
import { idDetails, idRows } from "../../../../src/invoices";
import { idTone } from "../../../../src/invoices";
import { planDetails, planHeadline, planTone } from "../../../../src/invoices";

const common = (s: RunSummary | ActionSummary) => ({
  runId: s.runId,
  startedAt: s.startedAt,
  durationMs: s.durationMs,
  requests: s.requests,
  summary: s.summary,
  ...(s.stopped !== undefined ? { stopped: s.stopped } : {}),
});

/** A run from the sheet's lines (`action` create-and-approve unless said). */
export function planEngineSummary(
  summary: RunSummary,
  numberColumn?: string,
  action: EngineSummary["action"] = "create-and-approve"
): EngineSummary {
  return {
    ...common(summary),
    action,
    headline: planHeadline(summary, numberColumn),
    details: planDetails(summary),
    tone: planTone(summary),
    changed: summary.story.changed,
    rows: [],
    detail: { kind: "plan", summary },
  };
}

/** A run on invoices named by id (send, credit, discard drafts). */
export function idEngineSummary(summary: ActionSummary): EngineSummary {
  return {
    ...common(summary),
    action: summary.action,
    headline: summary.headline,
    details: idDetails(summary),
    tone: idTone(summary),
    changed: summary.changed,
    rows: idRows(summary),
    detail: { kind: "ids", summary },
  };
}
