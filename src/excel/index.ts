/**
 * The Excel layer: every read and write of worksheet cells the add-in makes. Everything else works
 * on the plain data of `src/invoices/sheet-types.ts`.
 */
export { readSelection } from "./read-selection";
export { ensureResultColumns } from "./ensure-result-columns";
export { writeRowUpdates, queueRowUpdates, mergeUpdates, MAX_MESSAGE_CHARS } from "./write-results";
export { createRowWriter, type RowWriter } from "./row-writer";
export { highlightRows } from "./highlight-rows";
export { insertTemplate, type TemplateLookups } from "./insert-template";
export { SheetError, isSheetError, type SheetErrorCode } from "./sheet-error";
export type { SheetTarget, SelectionRead, ResultColumnMap } from "./sheet-target";
export type { SyncCounter } from "./sync-counter";
export { blockRowCount } from "./block-size";
export { isNoteColumn } from "./header-check";
export { STATUS_STYLES, statusStyle, type StatusStyle } from "./status-style";
export { selectInvoiceRows, rowAddresses } from "./select-rows";
