/**
 * Typing invoice rows into the template sheet of the preview, as a controller does (the columns of
 * src/excel/template-layout.ts), and selecting them.
 */
import { DEMO } from "../../../simulator";
import type { PreviewPage } from "./preview-page";

/**
 * Template columns used by the tests (src/excel/template-layout.ts, with its `#…Name` columns C, G,
 * K and M).
 */
export const COL = {
  invoiceRef: "A",
  customerId: "B",
  companyBankAccountId: "F",
  taxCodeId: "J",
  description: "O",
  quantity: "P",
  unitPrice: "Q",
  invoiceId: "V",
  status: "W",
  invoiceNum: "X",
  message: "Y",
  externalReference: "Z",
  totalAmountExclVAT: "AA",
  totalAmountInclVAT: "AB",
  /** What send and credit write, after the result columns. */
  sent: "AC",
  creditNoteNum: "AD",
  /** The template's last column: a result line selects its rows from A to here. */
  creditNoteId: "AE",
};

/** One row of invoice lines. */
export interface InvoiceRowInput {
  ref: string;
  customer: string;
  bankAccount: string;
  tax: string;
  text: string;
  qty: string;
  price: string;
}

/** Types `rows` from row 2 down. */
export async function typeInvoiceRows(
  preview: PreviewPage,
  rows: readonly InvoiceRowInput[]
): Promise<void> {
  for (const [i, row] of rows.entries()) {
    const r = i + 2;
    await preview.typeInto(`${COL.invoiceRef}${r}`, row.ref);
    await preview.typeInto(`${COL.customerId}${r}`, row.customer);
    await preview.typeInto(`${COL.companyBankAccountId}${r}`, row.bankAccount);
    await preview.typeInto(`${COL.taxCodeId}${r}`, row.tax);
    await preview.typeInto(`${COL.description}${r}`, row.text);
    await preview.typeInto(`${COL.quantity}${r}`, row.qty);
    await preview.typeInto(`${COL.unitPrice}${r}`, row.price);
  }
}

/** Selects cells `from`..`to` by dragging, as with the mouse. */
export async function dragSelect(preview: PreviewPage, from: string, to: string): Promise<void> {
  const { page } = preview;
  await page.locator(`td[data-cell="${from}"]`).hover();
  await page.mouse.down();
  await page.locator(`td[data-cell="${to}"]`).hover();
  await page.mouse.up();
}

/**
 * Three rows making two invoices, as most browser tests use them: invoice "A" (Jansen, two lines at
 * 21% and 9% VAT) and invoice "B" (De Vries, one line).
 */
export const TWO_INVOICES: readonly InvoiceRowInput[] = [
  {
    ref: "A",
    customer: DEMO.customers.jansen,
    tax: DEMO.taxCodes.vat21,
    text: "Meter check",
    qty: "1",
    price: "45.50",
  },
  {
    ref: "A",
    customer: DEMO.customers.jansen,
    tax: DEMO.taxCodes.vat9,
    text: "Extra visit",
    qty: "2",
    price: "30",
  },
  {
    ref: "B",
    customer: DEMO.customers.deVries,
    tax: DEMO.taxCodes.vat21,
    text: "Connection fee",
    qty: "1",
    price: "120",
  },
].map((r) => ({ ...r, bankAccount: DEMO.bankAccounts.main }));

const [meterCheck, , connectionFee] = TWO_INVOICES;
// Invoice A: two lines of 3 × 0.335 = 1.005 each. The sheet's sum is 2.01; the service rounds each
// line to the cent first (1.01 + 1.01 = 2.02): a real difference the pane must mark.
const seal = { ...meterCheck!, text: "Seal", qty: "3", price: "0.335" };

/**
 * Four rows making three drafts to review: invoice "A" whose total the service holds
 * differently from the sheet (a mismatch), "B" (De Vries's connection fee, fine) and "C" for Van
 * den Berg, who has no direct-debit mandate (the service refuses to approve it: refused, then
 * failed if approved anyway).
 */
export const DRAFTS_TO_REVIEW: readonly InvoiceRowInput[] = [
  seal,
  seal,
  connectionFee!,
  { ...meterCheck!, ref: "C", customer: DEMO.customers.vandenBerg },
];

/**
 * As a controller starts: **Insert template** (a fresh template sheet), `rows` typed from row 2,
 * and all of them selected by dragging over column B.
 */
export async function templateWithRows(
  preview: PreviewPage,
  rows: readonly InvoiceRowInput[]
): Promise<void> {
  const { pane } = preview;
  await pane.locator("#insert-template").click();
  await pane.locator("#template-note").waitFor({ state: "visible" });
  await typeInvoiceRows(preview, rows);
  await dragSelect(preview, "B2", `B${rows.length + 1}`);
}
