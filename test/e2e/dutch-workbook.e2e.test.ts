/**
 * A Dutch workbook: the preview's Excel reports nl-NL's separators
 * (`preview.html?culture=nl-NL`, application.cultureInfo), so a quantity typed as the text "12,50"
 * passes Check and the invoice the service creates carries 12.5. (The refusals — "12.50", "1,250"
 * in a Dutch workbook — are in test/unit/invoices/plan-culture.test.ts.)
 */
import { DEMO } from "../../simulator";
import { startEnvironment, type E2eEnvironment } from "./support/e2e-env";
import { openPreview, type PreviewPage } from "./support/preview-page";
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
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { presetSimulator: true, culture: "nl-NL" });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('reads the text "12,50" as 12.5 at Check, and the created invoice carries 12.5', async () => {
    const { pane } = preview;
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await typeInvoiceRows(preview, [ROW]);
    // The cells hold text, as typed: the add-in reads it with the workbook's separators.
    const held = await preview.page.evaluate(
      (key) => {
        type Model = { sheets: { name: string; cells: Map<string, { value: unknown }> }[] };
        const m = (window as unknown as { billingPreview: { model: Model } }).billingPreview.model;
        return m.sheets.find((s) => s.name === "Invoices")?.cells.get(key)?.value;
      },
      `1,${COL.quantity.charCodeAt(0) - 65}`
    );
    expect(held).toBe("12,50");

    await dragSelect(preview, "B2", "B2");
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text").waitFor({ state: "visible" });
    await expect(pane.locator("#check-error").isVisible()).resolves.toBe(false);
    await expect(pane.locator("#check-summary-text").textContent()).resolves.toMatch(/1 invoice/);

    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
    const invoiceId = await preview.cellText(`${COL.invoiceId}2`);
    const stored = env.simulator.store.invoice(invoiceId);
    expect(stored?.lines[0]).toMatchObject({ quantity: 12.5, unitPrice: 4.1 });
  });
});
