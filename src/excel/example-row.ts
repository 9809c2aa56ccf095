import type { CellValue } from "../invoices";
import type { TemplateLookups } from "./template-layout";

/** What an example row is built from: the service's own lists (fetched by the caller). */
export type ExampleLookups = Pick<TemplateLookups, "customers" | "taxCodes" | "billingItems"> & {
  bankAccounts: { id: string; iban: string; isDefault?: boolean }[];
};

/** An example row: values by template column name (columns not named stay empty). */
export type ExampleRow = Record<string, CellValue>;

/** The line every example row bills; plainly an example, so nobody mistakes it for a real charge. */
export const EXAMPLE_LINE = {
  description: "Example: meter inspection (replace with your own line)",
  quantity: 1,
  unitPrice: 45.5,
} as const;

/**
 * One valid invoice row from the service's own data: its first customer, its default bank account
 * (else the first), its first tax code and billing item, and {@link EXAMPLE_LINE}. No invoiceRef, so
 * the row is an invoice of its own; no invoiceDate, so it is dated the day it is approved. Throws
 * when the service has no customer, bank account or tax code, naming what is missing.
 */
export function exampleRow(lookups: ExampleLookups): ExampleRow {
  const customer = lookups.customers[0];
  const bank = lookups.bankAccounts.find((b) => b.isDefault) ?? lookups.bankAccounts[0];
  const taxCode = lookups.taxCodes[0];
  const missing = [
    customer ? undefined : "customer",
    bank ? undefined : "bank account",
    taxCode ? undefined : "tax code",
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(
      `The billing service lists no ${missing.join(", no ")}, so no example row can be made.`
    );
  }
  const row: ExampleRow = {
    customerId: customer.id,
    companyBankAccountId: bank.id,
    taxCodeId: taxCode.id,
    ...EXAMPLE_LINE,
  };
  if (lookups.billingItems[0]) row.billingItemId = lookups.billingItems[0].id;
  return row;
}
