/**
 * The one entry of the engine: a run of any action on its rows. The actions are the registry's,
 * handed in when a run starts (src/invoices/actions/registry.ts): the engine looks the action up
 * and never tests its name.
 */
import type { BillingClient } from "../../api";
import type { ActionPreparation, ActionSummary } from "./action-types";
import { idDetails, idProgress, idRows, idTone } from "./id-words";
import type { IdAction } from "./id-action";
import { runIdAction } from "./id-run";
import { runPlan } from "./plan-run";
import { planDetails, planHeadline, planProgress, planTone, stateLabel } from "./plan-words";
import type { RunOptions, RunSummary } from "./run-types";
import type {
  ActionName,
  ActionRegistry,
  EngineOptions,
  EngineSummary,
  PlanAction,
  RunHandle,
  RunInput,
  RunProgress,
  RunRow,
} from "./seam";
import { isFinalRow } from "../final-row";
import type { Plan } from "../plan-types";
import { ENGLISH, sayIn, type Say } from "../words";

/** Starts a run of `input.action`; see {@link RunHandle}. */
export function startRun(
  registry: ActionRegistry,
  client: BillingClient,
  input: RunInput,
  options: EngineOptions = {}
): RunHandle {
  const controller = new AbortController();
  const outer = options.signal;
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener("abort", onAbort);
  const done = runAction(registry, client, input, {
    ...options,
    signal: controller.signal,
  }).finally(() => outer?.removeEventListener("abort", onAbort));
  return { action: input.action, cancel: () => controller.abort(), done };
}

/** The run of `input.action`, awaited (the signal in `options` cancels it). */
export async function runAction(
  registry: ActionRegistry,
  client: BillingClient,
  input: RunInput,
  options: EngineOptions = {}
): Promise<EngineSummary> {
  if ("preparation" in input) {
    const action = registered(registry.ids, input.action, "an action on invoices named by id");
    return await idRun(client, action, input.preparation, options);
  }
  const action = registered(registry.plan, input.action, "an action on the sheet's invoice lines");
  return fromPlanRun(input.action, action, input.plan, options, client);
}

/** The registry's action of that name; a TypeError naming the registered ones otherwise. */
function registered<A>(actions: Readonly<Record<string, A>>, name: ActionName, kind: string): A {
  if (Object.hasOwn(actions, name)) return actions[name]!;
  const known = Object.keys(actions).map((n) => `"${n}"`);
  throw new TypeError(`"${name}" is not ${kind}; registered: ${known.join(", ")}`);
}

/** The run of an id action (discard drafts, send, credit, mark as sent, …). */
async function idRun(
  client: BillingClient,
  action: IdAction,
  preparation: ActionPreparation,
  options: EngineOptions
): Promise<EngineSummary> {
  const summary = await runIdAction(client, action, preparation, {
    ...common(options),
    ...(options.settleTimeoutMs !== undefined ? { settleTimeoutMs: options.settleTimeoutMs } : {}),
    ...(options.bulk !== undefined ? { bulk: options.bulk } : {}),
    ...(options.onProgress
      ? {
          onProgress: (counts, pause) =>
            emit(options, {
              action: action.name,
              ...idProgress(action, counts, sayIn(options.language)),
              ...(pause ? { pause } : {}),
            }),
        }
      : {}),
  });
  return fromIdRun(summary, action, sayIn(options.language));
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

async function fromPlanRun(
  name: ActionName,
  action: PlanAction,
  plan: Plan,
  options: EngineOptions,
  client: BillingClient
): Promise<EngineSummary> {
  const earlier = {
    approved: plan.invoices.filter((p) => isFinalRow(p) && p.status !== "credited").length,
    credited: plan.invoices.filter((p) => isFinalRow(p) && p.status === "credited").length,
  };
  const say = sayIn(options.language);
  const opts: RunOptions = {
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
              action: name,
              ...planProgress(counts, earlier, say, action.drafts === true),
              ...(pause ? { pause } : {}),
            }),
        }
      : {}),
  };
  const summary = await runPlan(client, plan, { ...opts, drafts: action.drafts === true }, action);
  const words = { drafts: action.drafts === true, say };
  return {
    action: name,
    runId: summary.runId,
    startedAt: summary.startedAt,
    durationMs: summary.durationMs,
    requests: summary.requests,
    headline: planHeadline(summary, options.numberColumn, words),
    details: planDetails(summary, words),
    tone: planTone(summary, words),
    changed: summary.story.changed,
    rows: planRows(summary, say),
    ...(summary.stopped !== undefined ? { stopped: summary.stopped } : {}),
    ...(summary.stoppedBecause !== undefined ? { stoppedBecause: summary.stoppedBecause } : {}),
    ...(summary.connection !== undefined ? { connection: summary.connection } : {}),
    summary: summary.summary,
    detail: { kind: "plan", summary },
  };
}

/** The plan run's invoices in the one shape: the state's label in the run's words. */
export function planRows(summary: Pick<RunSummary, "results">, say: Say = ENGLISH): RunRow[] {
  return summary.results.map((r) => {
    const state =
      r.untouched && r.before === "credited"
        ? say("run.state.creditedEarlier")
        : r.untouched
          ? say("run.state.approvedEarlier")
          : stateLabel(r.state, say);
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

function fromIdRun(summary: ActionSummary, action: IdAction, say: Say): EngineSummary {
  return {
    action: summary.action,
    runId: summary.runId,
    startedAt: summary.startedAt,
    durationMs: summary.durationMs,
    requests: summary.requests,
    headline: summary.headline,
    details: idDetails(summary, action, say),
    tone: idTone(summary),
    changed: summary.changed,
    rows: idRows(summary, action, say),
    ...(summary.stopped !== undefined ? { stopped: summary.stopped } : {}),
    ...(summary.stoppedBecause !== undefined ? { stoppedBecause: summary.stoppedBecause } : {}),
    summary: summary.summary,
    detail: { kind: "ids", summary },
  };
}
