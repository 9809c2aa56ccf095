import { RESULT_COLUMNS } from "../invoices/sheet-types";

/** The lookups the template's drop-down lists are filled from (fetched by the caller). */
export interface TemplateLookups {
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

/** The hidden sheet holding the drop-down lists: ids in one column, names beside them. */
export const LISTS_SHEET = "Billing lists";

/** Column (0-based) of each list's ids on {@link LISTS_SHEET}; the names are in the next column. */
export const LIST_COLUMNS: Readonly<Record<LookupKind, number>> = {
  taxCodes: 0,
  bankAccounts: 3,
  billingItems: 6,
};

const TEXT = "@";
const DATE = "yyyy-mm-dd";
const MONEY = "#,##0.00";
const GENERAL = "General";

/** The template's columns in order: invoice fields, line fields, name notes beside ids, results. */
export const TEMPLATE_COLUMNS: readonly TemplateColumn[] = [
  { name: "invoiceRef", format: TEXT },
  { name: "customerId", format: GENERAL },
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
  { name: "unitPrice", format: MONEY },
  { name: "amountExclVAT", format: MONEY },
  { name: "startDateTime", format: DATE },
  { name: "endDateTime", format: DATE },
  { name: "disableVATCalculation", format: GENERAL },
  ...RESULT_COLUMNS.map((name) => ({ name, format: TEXT })),
];

/** `'Billing lists'!$A:$A` style reference to a whole column of the lists sheet. */
function listColumn(index: number): string {
  const letter = String.fromCharCode(65 + index);
  return `'${LISTS_SHEET}'!$${letter}:$${letter}`;
}

/** Data-validation list source: the ids of one list (`count` ids under the list's header). */
export function listSource(kind: LookupKind, count: number): string {
  const letter = String.fromCharCode(65 + LIST_COLUMNS[kind]);
  return `='${LISTS_SHEET}'!$${letter}$2:$${letter}$${count + 1}`;
}

/** Formula of a note column: the name of the id beside it, empty while the id is empty. */
export function nameFormula(idColumn: string, kind: LookupKind): string {
  const ids = listColumn(LIST_COLUMNS[kind]);
  const names = listColumn(LIST_COLUMNS[kind] + 1);
  return `=IF([@${idColumn}]="","",IFERROR(INDEX(${names},MATCH([@${idColumn}],${ids},0)),"not in the list"))`;
}

/** The rows (id, name) written to the lists sheet for each lookup. */
export function listRows(lookups: TemplateLookups): Record<LookupKind, [string, string][]> {
  return {
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
