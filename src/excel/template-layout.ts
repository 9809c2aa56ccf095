import { AFTER_APPROVAL_COLUMNS, columnLetter, RESULT_COLUMNS } from "../invoices";

/** The lookups the template's drop-down lists are filled from (fetched by the caller). */
export interface TemplateLookups {
  customers: { id: string; name: string; customerNumber?: string }[];
  taxCodes: { id: string; name: string }[];
  bankAccounts: { id: string; iban: string; accountHolder?: string }[];
  billingItems: { id: string; name: string }[];
}

/** Which lookup list a column picks its ids from. */
export type LookupKind = keyof TemplateLookups;

/** One column of the invoice template. */
export interface TemplateColumn {
  name: string;
  /** Excel number format of the column's cells. */
  format: string;
  /** Drop-down of ids from this list. */
  lookup?: LookupKind;
  /** A "#" note column showing the name of the id in column `nameOf` (not read as a line field). */
  nameOf?: string;
  nameFrom?: LookupKind;
}

/** The BILLING function that shows the name behind an id of each list (src/functions). */
export const NAME_FUNCTIONS: Readonly<Record<LookupKind, string>> = {
  customers: "BILLING.CUSTOMERNAME",
  taxCodes: "BILLING.TAXCODENAME",
  bankAccounts: "BILLING.BANKACCOUNTNAME",
  billingItems: "BILLING.BILLINGITEMNAME",
};

/** The hidden sheet holding the drop-down lists: ids in one column, names beside them. */
export const LISTS_SHEET = "Billing lists";

/** Column (0-based) of each list's ids on {@link LISTS_SHEET}; the names are in the next column. */
export const LIST_COLUMNS: Readonly<Record<LookupKind, number>> = {
  taxCodes: 0,
  bankAccounts: 3,
  billingItems: 6,
  customers: 9,
};

const TEXT = "@";
const DATE = "yyyy-mm-dd";
const MONEY = "#,##0.00";
/**
 * Unit prices: energy prices have four decimals (0.0825 EUR a kWh), so the cell shows every decimal
 * the price has, at least the cents, up to six (`125.50`, `0.0825`, `0.335`).
 */
const UNIT_PRICE = "#,##0.00####";
const GENERAL = "General";

/**
 * The template's columns in order: invoice fields, line fields, name notes beside ids, results, then
 * what send and credit write (`sent`, `creditNoteNum`, `creditNoteId`).
 */
export const TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  { name: "invoiceRef", format: TEXT },
  { name: "customerId", format: GENERAL, lookup: "customers" },
  { name: "#customerName", format: GENERAL, nameOf: "customerId", nameFrom: "customers" },
  { name: "contractId", format: GENERAL },
  { name: "contractNumber", format: TEXT },
  { name: "companyBankAccountId", format: GENERAL, lookup: "bankAccounts" },
  {
    name: "#bankAccountName",
    format: GENERAL,
    nameOf: "companyBankAccountId",
    nameFrom: "bankAccounts",
  },
  { name: "propertyGroupId", format: GENERAL },
  { name: "invoiceDate", format: DATE },
  { name: "taxCodeId", format: GENERAL, lookup: "taxCodes" },
  { name: "#taxCodeName", format: GENERAL, nameOf: "taxCodeId", nameFrom: "taxCodes" },
  { name: "billingItemId", format: GENERAL, lookup: "billingItems" },
  { name: "#billingItemName", format: GENERAL, nameOf: "billingItemId", nameFrom: "billingItems" },
  { name: "serviceLocationId", format: GENERAL },
  { name: "description", format: TEXT },
  { name: "quantity", format: GENERAL },
  { name: "unitPrice", format: UNIT_PRICE },
  { name: "amountExclVAT", format: MONEY },
  { name: "startDateTime", format: DATE },
  { name: "endDateTime", format: DATE },
  { name: "disableVATCalculation", format: GENERAL },
  ...RESULT_COLUMNS.map((name) => ({ name, format: TEXT })),
  // Send and credit write here; a template has them from the start.
  ...AFTER_APPROVAL_COLUMNS.map((name) => ({ name, format: TEXT })),
];

/** Data-validation list source: the ids of one list (`count` ids under the list's header). */
export function listSource(kind: LookupKind, count: number): string {
  const letter = columnLetter(LIST_COLUMNS[kind]);
  return `='${LISTS_SHEET}'!$${letter}$2:$${letter}$${count + 1}`;
}

/**
 * Formula of a note column on worksheet row `rowNumber`: the name of the id in `idColumnIndex`
 * (0-based) of the same row, empty while the id is empty, `#N/A` with a message for an unknown id.
 * A plain relative reference (`B2`), so that Excel's calculated table column fills it down as rows
 * are added, and the preview (which evaluates only BILLING calls) shows it too.
 */
export function nameFormula(kind: LookupKind, idColumnIndex: number, rowNumber: number): string {
  return `=${NAME_FUNCTIONS[kind]}(${columnLetter(idColumnIndex)}${rowNumber})`;
}

/** The 0-based index of a template column by name (-1 when there is none). */
export function templateColumnIndex(name: string): number {
  return TEMPLATE_COLUMNS.findIndex((c) => c.name === name);
}

/** The rows (id, name) written to the lists sheet for each lookup. */
export function listRows(lookups: TemplateLookups): Record<LookupKind, [string, string][]> {
  return {
    customers: lookups.customers.map((c) => [
      c.id,
      c.customerNumber ? `${c.name} (${c.customerNumber})` : c.name,
    ]),
    taxCodes: lookups.taxCodes.map((t) => [t.id, t.name]),
    bankAccounts: lookups.bankAccounts.map((b) => [
      b.id,
      b.accountHolder ? `${b.iban} (${b.accountHolder})` : b.iban,
    ]),
    billingItems: lookups.billingItems.map((b) => [b.id, b.name]),
  };
}

/** First name not taken (case-insensitively): `base`, then `base (2)`, `base (3)`, … */
export function uniqueSheetName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const name = `${base} (${i})`;
    if (!lower.has(name.toLowerCase())) return name;
  }
}

/** First table name not taken: `base`, then `base2`, `base3`, … (table names allow no spaces). */
export function uniqueTableName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    if (!lower.has(`${base}${i}`.toLowerCase())) return `${base}${i}`;
  }
}
