/**
 * Each run tells its own story, and Check checks with the service, as a
 * controller sees it in the preview: a re-run that changed nothing says so, a cancel says what the
 * service finishes on its own, the Billing log after three runs holds one row per change, and
 * Check refuses an unknown customerId, scrolls to it, and its problem in the pane selects the cell.
 */
import { DEMO } from "../../simulator";
import { LOG_COLUMNS } from "../../src/excel/run-log-rows";
import { columnLetter } from "../../src/invoices/columns";
import { previewSuite, type PreviewPage } from "./support/preview-page";
import { COL, dragSelect, typeInvoiceRows } from "./support/invoice-rows";
import type { InvoiceRowInput } from "./support/invoice-rows";
import { screenshotPath } from "./support/screenshots";

const UNKNOWN_CUSTOMER = "0badc0de-0000-4000-8000-000000000001";

const row = (ref: string, extra: Partial<InvoiceRowInput> = {}): InvoiceRowInput => ({
  ref,
  customer: DEMO.customers.jansen,
  bankAccount: DEMO.bankAccounts.main,
  tax: DEMO.taxCodes.vat21,
  text: `Meter check ${ref}`,
  qty: "1",
  price: "45.50",
  ...extra,
});

/** Types `rows` from worksheet row `first` down (the template's columns). */
async function typeRowsAt(
  preview: PreviewPage,
  first: number,
  rows: readonly InvoiceRowInput[]
): Promise<void> {
  for (const [i, r] of rows.entries()) {
    const at = first + i;
    await preview.typeInto(`${COL.invoiceRef}${at}`, r.ref);
    await preview.typeInto(`${COL.customerId}${at}`, r.customer);
    await preview.typeInto(`${COL.companyBankAccountId}${at}`, r.bankAccount);
    await preview.typeInto(`${COL.taxCodeId}${at}`, r.tax);
    await preview.typeInto(`${COL.description}${at}`, r.text);
    await preview.typeInto(`${COL.quantity}${at}`, r.qty);
    await preview.typeInto(`${COL.unitPrice}${at}`, r.price);
  }
}

/** Puts `value` into a cell as a paste does: past the list's stop alert (Excel checks no paste). */
async function paste(preview: PreviewPage, address: string, value: string): Promise<void> {
  await preview.page.evaluate(
    ([at, text]) => {
      type Model = {
        activeSheet: unknown;
        writeInput(sheet: unknown, row: number, col: number, input: string): void;
        changed(): void;
      };
      const model = (window as unknown as { billingPreview: { model: Model } }).billingPreview
        .model;
      const m = /^([A-Z]+)(\d+)$/.exec(at)!;
      const col = [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      model.writeInput(model.activeSheet, Number(m[2]) - 1, col, text);
      model.changed();
    },
    [address, value] as const
  );
}

/** Waits until the preview's address box shows `address` (the pane selects through Excel.run). */
async function waitForSelection(preview: PreviewPage, address: string): Promise<void> {
  await preview.page.waitForFunction(
    (want) =>
      (document.querySelector('[data-testid="address-box"]') as HTMLInputElement | null)?.value ===
      want,
    address
  );
}

/** The Billing log's column letter of `name`. */
const logCol = (name: (typeof LOG_COLUMNS)[number]) => columnLetter(LOG_COLUMNS.indexOf(name));

describe("what each run did, in the preview", () => {
  const suite = previewSuite();

  beforeAll(async () => {
    await suite.preview.pane.locator("#insert-template").click();
    await suite.preview.pane.locator("#template-note").waitFor({ state: "visible" });
  });

  /** Create and approve on the selection; the confirmation's text and the summary's. */
  async function createAndApprove(): Promise<{ confirm: string; summary: string }> {
    const { pane } = suite.preview;
    await pane.locator("#create").click();
    await pane.locator("#confirm").waitFor({ state: "visible" });
    const confirm = (await pane.locator("#confirm-text").textContent()) ?? "";
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
    return { confirm, summary: (await pane.locator("#summary-text").textContent()) ?? "" };
  }

  it("says what the first run did, and that a re-run of the finished rows changed nothing", async () => {
    const { page, pane } = suite.preview;
    await typeInvoiceRows(suite.preview, [row("A"), row("A"), row("B")]);
    await dragSelect(suite.preview, "B2", "B4");
    const first = await createAndApprove();
    expect(first.confirm).toBe("Create and approve: 2 to create.");
    expect(first.summary).toBe(
      `2 invoices approved by this run (numbers in column ${COL.invoiceNum}).`
    );

    await dragSelect(suite.preview, "B2", "B4");
    const again = await createAndApprove();
    expect(again.confirm).toBe(
      "Nothing to create or continue: all 2 invoices were approved earlier and will be left alone. Run anyway?"
    );
    expect(again.summary).toBe(
      "Nothing changed: all 2 invoices were approved earlier and are left alone."
    );
    await expect(pane.getByTestId("summary").getAttribute("data-tone")).resolves.toBe("success");
    await expect(pane.getByTestId("invoice-result-0").textContent()).resolves.toContain(
      "approved earlier"
    );
    await page.locator("#taskpane").screenshot({ path: screenshotPath("pane-rerun.png") });
  });

  it("after a third run with one new invoice, the Billing log holds one row per change", async () => {
    const { page } = suite.preview;
    await typeRowsAt(suite.preview, 5, [row("C")]);
    await dragSelect(suite.preview, "B2", "B5");
    const third = await createAndApprove();
    expect(third.confirm).toBe("Create and approve: 1 to create, 2 already approved: left alone.");
    expect(third.summary).toBe(
      `1 invoice approved by this run (numbers in column ${COL.invoiceNum}), 2 approved earlier: left alone.`
    );

    await page.locator(".sheet-tab", { hasText: "Billing log" }).click();
    const cell = (address: string) => suite.preview.cellText(address);
    // Run 1 created and approved A and B; run 2 changed nothing; run 3 created and approved C.
    const refs = [await cell(`${logCol("invoiceRef")}2`), await cell(`${logCol("invoiceRef")}3`)];
    expect(refs.sort()).toEqual(["A", "B"]);
    await expect(cell(`${logCol("invoiceRef")}4`)).resolves.toBe("C");
    await expect(cell(`${logCol("invoiceRef")}5`)).resolves.toBe("");
    const runs = [2, 3, 4].map((r) => cell(`${logCol("run")}${r}`));
    const [run1a, run1b, run3] = await Promise.all(runs);
    expect(run1a).toMatch(/^run-/);
    expect(run1b).toBe(run1a);
    expect(run3).not.toBe(run1a);
    for (const r of [2, 3, 4]) {
      await expect(cell(`${logCol("status")}${r}`)).resolves.toBe("approved");
      await expect(cell(`${logCol("change")}${r}`)).resolves.toBe(
        "created, sent for approval, approved"
      );
      const id = await cell(`${logCol("invoiceId")}${r}`);
      const num = await cell(`${logCol("invoiceNum")}${r}`);
      expect(suite.env.simulator.store.invoice(id)?.invoiceNum).toBe(num);
    }
    await page.screenshot({ path: screenshotPath("billing-log.png") });
    await page.locator(".sheet-tab", { hasText: "Invoices" }).click();
  });

  it("after Cancel says which invoices the service goes on approving", async () => {
    const { page, pane } = suite.preview;
    suite.env.simulator.setOptions({ approvalDelayMs: 4000, numberDelayMs: 200 });
    try {
      await typeRowsAt(suite.preview, 6, [row("D"), row("E"), row("F")]);
      await dragSelect(suite.preview, "B2", "B8");
      await pane.locator("#create").click();
      await pane.locator("#confirm-yes").click();
      await pane.locator("#progress-text", { hasText: "approving" }).waitFor();
      await pane.locator("#cancel").click();
      await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
      const text = (await pane.locator("#summary-text").textContent()) ?? "";
      expect(text).toMatch(/^Cancelled\. /);
      expect(text).toMatch(/3 approved earlier: left alone\.$/);
      expect(text).not.toMatch(/approved by this run/);
      const details = await pane.locator("#summary-details li").allTextContents();
      const handed = details.find((d) => /already sent for approval/.test(d));
      expect(handed).toMatch(
        /^\d+ invoices? (was|were) already sent for approval and will be approved by the service; run again to pick up (its|their) numbers\.$/
      );
      // What the summary claims is what the service holds: that many are approving there.
      const n = Number(handed!.split(" ")[0]);
      const approving = suite.env.simulator.store
        .allInvoices()
        .filter((i) => i.status === "approvalinprogress").length;
      expect(approving).toBe(n);
      await page.locator("#taskpane").screenshot({ path: screenshotPath("pane-cancelled.png") });
    } finally {
      suite.env.simulator.setOptions({ approvalDelayMs: 300, numberDelayMs: 200 });
    }
  });

  it("Check refuses an unknown customerId, moves to its cell, and the problem links to it", async () => {
    const { page, pane } = suite.preview;
    const selected = (address: string) => waitForSelection(suite.preview, address);
    // Invoice G: its customer given once, on row 10 — pasted (the list refuses an unknown id
    // typed), and unknown to the service; row 9 is a sound line of the same invoice.
    await typeRowsAt(suite.preview, 9, [row("G", { customer: "" }), row("G", { customer: "" })]);
    await paste(suite.preview, `${COL.customerId}10`, UNKNOWN_CUSTOMER);
    await expect(suite.preview.cellText(`${COL.customerId}10`)).resolves.toBe(UNKNOWN_CUSTOMER);
    await dragSelect(suite.preview, "B9", "B10");
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text").waitFor({ state: "visible" });
    await expect(pane.locator("#check-summary-text").textContent()).resolves.toBe(
      "2 rows: 0 invoices ready (0 lines), 1 invoice with problems (2 rows; problems in 1)"
    );
    const link = pane.locator("#check-problems button").first();
    await expect(link.textContent()).resolves.toMatch(
      new RegExp(
        `^Row 10: customerId ${UNKNOWN_CUSTOMER} in ${COL.customerId}10 is not known to the billing service`
      )
    );
    // The sheet moved to the first problem: its cell is selected.
    await selected(`${COL.customerId}10`);
    // Both rows of the invoice are marked at Check, not only after a run.
    await expect(suite.preview.cellText(`${COL.status}10`)).resolves.toBe("invalid");
    await expect(suite.preview.cellText(`${COL.status}9`)).resolves.toBe("invalid");
    await expect(suite.preview.cellText(`${COL.message}9`)).resolves.toBe(
      'Not sent: row 10 of invoice "G" has a problem.'
    );
    await page
      .locator("#taskpane")
      .screenshot({ path: screenshotPath("pane-check-unknown-id.png") });

    // Elsewhere in the sheet, a click on the problem (and Enter on it) selects its cell again.
    await page.locator('td[data-cell="A2"]').click();
    await selected("A2");
    await link.click();
    await selected(`${COL.customerId}10`);
    await page.locator('td[data-cell="A2"]').click();
    await selected("A2");
    await link.focus();
    await link.press("Enter");
    await selected(`${COL.customerId}10`);
    await page.screenshot({ path: screenshotPath("check-unknown-id.png") });

    // Fixed, and checked again: both rows are cleared.
    await suite.preview.typeInto(`${COL.customerId}10`, DEMO.customers.jansen);
    await dragSelect(suite.preview, "B9", "B10");
    await pane.locator("#check").click();
    await pane
      .locator("#check-summary-text", { hasText: "2 rows: 1 invoice ready (2 lines)" })
      .waitFor();
    await expect(suite.preview.cellText(`${COL.status}10`)).resolves.toBe("");
    await expect(suite.preview.cellText(`${COL.status}9`)).resolves.toBe("");
    await expect(pane.locator("#check-problems button").count()).resolves.toBe(0);
  });
});
