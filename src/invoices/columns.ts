/**
 * The sheet's column names and what each one means (docs/developers/rules.md#invoice-sheet). Headers are the
 * service's field names, matched case-insensitively after trimming.
 */
import { AFTER_APPROVAL_COLUMNS, RESULT_COLUMNS } from "./sheet-types";

/** Columns that belong to the invoice as a whole; they must agree within one invoice's rows. */
export const INVOICE_COLUMNS = [
  "invoiceRef",
  "customerId",
  "contractId",
  "contractNumber",
  "companyBankAccountId",
  "propertyGroupId",
  "invoiceNum",
  "invoiceDate",
  "invoiceId",
  "externalReference",
] as const;

/** Line columns the interface document names (each is converted to its type). */
export const INTERFACE_LINE_COLUMNS = [
  "taxCodeId",
  "billingItemId",
  "serviceLocationId",
  "startDateTime",
  "endDateTime",
  "disableVATCalculation",
] as const;

/**
 * Line fields of the live service's `CreateInvoiceLinesRequest` (docs/developers/live-service.md, "Shapes the
 * interface does not show"): passed through like any other column, but not listed as unknown.
 */
export const LIVE_LINE_COLUMNS = [
  "quantity",
  "unitOfMeasure",
  "unitPrice",
  "amountInclVAT",
  "amountExclVAT",
  "lineType",
  "description",
] as const;

/** What a header names: a known field (canonical spelling) or a pass-through line field. */
export interface ColumnInfo {
  /** 0-based position in the snapshot's headers. */
  index: number;
  /** The canonical field name (`customerId`), or the trimmed header text for unknown columns. */
  name: string;
  kind: "invoice" | "line" | "result" | "passthrough";
  /** A pass-through column that is not a known field of the live service. */
  unknown: boolean;
}

const KNOWN = new Map<string, { name: string; kind: ColumnInfo["kind"] }>();
for (const name of INVOICE_COLUMNS) KNOWN.set(name.toLowerCase(), { name, kind: "invoice" });
for (const name of INTERFACE_LINE_COLUMNS) KNOWN.set(name.toLowerCase(), { name, kind: "line" });
for (const name of LIVE_LINE_COLUMNS) KNOWN.set(name.toLowerCase(), { name, kind: "passthrough" });
// The written-back columns that are not invoice fields (`status`, `message`) only ever hold what
// the add-in wrote.
for (const name of [...RESULT_COLUMNS, ...AFTER_APPROVAL_COLUMNS]) {
  if (!KNOWN.has(name.toLowerCase())) KNOWN.set(name.toLowerCase(), { name, kind: "result" });
}

/** Classifies one header cell; `undefined` for an empty header (the column is ignored). */
export function classifyHeader(header: unknown, index: number): ColumnInfo | undefined {
  const text =
    typeof header === "string" ? header.trim() : header == null ? "" : String(header).trim();
  if (text === "") return undefined;
  const known = KNOWN.get(text.toLowerCase());
  if (known) return { index, name: known.name, kind: known.kind, unknown: false };
  return { index, name: text, kind: "passthrough", unknown: true };
}

/** Excel's column letters of a 0-based column index: "A", "B", …, "Z", "AA", … (27 → "AB"). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The 0-based column index of Excel column letters ("A" → 0, "AB" → 27); -1 when not letters. */
export function columnIndexOf(letters: string): number {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
