/**
 * The benchmarks' invoice sheet: `count` invoices of 1–3 lines over the demo customers and tax
 * codes, the same every run (a seeded PRNG). Shared by bench:invoices and bench:ratelimit.
 */
import { DEMO } from "../../simulator";
import type { CellValue, SheetSnapshot } from "../../src/invoices";

/** A deterministic PRNG (mulberry32), so every run benchmarks the same sheet. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sheet of `count` invoices with 1–3 lines each over the demo customers and tax codes. */
export function generateSheet(count: number): SheetSnapshot {
  const random = prng(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  // Van den Berg pays by direct debit without a mandate: the service refuses to approve its invoices
  // (a demo case for the approval verdict), so a benchmark of approvals leaves it out.
  const customers = Object.values(DEMO.customers).filter((c) => c !== DEMO.customers.vandenBerg);
  const taxCodes = Object.values(DEMO.taxCodes);
  const headers = [
    "invoiceRef",
    "customerId",
    "companyBankAccountId",
    "taxCodeId",
    "description",
    "quantity",
    "unitPrice",
  ];
  const rows: { rowNumber: number; values: CellValue[] }[] = [];
  for (let i = 1; i <= count; i += 1) {
    const customer = pick(customers);
    const lines = 1 + Math.floor(random() * 3);
    for (let l = 0; l < lines; l += 1) {
      const price = Math.round(random() * 50000) / 100;
      rows.push({
        rowNumber: rows.length + 2,
        values: [
          `INV-${i}`,
          customer,
          DEMO.bankAccounts.main,
          pick(taxCodes),
          `Line ${l + 1}`,
          1 + Math.floor(random() * 5),
          price,
        ],
      });
    }
  }
  return { headers, rows };
}
