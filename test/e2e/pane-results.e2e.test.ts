/**
 * After a run the pane lists each invoice — reference, customer name, amount, status, number — as
 * the service holds it, and clicking a line selects that invoice's rows in the sheet. Saves
 * pane-results.png.
 */
import { DEMO, customerDisplayName } from "../../simulator";
import { COL, TWO_INVOICES, templateWithRows } from "./support/invoice-rows";
import { previewSuite } from "./support/preview-page";
import { screenshotPath } from "./support/screenshots";
import { OLDEST_AND_NEWEST } from "./support/hosts";

// The shared two invoices with other amounts, whose cents the list must show exactly: A's second
// line 2 × 30.10 (A = 105.70 excl. VAT), B 3 × 0.10 (0.30; in floating point 0.30000000000000004).
const [meterCheck, extraVisit, connectionFee] = TWO_INVOICES;
const ROWS = [
  meterCheck!,
  { ...extraVisit!, price: "30.10" },
  { ...connectionFee!, qty: "3", price: "0.10" },
];

describe.each(OLDEST_AND_NEWEST)("the pane's result list after a run (%s)", (host) => {
  const suite = previewSuite({ presetSimulator: true, host });

  beforeAll(async () => {
    const { pane } = suite.preview;
    await templateWithRows(suite.preview, ROWS);
    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
  });

  const customerName = (id: string) => {
    const found = suite.env.simulator.store.dataset.customers.find((c) => c.id === id);
    return found && customerDisplayName(found);
  };

  it("lists each invoice with its ref, customer name, amount, status and the service's number", async () => {
    const { pane } = suite.preview;
    const items = pane.locator("#invoice-results button");
    // Names arrive after one customer lookup; wait for them.
    await pane
      .locator("#invoice-results .invoice-customer", {
        hasText: customerName(DEMO.customers.jansen)!,
      })
      .waitFor();
    await expect(items.count()).resolves.toBe(2);
    const shown = [];
    for (let i = 0; i < 2; i++) {
      const item = items.nth(i);
      shown.push({
        ref: await item.locator(".invoice-ref").textContent(),
        customer: await item.locator(".invoice-customer").textContent(),
        amount: await item.locator(".invoice-amount").textContent(),
        state: await item.locator(".invoice-state").textContent(),
        rows: await item.getAttribute("data-rows"),
      });
    }
    const numberOfRow = async (row: number) => {
      const id = await suite.preview.cellText(`${COL.invoiceId}${row}`);
      const stored = suite.env.simulator.store.invoice(id);
      expect(stored?.status).toBe("approved");
      return stored?.invoiceNum;
    };
    expect(shown).toEqual([
      {
        ref: "A",
        customer: customerName(DEMO.customers.jansen),
        amount: "105.70 excl. VAT",
        state: `approved · ${await numberOfRow(2)}`,
        rows: "2,3",
      },
      {
        ref: "B",
        customer: customerName(DEMO.customers.deVries),
        amount: "0.30 excl. VAT",
        state: `approved · ${await numberOfRow(4)}`,
        rows: "4",
      },
    ]);
    await suite.preview.page
      .locator("#taskpane")
      .screenshot({ path: screenshotPath("pane-results.png") });
  });

  /** Waits until the preview's address box shows `address` (the selection is written async). */
  async function selectionBecomes(address: string): Promise<void> {
    await suite.preview.page.waitForFunction(
      (want) =>
        (document.querySelector('[data-testid="address-box"]') as HTMLInputElement).value === want,
      address
    );
  }

  it("selects an invoice's rows in the sheet when its line is clicked", async () => {
    const { page, pane } = suite.preview;
    await page.locator('td[data-cell="A10"]').click();
    await selectionBecomes("A10");
    await pane.locator('[data-testid="invoice-result-0"]').click();
    // The invoice's rows across the width of the template's header row.
    await selectionBecomes(`A2:${COL.creditNoteId}3`);
    await pane.locator('[data-testid="invoice-result-1"]').press("Enter");
    await selectionBecomes(`A4:${COL.creditNoteId}4`);
    await expect(page.locator(".sheet-tab.active").textContent()).resolves.toBe("Invoices");
    await expect(pane.locator("#select-rows-error").isVisible()).resolves.toBe(false);
  });

  it("shows the finished run's summary green only when every invoice is approved", async () => {
    const { pane } = suite.preview;
    await expect(pane.locator("#summary").getAttribute("class")).resolves.toBe("result ok");
  });
});
