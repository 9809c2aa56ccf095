import { isoInZone, redactSecrets } from "../api";
import { idLogChange, idLogStatus, runLogChange } from "../invoices";
import type { ActionResult, InvoiceResult } from "../invoices";
import type { Language } from "../i18n";
import type { SendChannel } from "../api";
import { MAX_MESSAGE_CHARS } from "./write-results";

/** The sheet of the audit trail, and its table. */
export const LOG_SHEET = "Billing log";
export const LOG_TABLE = "BillingLog";

/** The log's columns, in order. */
export const LOG_COLUMNS = [
  "when",
  "user",
  "workbook",
  "sheet",
  "rows",
  "invoiceRef",
  "invoiceId",
  "externalReference",
  "status",
  "invoiceNum",
  "message",
  // Added at the end, where a log table an older version made gets them too.
  "run",
  "change",
  // Added at the end too: the service's own totals of the invoice.
  "totalAmountExclVAT",
  "totalAmountInclVAT",
  // Added at the end too: what a send or credit run left on the invoice.
  "sent",
  "creditNoteNum",
  "creditNoteId",
] as const;

/** Number formats of the log's columns: a date-time for `when`, text for the rest. */
export const LOG_FORMATS: readonly string[] = LOG_COLUMNS.map((c) =>
  c === "when" ? "yyyy-mm-dd hh:mm:ss" : "@"
);

/** One run to log. */
export interface RunLogInput {
  /** When the run started: every row of one run carries the same time. */
  when: Date;
  /** The run's id (RunSummary.runId). */
  runId: string;
  /**
   * Who ran it: the signed-in account's `preferred_username` (the company gateway's sign-in, issue
   * 17). Excel's add-in API gives no user name itself, so without sign-in it stays empty.
   */
  userName?: string;
  workbookName: string;
  sheetName: string;
  results: readonly InvoiceResult[];
  /** Secret values of the connection: never written, even inside a message. */
  secrets?: readonly string[];
  /** The language of the `change` column's words (the pane's; default English): see ActionLogInput. */
  language?: Language;
  /** The company's time zone: `when` is written as its wall-clock time; default the computer's. */
  timeZone?: string;
}

/**
 * Excel date serial of a moment, as a controller reads it: the wall-clock time in the company's
 * time zone (`timeZone`, an IANA name), else in the computer's local time.
 */
export function localExcelSerial(when: Date, timeZone?: string): number {
  if (timeZone !== undefined) {
    // "2026-03-01T00:00:00+01:00": the wall time of the zone, read as if it were UTC.
    const wall = isoInZone(when.getTime(), timeZone).slice(0, 19);
    return Date.parse(`${wall}Z`) / 86_400_000 + 25_569;
  }
  const localMs = when.getTime() - when.getTimezoneOffset() * 60_000;
  return localMs / 86_400_000 + 25_569;
}

/** Worksheet rows as a controller writes them: "2-4, 7". */
export function describeRows(rowNumbers: readonly number[]): string {
  const rows = [...new Set(rowNumbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    parts.push(j > i ? `${rows[i]}-${rows[j]}` : String(rows[i]));
    i = j + 1;
  }
  return parts.join(", ");
}

/** The invoiceRef of a result: its plan key is `ref:<invoiceRef>` for grouped rows. */
function invoiceRefOf(result: InvoiceResult): string {
  return result.key.startsWith("ref:") ? result.key.slice(4) : "";
}

/** An invoice gets a log row only for a run that changed something about it. */
export function isLogged(result: InvoiceResult): boolean {
  return result.changes.length > 0;
}

/** Text kept as text by Excel (a leading apostrophe), so "2-4" never turns into a date. */
const text = (value: string | undefined) => (value ? `'${value}` : "");

/**
 * The log rows of one run (docs/developers/rules.md#each-run-tells-its-own-story): one per invoice
 * whose state this run changed, in the order of the results — none for an invoice the run left
 * alone, so re-running a finished sheet adds nothing.
 */
export function runLogRows(input: RunLogInput): (string | number)[][] {
  const when = localExcelSerial(input.when, input.timeZone);
  return input.results.filter(isLogged).map((r) => {
    let message = redactSecrets(r.message ?? "", input.secrets ?? []);
    if (message.length > MAX_MESSAGE_CHARS) message = `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…`;
    return [
      when,
      text(input.userName),
      text(input.workbookName),
      text(input.sheetName),
      text(describeRows(r.rowNumbers)),
      text(invoiceRefOf(r)),
      text(r.invoiceId),
      text(r.externalReference),
      text(r.state),
      text(r.invoiceNum),
      text(message),
      text(input.runId),
      text(r.changes.map((c) => runLogChange(c, input.language)).join(", ")),
      text(r.totalAmountExclVAT),
      text(r.totalAmountInclVAT),
      "",
      "",
      "",
    ];
  });
}

/** What the sheet says of an invoice a send or credit run acted on (for its log row). */
export interface InvoiceFacts {
  invoiceRef?: string;
  invoiceNum?: string;
  externalReference?: string;
}

/** One send or credit run to log. */
export interface ActionLogInput {
  when: Date;
  runId: string;
  /** The id action, as the registry names it. */
  action: string;
  /** How a send run sent (email or post). */
  channel?: SendChannel;
  /** The signed-in account's `preferred_username`, as for the invoice run; empty without sign-in. */
  userName?: string;
  workbookName: string;
  sheetName: string;
  results: readonly ActionResult[];
  /** The sheet's invoiceRef, invoiceNum and externalReference by invoice id (lower case). */
  facts?: ReadonlyMap<string, InvoiceFacts>;
  secrets?: readonly string[];
  /**
   * The language of the `change` column's words (the pane's; default English). The headers, the
   * sheet's and table's names and the `status` and `sent` columns stay the same in every language:
   * a later run finds the table and writes under its headers by name, and the status and sent
   * words are the sheet's own (the `status` and `sent` cells, and the invoice runs' rows).
   */
  language?: Language;
  /** The company's time zone: `when` is written as its wall-clock time; default the computer's. */
  timeZone?: string;
}

/** "sent by email", "credited", "discarded": what the run changed, in the action's words. */
function actionChange(input: ActionLogInput, change: ActionResult["changes"][number]): string {
  return idLogChange(input.action, change, input.channel, input.language);
}

/** The status logged, in the action's words (the engine's table of the action). */
function actionStatus(input: ActionLogInput, r: ActionResult): string {
  return idLogStatus(input.action, r);
}

/**
 * The log rows of a send or credit run: one per invoice whose state this run changed (sent,
 * credited, a credit note found, failed) — none for one it found done and left alone — with the
 * run's id, the user and what changed. Same columns as the invoice run's rows.
 */
export function actionLogRows(input: ActionLogInput): (string | number)[][] {
  const when = localExcelSerial(input.when, input.timeZone);
  return input.results
    .filter((r) => r.changes.length > 0)
    .map((r) => {
      const facts = input.facts?.get(r.invoiceId.toLowerCase()) ?? {};
      let message = redactSecrets(r.message ?? "", input.secrets ?? []);
      if (message.length > MAX_MESSAGE_CHARS)
        message = `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…`;
      return [
        when,
        text(input.userName),
        text(input.workbookName),
        text(input.sheetName),
        text(describeRows(r.rowNumbers)),
        text(facts.invoiceRef),
        text(r.invoiceId),
        text(facts.externalReference),
        text(actionStatus(input, r)),
        text(r.invoiceNum ?? facts.invoiceNum),
        text(message),
        text(input.runId),
        text(r.changes.map((c) => actionChange(input, c)).join(", ")),
        "",
        "",
        text(r.sent),
        text(r.creditNoteNum),
        text(r.creditNoteId),
      ];
    });
}
