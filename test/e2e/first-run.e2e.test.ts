/**
 * The first run, as a new user does it in the preview with the simulator as the service: every
 * click and key press from the opened preview to an approved invoice number visible in the sheet is
 * counted, and must stay at six or fewer. Then the run's audit trail on the "Billing log" sheet.
 *
 * A fresh `npm start` points the pane at the local simulator (http://localhost:3001); here the
 * simulator runs on a free port, so the same default is stored before the page loads
 * (`presetSimulator`), which costs the user no action either way.
 */
import { DEMO } from "../../simulator";
import { screenshotPath } from "./support/screenshots";
import { previewSuite } from "./support/preview-page";
import { OLDEST_AND_NEWEST } from "./support/hosts";

const MAX_ACTIONS = 6;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Template columns used here (src/excel/template-layout.ts). */
const COL = { customerId: "B", customerName: "C", invoiceId: "V", status: "W", invoiceNum: "X" };

describe.each(OLDEST_AND_NEWEST)("first run in the preview (%s)", (host) => {
  const suite = previewSuite({ presetSimulator: true, host });
  const actions: string[] = [];
  let invoiceId = "";
  let invoiceNum = "";

  /** One user action: a click in the pane, counted. */
  async function click(testId: string): Promise<void> {
    actions.push(`click ${testId}`);
    await suite.preview.pane.locator(`#${testId}`).click();
  }

  it(`gets from the opened preview to an approved number on screen in ${MAX_ACTIONS} actions or fewer`, async () => {
    const { page, pane } = suite.preview;
    const note = pane.locator("#template-note");

    await click("insert-template");
    await note.waitFor({ state: "visible" });
    await click("add-example-row");
    await pane
      .locator("#template-note", { hasText: "Added an example invoice on row 2" })
      .waitFor();
    await click("create");
    await pane.locator("#confirm-yes").waitFor({ state: "visible" });
    await click("confirm-yes");
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });

    // The number is in the sheet, scrolled into view, and it is the service's.
    const numberCell = page.locator(`td[data-cell="${COL.invoiceNum}2"]`);
    await page.locator(`td[data-cell="${COL.status}2"]`, { hasText: "approved" }).waitFor();
    invoiceNum = await suite.preview.cellText(`${COL.invoiceNum}2`);
    invoiceId = await suite.preview.cellText(`${COL.invoiceId}2`);
    expect(invoiceId).toMatch(UUID);
    const stored = suite.env.simulator.store.invoice(invoiceId);
    expect(stored?.status).toBe("approved");
    expect(invoiceNum).toBe(stored?.invoiceNum);
    expect(invoiceNum).not.toBe("");
    const visible = await numberCell.evaluate((td) => {
      const cell = td.getBoundingClientRect();
      const scroller = document.getElementById("grid-scroll")!;
      const view = scroller.getBoundingClientRect();
      // The visible area excludes scroll bars; half a pixel of sub-pixel layout is allowed.
      const right = view.left + scroller.clientWidth + 0.5;
      const bottom = view.top + scroller.clientHeight + 0.5;
      // Not under the sticky column letters and row numbers either.
      const corner = document.querySelector("th.corner")!.getBoundingClientRect();
      const inside =
        cell.left >= view.left + corner.width &&
        cell.right <= right &&
        cell.top >= view.top + corner.height &&
        cell.bottom <= bottom;
      return inside || JSON.stringify({ cell, view, corner });
    });
    expect(visible).toBe(true);

    expect(actions).toEqual([
      "click insert-template",
      "click add-example-row",
      "click create",
      "click confirm-yes",
    ]);
    expect(actions.length).toBeLessThanOrEqual(MAX_ACTIONS);
    await page.screenshot({ path: screenshotPath("run-finished.png") });
  });

  it("bills the service's own first customer, whose name the sheet shows beside the id", async () => {
    await expect(suite.preview.cellText(`${COL.customerId}2`)).resolves.toBe(DEMO.customers.jansen);
    await suite.preview.page
      .locator(`td[data-cell="${COL.customerName}2"]`, { hasText: "Jansen Warmte BV" })
      .waitFor();
    expect(suite.env.simulator.store.invoice(invoiceId)?.customerId).toBe(DEMO.customers.jansen);
  });

  it("logs the run on the Billing log sheet, one filterable table row per invoice", async () => {
    const { page } = suite.preview;
    await page.locator('.sheet-tab[data-sheet="Billing log"]').click();
    const header = ["when", "user", "workbook", "sheet", "rows", "invoiceRef", "invoiceId"];
    for (const [i, name] of header.entries()) {
      const cell = page.locator(`td[data-cell="${String.fromCharCode(65 + i)}1"]`);
      await expect(cell.textContent()).resolves.toBe(name);
      await expect(cell.getAttribute("class")).resolves.toContain("table-header");
    }
    const row = async (letter: string) => suite.preview.cellText(`${letter}2`);
    expect(await row("A")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await row("B")).toBe("");
    expect(await row("C")).toBe("Preview.xlsx");
    expect(await row("D")).toBe("Invoices");
    expect(await row("E")).toBe("2");
    expect(await row("G")).toBe(invoiceId);
    expect(await row("H")).toBe(suite.env.simulator.store.invoice(invoiceId)?.externalReference);
    expect(await row("I")).toBe("approved");
    expect(await row("J")).toBe(invoiceNum);
    await expect(page.locator('td[data-cell="A3"]').textContent()).resolves.toBe("");
    await page.screenshot({ path: screenshotPath("log-sheet.png") });

    // Filterable as an Excel table: the status column's filter button lists its values.
    await page.locator('[data-testid="filter-button"][data-column="status"]').click();
    const options = page.getByTestId("filter-list").getByRole("option");
    await expect(options.allTextContents()).resolves.toEqual(["(Select all)", "approved"]);
    await options.nth(1).click();
    await expect(
      page.locator('[data-testid="filter-button"][data-column="status"]').getAttribute("class")
    ).resolves.toContain("filtered");
    await expect(row("I")).resolves.toBe("approved");
  });
});
