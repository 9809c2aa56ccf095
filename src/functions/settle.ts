import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, requestBudgetMs } from "../api";
import type { ClientOptions } from "../api";
import { currentLanguage, hasReasonWords, loadReasonWords } from "../i18n";
import { admit } from "./admission";
import { currentBaseUrl, functionClientOptions } from "./connection";
import { toExcelError } from "./to-excel-error";
import { withTimeout } from "./with-timeout";
import type { CallKey } from "./value-preview";
import { isValuePreview, previewAnswer, rememberAnswer } from "./value-preview";

/** Requests made one after the other by the longest chain: contract → product → item → tariffs. */
export const CHAIN_REQUESTS = 4;

/** Room left after the client's own budget, so that its clearer error reaches the cell first. */
const MARGIN_MS = 5_000;

/**
 * The longest a cell waits for the service with a client built with `options`, derived from the
 * client's own budget so that a cell never gives up while the client would still answer:
 * - one request takes at most `requestBudgetMs` (time-out and retry waits; 45 s with the defaults,
 *   see src/api/retry-policy.ts);
 * - a cost function makes {@link CHAIN_REQUESTS} requests in a row (4; a tariff list longer than
 *   one page adds pages, which this bound does not count);
 * - before each, it may wait in the shared queue for a slot; one request ahead of it takes at most
 *   one budget, so the queue is counted as one more budget per step (a recalculation asking for
 *   more than the slots can answer in that time is cut by this bound, and its requests with it);
 * so with the defaults 4 × (45 s + 45 s) + 5 s = 365 s. When the bound is reached the work's signal
 * is aborted: its requests stop with the cell, none goes on.
 */
export function callTimeoutFor(options: ClientOptions): number {
  const budget = requestBudgetMs(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, {
    limit: options.retry?.limit ?? DEFAULT_RETRY.limit,
    maxTotalWaitMs: options.retry?.maxTotalWaitMs ?? DEFAULT_RETRY.maxTotalWaitMs,
  });
  return CHAIN_REQUESTS * 2 * budget + MARGIN_MS;
}

/** The bound with the client's default options: 365 s. */
export const CALL_TIMEOUT_MS = callTimeoutFor({});

let override: number | undefined;

/**
 * Sets the time-out of every call (tests); no argument returns to the bound derived from the
 * functions' client options ({@link callTimeoutFor}).
 */
export function setCallTimeoutMs(ms?: number): void {
  override = ms;
}

/** Excel cancelled the formula (the cell was edited, deleted or recalculated again). */
export class ExcelCancelledError extends Error {
  override name = "ExcelCancelledError" as const;
}

/**
 * Runs the body of a custom function under an AbortSignal that Excel's cancellation
 * (`invocation.onCanceled` of a `@cancelable` function) and the time-out both abort, so its
 * requests stop with it. Always settles within the time-out, and any failure becomes the one Excel
 * error {@link toExcelError} gives for it. Cells beyond the first of a recalculation start in waves
 * (./admission.ts), so the first answers are not held up by the setting up of the others.
 *
 * A call for Excel's formula-bar value preview (`call` names the function and its arguments) runs
 * no work at all: it gets the last answer of the same call, or a short placeholder
 * (./value-preview.ts), so typing a formula sends nothing to the service.
 */
export async function settle<T>(
  work: (signal: AbortSignal) => Promise<T>,
  invocation?: CustomFunctions.CancelableInvocation,
  call?: CallKey
): Promise<T> {
  const controller = new AbortController();
  if (invocation) {
    invocation.onCanceled = () =>
      controller.abort(new ExcelCancelledError("Excel cancelled the formula."));
  }
  try {
    // Office speaks Dutch: its words (the functions' messages, the reasons) are a chunk of their
    // own, loaded once before the first Dutch cell says anything. English never waits here.
    const language = currentLanguage();
    if (!hasReasonWords(language)) await loadReasonWords(language);
    if (isValuePreview(invocation)) return previewAnswer<T>(call);
    // Beyond the first cells of a recalculation, each waits for its wave (./admission.ts), and sets
    // nothing up before it (its time-out neither): a thousand cells' timers, set up before the
    // first request could leave, held up the first answer. Cancelled meanwhile, its work starts
    // with the signal aborted and stops at its first request.
    const turn = admit();
    if (turn) await turn;
    const ms = override ?? callTimeoutFor(functionClientOptions());
    const answer = await withTimeout(work(controller.signal), ms, controller);
    rememberAnswer(call, answer);
    return answer;
  } catch (e) {
    // A reason is said in Office's language: Dutch words are a chunk loaded on first need.
    await loadReasonWords(currentLanguage());
    throw toExcelError(e, { baseUrl: currentBaseUrl() });
  }
}
