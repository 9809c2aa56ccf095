/**
 * The Excel layer: every read and write of worksheet cells the add-in makes. Everything else works
 * on the plain data of `src/invoices/sheet-types.ts`.
 */
export { readSelection } from "./read-selection";
export { ensureResultColumns } from "./ensure-result-columns";
export { writeRowUpdates, queueRowUpdates, mergeUpdates, MAX_MESSAGE_CHARS } from "./write-results";
export { createRowWriter, type RowWriter, type RowWriterOptions } from "./row-writer";
export { highlightRows } from "./highlight-rows";
export { insertTemplate, type TemplateLookups } from "./insert-template";
export { SheetError, isSheetError, type SheetErrorCode } from "./sheet-error";
export type { SheetTarget, SelectionRead, ResultColumnMap } from "./sheet-target";
export type { SyncCounter } from "./sync-counter";
export { blockRowCount } from "./block-size";
export { isNoteColumn } from "./header-check";
export { STATUS_STYLES, sentStyle, statusStyle, type StatusStyle } from "./status-style";
export { addExampleRow, type ExampleRowPlace } from "./add-example-row";
export { exampleRow, EXAMPLE_LINE, type ExampleLookups, type ExampleRow } from "./example-row";
export { revealResults, selectInvoiceRows, selectProblemCell } from "./select-rows";
export { appendActionLog, appendRunLog, type RunLogPlace } from "./run-log";
export {
  LOG_COLUMNS,
  LOG_SHEET,
  LOG_TABLE,
  type ActionLogInput,
  type InvoiceFacts,
  type RunLogInput,
} from "./run-log-rows";
export { WRITTEN_COLUMNS, type WrittenColumn } from "./result-columns";
export type { ResultColumnOptions } from "./ensure-result-columns";
export {
  loadSettings,
  loadSettingsWithWarning,
  onSettingsChanged,
  resetSettings,
  saveSettings,
} from "./settings-store";
export {
  checkStoredSettings,
  defaultStoredSettings,
  describeSettings,
  isSameConnection,
  type StoredSettings,
} from "./settings-model";
export { recalculate, writeActiveCell, type ActiveCellWrite } from "./active-workbook";
export { referenceScopeOf } from "./reference-scope";
export { isNestedAppAuthSupported, isSetSupported } from "./host-requirements";
/**
 * Excel's own cell facts (column letters, the 1900 date system, the error values), written once in
 * src/invoices and offered here to the preview's fake Excel, which takes nothing from src/invoices.
 */
export {
  EXCEL_ERROR_VALUES,
  columnIndexOf,
  columnLetter,
  excelSerialToUtc,
  utcToExcelSerial,
} from "../invoices";
export {
  checkItConnection,
  dialogDirectoryAllowed,
  itConnection,
  useItConnection,
  withItConnection,
  type ItConnection,
} from "./it-settings";
export {
  readActiveReport,
  readSelectedContractIds,
  writeCostReport,
  REPORT_TABLE_PREFIX,
  type ReportSheet,
  type ReportSheetPlan,
} from "./cost-report";
