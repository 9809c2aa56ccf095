/** Ids and sheet builders shared by the invoice tests. */
import type { CellValue, SheetSnapshot } from "../../../src/invoices/sheet-types";

export const IDS = {
  customerA: "11111111-1111-4111-8111-111111111111",
  customerB: "22222222-2222-4222-8222-222222222222",
  bank: "33333333-3333-4333-8333-333333333333",
  bank2: "33333333-3333-4333-8333-999999999999",
  tax: "44444444-4444-4444-8444-444444444444",
  item: "55555555-5555-4555-8555-555555555555",
  group: "66666666-6666-4666-8666-666666666666",
  invoice: "77777777-7777-4777-8777-777777777777",
};

/** A snapshot from rows of objects (header order = first row's key order plus any later keys). */
export function sheet(rows: Record<string, CellValue>[], firstRow = 2): SheetSnapshot {
  const headers: string[] = [];
  for (const row of rows)
    for (const key of Object.keys(row)) if (!headers.includes(key)) headers.push(key);
  return {
    headers,
    rows: rows.map((row, i) => ({
      rowNumber: firstRow + i,
      values: headers.map((h) => row[h] ?? null),
    })),
  };
}

/** A valid line row for customer A. */
export function line(extra: Record<string, CellValue> = {}): Record<string, CellValue> {
  return {
    customerId: IDS.customerA,
    companyBankAccountId: IDS.bank,
    taxCodeId: IDS.tax,
    description: "Heat",
    quantity: 2,
    unitPrice: 10,
    ...extra,
  };
}

export const TODAY = new Date(2026, 2, 15, 12, 0, 0);
