/**
 * Typing invoice rows into the template sheet of the preview, as a controller does (the columns of
 * src/excel/template-layout.ts), and selecting them.
 */
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
  /** What send and credit write (issue 21), after the result columns. */
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
