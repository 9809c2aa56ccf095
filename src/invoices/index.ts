/**
 * The invoice layer: rows → invoices (planning and validation, pure) and the batch engine that
 * creates, approves and numbers them. No Office types: it runs in Node as it runs in Excel.
 */
export { planInvoices, summarisePlan } from "./plan-invoices";
export {
  checkIds,
  checkPlanWithService,
  withIdCheck,
  ID_BATCH_SIZE,
  LOOKUP_MEASURE,
} from "./check-ids";
export type { IdCheck } from "./check-ids";
export { checkReferences } from "./check-references";
export type { ReferenceCheck } from "./check-references";
export { FINAL_ROW_STATUSES, isFinalRow } from "./final-row";
export type {
  Plan,
  PlannedInvoice,
  PlannedInvoiceBody,
  InvalidInvoice,
  PlanCounts,
  PlanOptions,
} from "./plan-types";
export { checkRowMarks, invalidRowUpdates } from "./plan-row-updates";
export { runStory } from "./engine/plan-run";
export { INVOICE_STATES } from "./engine/run-types";
export { deriveReferences } from "./engine/derived-reference";
export { judgeReference, type ReferenceVerdict } from "./engine/reference-keeper";
export type {
  InvoiceChange,
  InvoiceState,
  RunCounts,
  RunStory,
  RunOptions,
  RunSummary,
  InvoiceResult,
  RateLimitPause,
  StopReason,
} from "./engine/run-types";
export {
  DEFAULT_APPROVAL_TIMEOUT_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_FLUSH_INTERVAL_MS,
  DEFAULT_MAX_BATCH_SIZE,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_RATE_LIMIT_BUDGET_MS,
  POLL_INTERVAL_RANGE_MS,
  newReference,
  newRunId,
} from "./engine/run-options";
export { resolveRunOptions } from "./engine/resolve-run";
export { AFTER_APPROVAL_COLUMNS, RESULT_COLUMNS } from "./sheet-types";
export { columnIndexOf, columnLetter } from "./columns";
export type {
  CellValue,
  SheetRow,
  SheetSnapshot,
  ResultColumn,
  AfterApprovalColumn,
  RowStatus,
  RowUpdate,
} from "./sheet-types";
export {
  excelSerialToUtc,
  serialReason,
  utcToExcelSerial,
  FICTITIOUS_LEAP_DAY,
  LAST_SERIAL,
  type SerialDate,
} from "./excel-serial";
export { dateOnlyMeansMidnightUtc, cellToIsoDateTime, todayAsInvoiceDate } from "./date-values";
export { MAX_TEXT_LENGTH, NEGATIVE_AMOUNT_MESSAGE, LINE_TYPES } from "./line-rules";
export { EXCEL_ERROR_VALUES } from "./cell-values";
export { INVOICE_ALREADY_EXISTS, describeError } from "./describe-error";
export { invoiceAmountExclVat } from "./invoice-amount";
export { likelyDuplicates } from "./likely-duplicates";
export type { DuplicateGroup } from "./likely-duplicates";
// Send and credit after approval.
export { MAX_SENDS } from "./actions/send";
export { DEFAULT_SETTLE_TIMEOUT_MS } from "./engine/action-options";
export { ACTION_STATES } from "./engine/action-types";
export type {
  ActionChange,
  ActionCounts,
  ActionItem,
  ActionPlan,
  ActionPreparation,
  ActionRefusal,
  ActionRequest,
  ActionResult,
  ActionRunOptions,
  ActionState,
  ActionSummary,
  PreparedItem,
} from "./engine/action-types";
// The one engine: every action is a run of it; the pane's seam.
export { assertNever } from "./engine/seam";
export type {
  ActionRegistry,
  EngineOptions,
  EngineSummary,
  PlanAction,
  RunHandle,
  RunInput,
  RunProgress,
  RunRow,
  RunTone,
} from "./engine/seam";
export type { DraftRef } from "./engine/plan-ids";
export type { IdAction } from "./engine/id-action";
// The registry the engine is handed, and the engine bound to it.
export { ACTION_NAMES, ID_ACTIONS, PLAN_ACTIONS, REGISTRY } from "./actions/registry";
export type {
  ActionName,
  AfterApprovalAction,
  IdActionName,
  PlanActionName,
} from "./actions/registry";
export {
  draftsPlan,
  idAction,
  idDetails,
  idHeadline,
  idLogChange,
  idLogStatus,
  idProgress,
  idRows,
  idStateLabel,
  idStateLabels,
  planInvoiceActions,
  prepareInvoiceActions,
  runAction,
  runInvoiceActions,
  runInvoices,
  startRun,
} from "./registered";
export { runLogChange } from "./engine/id-words";
export { planRows } from "./engine/start-run";
export {
  countsText,
  planDetails,
  planHeadline,
  planProgress,
  planTone,
  stateLabel,
} from "./engine/plan-words";
// The words of the runs' seam, as startRun composes them into EngineSummary (tests read them here).
export { entriesWords, idTone, sendFailureWords, sentWords } from "./engine/id-words";
export { resolveActionOptions } from "./engine/action-options";
export { DOT_DECIMAL, dateCultureOf } from "./culture";
export type { DateCulture, NumberCulture, SheetCulture } from "./culture";
export { cellToNumber } from "./number-values";
