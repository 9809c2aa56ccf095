/**
 * The one entry of the engine: a run of any action on its rows. Each action is a case
 * of the exhaustive switch below; an action the engine does not know is a type error.
 */
import type { BillingClient } from "../../api";
import type { ActionPreparation, ActionSummary } from "./action-types";
import { idDetails, idProgress, idRows, idTone } from "./id-words";
import { runInvoiceActions } from "./id-run";
import { planDetails, planHeadline, planProgress, planTone } from "./plan-words";
import { runInvoices } from "./plan-run";
import type { RunSummary } from "./run-types";
import { assertNever } from "./seam";
import type {
  ActionName,
  EngineOptions,
  EngineSummary,
  IdActionName,
  RunHandle,
  RunInput,
  RunProgress,
  RunRow,
} from "./seam";
import { approveValid } from "../actions/approve-valid";
import { isFinalRow } from "../final-row";
import type { Plan } from "../plan-types";
import { sayIn, type Say } from "../words";

/** Starts a run of `input.action`; see {@link RunHandle}. */
export function startRun(
  client: BillingClient,
  input: RunInput,
  options: EngineOptions = {}
): RunHandle {
  const controller = new AbortController();
  const outer = options.signal;
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener("abort", onAbort);
  const done = runAction(client, input, { ...options, signal: controller.signal }).finally(() =>
    outer?.removeEventListener("abort", onAbort)
  );
  return { action: input.action, cancel: () => controller.abort(), done };
}

/** The run of `input.action`, awaited (the signal in `options` cancels it). */
export async function runAction(
  client: BillingClient,
  input: RunInput,
  options: EngineOptions = {}
): Promise<EngineSummary> {
  // Every action on invoices named by id is a run of its descriptor (src/invoices/actions/).
  if ("preparation" in input) return await idRun(client, input.action, input.preparation, options);
  switch (input.action) {
    case "create-and-approve":
    case "approve-drafts":
      return fromPlanRun(input.action, input.plan, options, (opts) =>
        runInvoices(client, input.plan, { ...opts, mode: "create-and-approve" })
      );
    case "create-drafts":
      return fromPlanRun(input.action, input.plan, options, (opts) =>
        runInvoices(client, input.plan, { ...opts, mode: "create-drafts" })
      );
    case "approve-valid":
      return fromPlanRun(input.action, input.plan, options, (opts) =>
        approveValid(client, input.plan, opts)
      );
    default:
      return assertNever(input);
  }
}

/** The run of an id action (discard drafts, send, credit, mark as sent, …). */
async function idRun(
  client: BillingClient,
  action: IdActionName,
  preparation: ActionPreparation,
  options: EngineOptions
): Promise<EngineSummary> {
  const summary = await runInvoiceActions(client, preparation, {
    ...common(options),
    ...(options.settleTimeoutMs !== undefined ? { settleTimeoutMs: options.settleTimeoutMs } : {}),
    ...(options.bulk !== undefined ? { bulk: options.bulk } : {}),
    ...(options.onProgress
      ? {
          onProgress: (counts, pause) =>
            emit(options, {
              action,
              ...idProgress(action, counts, sayIn(options.language)),
              ...(pause ? { pause } : {}),
            }),
        }
      : {}),
  });
  return fromIdRun(summary, sayIn(options.language));
}

/** The options every run takes alike. */
function common(options: EngineOptions) {
  const { signal, onRowUpdates, runId, pollIntervalMs, concurrency, rateLimitBudgetMs } = options;
  const { flushIntervalMs, maxBatchSize, unsafeTestPollIntervalMs, language } = options;
  return Object.fromEntries(
    Object.entries({
      signal,
      onRowUpdates,
      runId,
      pollIntervalMs,
      concurrency,
      rateLimitBudgetMs,
      flushIntervalMs,
      maxBatchSize,
      unsafeTestPollIntervalMs,
      language,
    }).filter(([, v]) => v !== undefined)
  );
}

function emit(options: EngineOptions, progress: RunProgress): void {
  try {
    options.onProgress?.(progress);
  } catch {
    // A failing display never breaks the run.
  }
}

/** The options of a plan run, from the engine's. */
export type PlanRunOptions = Parameters<typeof runInvoices>[2] & object;

async function fromPlanRun(
  action: ActionName,
  plan: Plan,
  options: EngineOptions,
  run: (opts: PlanRunOptions) => Promise<RunSummary>
): Promise<EngineSummary> {
  const earlier = {
    approved: plan.invoices.filter((p) => isFinalRow(p) && p.status !== "credited").length,
    credited: plan.invoices.filter((p) => isFinalRow(p) && p.status === "credited").length,
  };
  const say = sayIn(options.language);
  const opts: PlanRunOptions = {
    ...common(options),
    ...(options.approvalTimeoutMs !== undefined
      ? { approvalTimeoutMs: options.approvalTimeoutMs }
      : {}),
    ...(options.bulk !== undefined ? { bulkApprove: options.bulk } : {}),
    ...(options.referenceScope !== undefined ? { referenceScope: options.referenceScope } : {}),
    ...(options.timeZone !== undefined ? { timeZone: options.timeZone } : {}),
    ...(options.onProgress
      ? {
          onProgress: (counts, pause) =>
            emit(options, {
              action,
              ...planProgress(counts, earlier, say, action === "create-drafts"),
              ...(pause ? { pause } : {}),
            }),
        }
      : {}),
  };
  const summary = await run(opts);
  const words = { drafts: action === "create-drafts", say };
  return {
    action,
    runId: summary.runId,
    startedAt: summary.startedAt,
    durationMs: summary.durationMs,
    requests: summary.requests,
    headline: planHeadline(summary, options.numberColumn, words),
    details: planDetails(summary, words),
    tone: planTone(summary, words),
    changed: summary.story.changed,
    rows: planRows(summary),
    ...(summary.stopped !== undefined ? { stopped: summary.stopped } : {}),
    ...(summary.stoppedBecause !== undefined ? { stoppedBecause: summary.stoppedBecause } : {}),
    ...(summary.connection !== undefined ? { connection: summary.connection } : {}),
    summary: summary.summary,
    detail: { kind: "plan", summary },
  };
}

function planRows(summary: RunSummary): RunRow[] {
  return summary.results.map((r) => {
    const state =
      r.untouched && r.before === "credited"
        ? "credited earlier"
        : r.untouched
          ? "approved earlier"
          : r.state;
    const tone: RunRow["tone"] =
      r.state === "failed" || r.state === "unknown"
        ? "error"
        : r.untouched
          ? "neutral"
          : r.state === "approved"
            ? "success"
            : "warning";
    return {
      key: r.key,
      rowNumbers: [...r.rowNumbers],
      ...(r.invoiceId !== undefined ? { invoiceId: r.invoiceId } : {}),
      ...(r.invoiceNum !== undefined ? { invoiceNum: r.invoiceNum } : {}),
      state,
      tone,
      ...(r.message ? { message: r.message } : {}),
      changed: r.changes.length > 0,
      ...(r.totalAmountInclVAT !== undefined ? { totalInclVAT: r.totalAmountInclVAT } : {}),
    };
  });
}

function fromIdRun(summary: ActionSummary, say: Say): EngineSummary {
  return {
    action: summary.action,
    runId: summary.runId,
    startedAt: summary.startedAt,
    durationMs: summary.durationMs,
    requests: summary.requests,
    headline: summary.headline,
    details: idDetails(summary, say),
    tone: idTone(summary),
    changed: summary.changed,
    rows: idRows(summary, say),
    ...(summary.stopped !== undefined ? { stopped: summary.stopped } : {}),
    ...(summary.stoppedBecause !== undefined ? { stoppedBecause: summary.stoppedBecause } : {}),
    summary: summary.summary,
    detail: { kind: "ids", summary },
  };
}
