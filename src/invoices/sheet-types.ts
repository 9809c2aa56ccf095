/**
 * The seam between the Excel layer and the invoice engine: what is read from the sheet and what is
 * written back. Plain data, no Office types, so the engine runs in Node as it runs in Excel.
 */
import type { SheetCulture } from "./culture";

/** A cell as Excel hands it over (`range.values`): Excel errors arrive as text such as `#N/A`. */
export type CellValue = string | number | boolean | null;

/** One selected sheet row: its 1-based worksheet row number and its values in header order. */
export interface SheetRow {
  rowNumber: number;
  values: CellValue[];
}

/** The header row and the selected rows below it. */
export interface SheetSnapshot {
  headers: string[];
  rows: SheetRow[];
  /**
   * 0-based worksheet column of `headers[0]` (A = 0), so that messages can name cells ("cell C7");
   * absent = 0 (the data starts in column A).
   */
  firstColumnIndex?: number;
  /**
   * 0-based worksheet column of each header, when the columns are not contiguous (the Excel layer
   * leaves out note columns such as `#taxCodeName`); wins over `firstColumnIndex`.
   */
  columnIndexes?: number[];
  /**
   * The workbook's separators and date order (`Application.cultureInfo`, where the host has it),
   * for numbers and dates typed as text; absent = a dot for decimals, ISO dates.
   */
  culture?: SheetCulture;
}

/** Columns the add-in writes back, appended to the header row when missing (docs/developers/rules.md#invoice-sheet). */
export const RESULT_COLUMNS = [
  "invoiceId",
  "status",
  "invoiceNum",
  "message",
  "externalReference",
  "totalAmountExclVAT",
  "totalAmountInclVAT",
] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

/**
 * Columns a send or credit run writes. Not in {@link RESULT_COLUMNS}: a create run never
 * appends them; the Excel layer appends them after the result columns when a send or credit run
 * first writes to a sheet that lacks them (and Insert template includes them).
 */
export const AFTER_APPROVAL_COLUMNS = ["sent", "creditNoteNum", "creditNoteId"] as const;
export type AfterApprovalColumn = (typeof AFTER_APPROVAL_COLUMNS)[number];

/**
 * What a row's `status` cell says. `invalid` = not sent because of the sheet; `failed` = the service
 * refused it; `unknown` = a create whose outcome is not known (never retried blindly); `pending` =
 * still approving after the time-out (resumable); `cancelled` = not started because the run was cancelled;
 * `not sent` = the request never reached the service (resumable); `waiting` = the service's rate
 * limit held it until the run's budget ran out (nothing was created; resumable); `credited` = an
 * approved invoice with a credit note: final, a create run leaves it alone.
 */
export type RowStatus =
  | "invalid"
  | "creating"
  | "created"
  | "approving"
  | "approved"
  | "pending"
  | "failed"
  | "unknown"
  | "not sent"
  | "waiting"
  | "cancelled"
  | "credited"
  /** Discard drafts: the row's draft was deleted; the row no longer has an invoice. */
  | "discarded";

/** A change to one row's result cells; fields left undefined are not touched. */
export interface RowUpdate {
  rowNumber: number;
  invoiceId?: string;
  status?: RowStatus;
  invoiceNum?: string;
  message?: string;
  externalReference?: string;
  /** The service's total excl. VAT of the row's invoice (exact decimal text, as it answered). */
  totalAmountExclVAT?: string;
  /** The service's total incl. VAT of the row's invoice (exact decimal text, as it answered). */
  totalAmountInclVAT?: string;
  /**
   * The service's sent state in plain words: "sent", "sending", "printing", "skipped",
   * "not sent", "failed: the customer has no postal address".
   */
  sent?: string;
  /** The number of the invoice's credit note. */
  creditNoteNum?: string;
  /** The id of the invoice's credit note. */
  creditNoteId?: string;
}
