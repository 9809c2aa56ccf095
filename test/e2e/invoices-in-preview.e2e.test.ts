/**
 * The invoice journey in the preview, as a controller does it: connect to the service (Connection
 * tab), insert the template, type rows, select them, Check, Create and approve, and see the invoice
 * numbers written back into the sheet. Screenshots of the preview and the task pane are saved.
 */
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";
import { COL, TWO_INVOICES, dragSelect, typeInvoiceRows } from "./support/invoice-rows";
import { screenshotPath } from "./support/screenshots";
import { OLDEST_AND_NEWEST } from "./support/hosts";
import { profileById } from "../../preview/hosts/profiles";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ROWS = TWO_INVOICES;

describe.each(OLDEST_AND_NEWEST)("invoices in the preview (%s)", (host) => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { host });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("is labelled as a development and demo tool, not Excel", async () => {
    await expect(preview.page.getByTestId("preview-label").textContent()).resolves.toBe(
      "Preview — development and demo tool, not Excel"
    );
    // The header names the Excel the preview answers as (preview.html?host=…).
    await expect(preview.page.getByTestId("host-profile").textContent()).resolves.toBe(
      `Host: ${profileById(host).name}`
    );
    await expect(preview.page.getByTestId("host-profile").getAttribute("data-host")).resolves.toBe(
      host
    );
  });

  it("connects to the simulator through the Connection tab", async () => {
    const { pane } = preview;
    await pane.locator("#tab-connection").click();
    const baseUrl = pane.locator("#base-url input");
    await baseUrl.fill(env.simulator.url);
    await pane.locator("#save-settings").click();
    await expect(pane.locator("#save-status").textContent()).resolves.toContain("Saved");
    await pane
      .locator("#connection-status", { hasText: `Connected: ${env.simulator.url}` })
      .waitFor();
  });

  it("inserts the template as a table on a new sheet", async () => {
    const { page, pane } = preview;
    await pane.locator("#tab-invoices").click();
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await expect(page.locator(".sheet-tab.active").textContent()).resolves.toBe("Invoices");
    await expect(preview.cellText("B1")).resolves.toBe("customerId");
    await expect(page.locator('td[data-cell="A1"]').getAttribute("class")).resolves.toContain(
      "table-header"
    );
    await expect(preview.cellText(`${COL.invoiceNum}1`)).resolves.toBe("invoiceNum");
  });

  it("checks, creates and approves typed rows and writes the invoice numbers back", async () => {
    const { page, pane } = preview;
    await typeInvoiceRows(preview, ROWS);
    await expect(preview.cellText(`${COL.unitPrice}2`)).resolves.toBe("45.50");
    // Typing under the table grew it, as Excel does.
    await expect(page.locator('td[data-cell="B4"]').getAttribute("class")).resolves.toContain(
      "table-body"
    );

    // Select the rows by dragging over column B.
    await dragSelect(preview, "B2", "B4");
    await expect(page.getByTestId("address-box").inputValue()).resolves.toBe("B2:B4");

    await pane.locator("#check").click();
    const checkSummary = pane.locator("#check-summary-text");
    await checkSummary.waitFor({ state: "visible" });
    await expect(pane.locator("#check-error").isVisible()).resolves.toBe(false);
    expect(await checkSummary.textContent()).toMatch(/2 invoices/);

    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });

    const written: { invoiceId: string; invoiceNum: string }[] = [];
    for (const r of [2, 3, 4]) {
      await expect(preview.cellText(`${COL.status}${r}`)).resolves.toBe("approved");
      const invoiceId = await preview.cellText(`${COL.invoiceId}${r}`);
      const invoiceNum = await preview.cellText(`${COL.invoiceNum}${r}`);
      expect(invoiceId).toMatch(UUID);
      written.push({ invoiceId, invoiceNum });
    }
    // Rows of invoice "A" share one invoice; each number is the one the service assigned.
    expect(written[0].invoiceId).toBe(written[1].invoiceId);
    expect(written[2].invoiceId).not.toBe(written[0].invoiceId);
    for (const { invoiceId, invoiceNum } of written) {
      const stored = env.simulator.store.invoice(invoiceId);
      expect(stored?.status).toBe("approved");
      expect(invoiceNum).toBe(stored?.invoiceNum);
    }
    expect(env.simulator.store.invoice(written[0].invoiceId)?.lines).toHaveLength(2);

    // Show the written-back columns next to the ids for the screenshot.
    await page.locator(`td[data-cell="${COL.invoiceNum}2"]`).click();
    await page.screenshot({ path: screenshotPath("preview.png") });
    await page.locator("#taskpane").screenshot({ path: screenshotPath("taskpane.png") });
  });
});
