/**
 * Selecting rows in the preview as in Excel: Shift+click on the row numbers selects every
 * row between, and an invoice run over that selection creates every invoice, not only the last
 * row's; Shift+arrow extends a selection of cells or of whole rows; a click selects the cell under
 * the pointer, also where another cell's long text overflows.
 */
import { DEMO } from "../../simulator";
import { COL } from "./support/invoice-rows";
import { previewSuite } from "./support/preview-page";
import { screenshotPath } from "./support/screenshots";

/** Eighteen one-line invoices, as in the report (one invoice created instead of eighteen). */
const COUNT = 18;
const FIRST_ROW = 2;
const LAST_ROW = FIRST_ROW + COUNT - 1;

describe("selecting ranges of rows in the preview", () => {
  const suite = previewSuite();

  /** Pastes one value a row into `column` from `FIRST_ROW` down, as Ctrl+V from another sheet does. */
  async function pasteColumn(column: string, values: readonly string[]): Promise<void> {
    const { page } = suite.preview;
    await page.locator(`td[data-cell="${column}${FIRST_ROW}"]`).click();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      const grid = document.getElementById("grid")!;
      grid.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
    }, values.join("\n"));
  }

  const address = () => suite.preview.page.getByTestId("address-box").inputValue();
  const rowNumber = (row: number) =>
    suite.preview.page.locator(`th.row-header[data-row="${row - 1}"]`);

  it("selects the rows between with Shift+click on the row numbers, and the run creates every invoice", async () => {
    const { page, pane } = suite.preview;
    await pane.locator("#tab-invoices").click();
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    const refs = Array.from({ length: COUNT }, (_, i) => `SHIFT-${String(i + 1).padStart(2, "0")}`);
    // Every demo customer but Van den Berg, whose direct debit has no mandate: the service refuses
    // to approve its invoices (a demo case for the approval verdict).
    const customers = Object.values(DEMO.customers).filter((c) => c !== DEMO.customers.vandenBerg);
    await pasteColumn(COL.invoiceRef, refs);
    await pasteColumn(
      COL.customerId,
      refs.map((_, i) => customers[i % customers.length])
    );
    await pasteColumn(
      COL.companyBankAccountId,
      refs.map(() => DEMO.bankAccounts.main)
    );
    await pasteColumn(
      COL.taxCodeId,
      refs.map(() => DEMO.taxCodes.vat21)
    );
    await pasteColumn(
      COL.description,
      refs.map((ref) => `Meter check ${ref}`)
    );
    await pasteColumn(
      COL.quantity,
      refs.map(() => "1")
    );
    await pasteColumn(
      COL.unitPrice,
      refs.map((_, i) => `${40 + i}.50`)
    );
    await expect(suite.preview.cellText(`${COL.invoiceRef}${LAST_ROW}`)).resolves.toBe("SHIFT-18");

    await rowNumber(FIRST_ROW).click();
    await rowNumber(LAST_ROW).click({ modifiers: ["Shift"] });
    await expect(address()).resolves.toBe(`${FIRST_ROW}:${LAST_ROW}`);
    await expect(page.locator("th.row-header.hl").count()).resolves.toBe(COUNT);
    await page.screenshot({ path: screenshotPath("preview-shift-click-rows.png") });

    await pane.locator("#check").click();
    const checkSummary = pane.locator("#check-summary-text");
    await checkSummary.waitFor({ state: "visible" });
    expect(await checkSummary.textContent()).toMatch(/18 invoices/);
    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 90_000 });

    const ids = new Set<string>();
    for (let r = FIRST_ROW; r <= LAST_ROW; r++) {
      await expect(suite.preview.cellText(`${COL.status}${r}`)).resolves.toBe("approved");
      const invoiceId = await suite.preview.cellText(`${COL.invoiceId}${r}`);
      const stored = suite.env.simulator.store.invoice(invoiceId);
      expect(stored?.status).toBe("approved");
      expect(await suite.preview.cellText(`${COL.invoiceNum}${r}`)).toBe(stored?.invoiceNum);
      ids.add(invoiceId);
    }
    expect(ids.size).toBe(COUNT);
    // The service holds exactly these eighteen: nothing missing, nothing twice.
    const atService = suite.env.simulator.store.allInvoices();
    expect(atService).toHaveLength(COUNT);
    expect(new Set(atService.map((invoice) => invoice.id))).toEqual(ids);
  });

  it("extends a selection with Shift+arrow: whole rows from the row numbers, cells from a cell", async () => {
    const { page } = suite.preview;
    await rowNumber(3).click();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowDown");
    await expect(address()).resolves.toBe("3:6");
    await page.keyboard.press("Shift+ArrowUp");
    await expect(address()).resolves.toBe("3:5");

    await page.locator('td[data-cell="B4"]').click();
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowRight");
    await expect(address()).resolves.toBe("B4:C6");
    // Shift+click on a row number from there: whole rows from the active cell's row.
    await rowNumber(9).click({ modifiers: ["Shift"] });
    await expect(address()).resolves.toBe("4:9");
    await page.screenshot({ path: screenshotPath("preview-shift-arrow-rows.png") });
  });

  it("selects the cell under the pointer beside a long id, not the one whose text overflows there", async () => {
    const { page } = suite.preview;
    // A sheet of its own: the active cell's long text runs on over its neighbours.
    await page.evaluate((text) => {
      const { model } = (window as unknown as { billingPreview: { model: any } }).billingPreview;
      const sheet = model.addSheet();
      model.activate(sheet);
      model.writeInput(sheet, 0, 0, text);
    }, "3f2504e0-4f89-11d3-9a0c-0305e82c3301-and-a-long-reference-text");
    for (const next of ["B1", "C1"]) {
      await page.locator('td[data-cell="A1"]').click();
      await expect(address()).resolves.toBe("A1");
      const box = (await page.locator(`td[data-cell="${next}"]`).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(address()).resolves.toBe(next);
    }
  });
});
