/**
 * What planning a sheet produces: the invoices to send (or continue), the rows that cannot be sent
 * and why, and the counts the task pane shows on Check.
 */
import type { InvoiceLineRequest } from "../api";
import type { Language } from "./words";

/**
 * The create body as the sheet gives it. `companyBankAccountId` is absent when it must be read from
 * the property group's billing configuration during the run (docs/developers/rules.md#invoice-sheet).
 */
export interface PlannedInvoiceBody {
  customerId: string;
  contractId?: string;
  contractNumber?: string;
  companyBankAccountId?: string;
  invoiceNum?: string;
  /** `[{ id }]` when the sheet names a property group. */
  propertyGroups?: { id: string }[];
  lines: InvoiceLineRequest[];
}

/** One invoice ready to be created, or (with `invoiceId`/`externalReference`) continued. */
export interface PlannedInvoice {
  /** `ref:<invoiceRef>` for grouped rows, `row:<rowNumber>` for a row of its own. */
  key: string;
  /** How messages name it: `invoice "A"` or `row 7`. */
  label: string;
  /** Worksheet rows of its lines, in sheet order. */
  rowNumbers: number[];
  /** The create body (no `externalReference`: the engine adds it). */
  body: PlannedInvoiceBody;
  /** Set when the bank account comes from this property group's billing configuration. */
  propertyGroupId?: string;
  /** Sent on approve: the sheet's `invoiceDate` or today, ISO 8601 with offset. */
  invoiceDate: string;
  /** The sheet gives `invoiceDate` (else it is today's): then it is part of what the invoice is. */
  dateFromSheet?: boolean;
  /** From the sheet: the invoice was created by an earlier run. */
  invoiceId?: string;
  /** From the sheet: the client reference an earlier run gave it. */
  externalReference?: string;
  /** From the sheet's `status` column, lower case (e.g. `unknown`), when any row has one. */
  status?: string;
}

/** An invoice that is not sent because at least one of its rows has a problem. */
export interface InvalidInvoice {
  key: string;
  label: string;
  rowNumbers: number[];
  /** Rows of this invoice that have problems themselves. */
  rowsWithProblems: number[];
  /**
   * Rows that carry an `invoiceId`: the service holds (or held) their invoice, so they keep their
   * status and are never called "not sent".
   */
  rowsWithInvoiceId?: number[];
}

/** Counts shown after Check. */
export interface PlanCounts {
  /** Data rows read (empty rows are skipped). */
  rows: number;
  /** Invoices that can be sent or continued. */
  invoices: number;
  /** Lines of those invoices. */
  lines: number;
  rowsWithProblems: number;
  invalidInvoices: number;
  /** Invoices an earlier run created (they carry an `invoiceId`), the finished ones included. */
  continued: number;
  /** Of `continued`: approved and numbered already (final: a run leaves them alone). */
  finished: number;
  /** Rows of the invoices with problems (their own problems or a sibling's): not sent. */
  invalidRows: number;
}

/** The result of {@link planInvoices}. */
export interface Plan {
  invoices: PlannedInvoice[];
  invalidInvoices: InvalidInvoice[];
  /** Reasons per worksheet row number, in plain words naming the column and cell. */
  rowProblems: Map<number, string[]>;
  /** Problems of the selection as a whole (no header row, missing required columns, …). */
  planProblems: string[];
  /** Pass-through columns that are not known fields of the service (they are sent unchanged). */
  unknownColumns: string[];
  counts: PlanCounts;
  /**
   * Things Check could not finish but that refuse no row (an id the service did not answer for):
   * shown with the summary.
   */
  notes?: string[];
  /** "30 rows: 16 invoices ready (26 lines), 2 invoices with problems (4 rows; problems in 3)". */
  summary: string;
  /** The language of its messages (PlanOptions.language); English when none was given. */
  language?: Language;
}

/** Options of {@link planInvoices}. */
export interface PlanOptions {
  /** Gives the default invoice date (its calendar day). */
  today: Date;
  /** The language of the summary and the rows' problems, chosen by the pane; default English. */
  language?: Language;
  /**
   * The company's time zone (an IANA name): a day in the sheet (an Excel date, `2026-03-01`) is
   * that day's midnight there, and a time without an offset its wall-clock time; without it,
   * midnight UTC (docs/developers/rules.md#invoice-sheet).
   */
  timeZone?: string;
}
