/**
 * A Dutch workbook: the preview's Excel reports nl-NL's separators
 * (`preview.html?culture=nl-NL`, application.cultureInfo), so a quantity typed as the text "12,50"
 * passes Check and the invoice the service creates carries 12.5. (The refusals — "12.50", "1,250"
 * in a Dutch workbook — are in test/unit/invoices/plan-culture.test.ts.)
 */
import { DEMO } from "../../simulator";
import { previewSuite } from "./support/preview-page";
import { COL, dragSelect, typeInvoiceRows } from "./support/invoice-rows";

const ROW = {
  ref: "A",
  customer: DEMO.customers.jansen,
  bankAccount: DEMO.bankAccounts.main,
  tax: DEMO.taxCodes.vat21,
  text: "Meter check",
  qty: "12,50",
  price: "4,10",
};

describe("a Dutch workbook", () => {
  const suite = previewSuite({ presetSimulator: true, culture: "nl-NL" });

  it('reads the text "12,50" as 12.5 at Check, and the created invoice carries 12.5', async () => {
    const { pane } = suite.preview;
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await typeInvoiceRows(suite.preview, [ROW]);
    // The cells hold text, as typed: the add-in reads it with the workbook's separators.
    const held = await suite.preview.page.evaluate(
      (key) => {
        type Model = { sheets: { name: string; cells: Map<string, { value: unknown }> }[] };
        const m = (window as unknown as { billingPreview: { model: Model } }).billingPreview.model;
        return m.sheets.find((s) => s.name === "Invoices")?.cells.get(key)?.value;
      },
      `1,${COL.quantity.charCodeAt(0) - 65}`
    );
    expect(held).toBe("12,50");

    await dragSelect(suite.preview, "B2", "B2");
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text").waitFor({ state: "visible" });
    await expect(pane.locator("#check-error").isVisible()).resolves.toBe(false);
    await expect(pane.locator("#check-summary-text").textContent()).resolves.toMatch(/1 invoice/);

    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
    const invoiceId = await suite.preview.cellText(`${COL.invoiceId}2`);
    const stored = suite.env.simulator.store.invoice(invoiceId);
    expect(stored?.lines[0]).toMatchObject({ quantity: 12.5, unitPrice: 4.1 });
  });
});
