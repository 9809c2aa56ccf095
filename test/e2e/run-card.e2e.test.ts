/**
 * The one run card in Chromium, as a controller sees it: after Create drafts one
 * instruction (review the drafts below), Approve N drafts asks first, Approve only valid approves
 * just the drafts the service accepts (the refused one stays a draft with its reason), Discard
 * deletes the ticked draft after a confirmation (never an approved invoice), Check warns of likely
 * duplicates, and the rows checked stay the rows Create acts on although Check selected a problem
 * cell. Every claim is checked against the simulator's store and the sheet.
 */
import { DEMO } from "../../simulator";
import { previewSuite } from "./support/preview-page";
import { COL, templateWithRows } from "./support/invoice-rows";
import { until } from "../support/until";

/** How long and how often the page is looked at. */
const IN_THE_PAGE = { timeoutMs: 60_000, everyMs: 100 };

const bank = DEMO.bankAccounts.main;
const row = (ref: string, customer: string, text: string, price: string) => ({
  ref,
  customer,
  text,
  price,
  qty: "1",
  bankAccount: bank,
  tax: DEMO.taxCodes.vat21,
});

describe("the one run card", () => {
  const suite = previewSuite();

  const store = () => suite.env.simulator.store;

  /** A fresh template sheet with `rows` from row 2, all selected. */
  const sheetWith = (rows: ReturnType<typeof row>[]) => templateWithRows(suite.preview, rows);

  /** Waits until the run and what follows it (rows, Billing log, list) are written. */
  async function settled(): Promise<void> {
    await suite.preview.pane.locator('#run-card[data-run="settled"]').waitFor({ timeout: 60_000 });
  }

  it("after Create drafts gives one instruction, asks before approving, and approves only what the service accepts", async () => {
    const { pane } = suite.preview;
    await sheetWith([
      row("A", DEMO.customers.jansen, "Meter exchange", "100"),
      row("B", DEMO.customers.deVries, "Connection fee", "120"),
      row("C", DEMO.customers.vandenBerg, "Meter check", "45.50"),
    ]);
    await pane.locator("#create-drafts").click();
    await pane.locator("#drafts-block").waitFor({ state: "visible", timeout: 60_000 });
    await pane.locator("#drafts-status", { hasText: /refuse 1 of 3/ }).waitFor();
    const ids = [2, 3, 4].map((r) => suite.preview.cellText(`${COL.invoiceId}${r}`));
    const [a, b, c] = await Promise.all(ids);
    // One instruction at a time: the summary points at the drafts below, not "run again".
    const summary = (await pane.locator("#summary").textContent()) ?? "";
    expect(summary).toMatch(/drafts/);
    expect(summary).not.toMatch(/run again/i);
    await expect(pane.locator("#summary").getAttribute("data-tone")).resolves.not.toBe("error");

    // Approve 3 drafts asks first, naming them; Not now approves nothing.
    await pane.locator("#approve-drafts").click();
    await pane.locator("#confirm").waitFor({ state: "visible" });
    await expect(pane.locator("#confirm-text").textContent()).resolves.toBe("Approve 3 drafts?");
    await expect(pane.locator("#confirm-invoices li").count()).resolves.toBe(3);
    await pane.locator("#confirm-no").click();
    await pane.locator("#confirm").waitFor({ state: "hidden" });
    for (const id of [a, b, c]) expect(store().invoice(id)?.status).toBe("created");

    // Approve only valid: the two the service accepts; Van den Berg stays a draft, with its reason.
    const valid = pane.locator("#approve-valid");
    await expect(valid.textContent()).resolves.toMatch(/Approve only the 2 valid/);
    await valid.click();
    await expect(pane.locator("#confirm-text").textContent()).resolves.toBe(
      "Approve the 2 drafts the service would approve?"
    );
    await expect(pane.locator("#confirm-details").textContent()).resolves.toMatch(
      /C stays a draft: .*mandate/i
    );
    await pane.locator("#confirm-yes").click();
    await settled();
    expect(store().invoice(a)?.status).toBe("approved");
    expect(store().invoice(b)?.status).toBe("approved");
    expect(store().invoice(c)?.status).toBe("created");
    await until(
      async () => (await suite.preview.cellText(`${COL.status}3`)) === "approved",
      IN_THE_PAGE
    );
    // Progress counts this run's two invoices, both done (not "1 of 1").
    await expect(pane.locator("#progress-text").textContent()).resolves.toMatch(/^2 of 2 done/);
    await expect(suite.preview.cellText(`${COL.invoiceNum}2`)).resolves.toBe(
      store().invoice(a)?.invoiceNum ?? "?"
    );
  });

  it("discards the ticked draft after a confirmation, and clears its row", async () => {
    const { pane } = suite.preview;
    await sheetWith([
      row("D", DEMO.customers.jansen, "Seal", "10"),
      row("E", DEMO.customers.mulder, "Typed by mistake", "99"),
    ]);
    await pane.locator("#create-drafts").click();
    await pane.locator("#drafts-block").waitFor({ state: "visible", timeout: 60_000 });
    const d = await suite.preview.cellText(`${COL.invoiceId}2`);
    const e = await suite.preview.cellText(`${COL.invoiceId}3`);
    // Nothing ticked: nothing to discard.
    await expect(pane.locator("#discard-drafts").getAttribute("aria-disabled")).resolves.toBe(
      "true"
    );
    await pane.locator('[data-testid="draft-tick-1"]').check();
    const discard = pane.locator("#discard-drafts");
    await expect(discard.textContent()).resolves.toMatch(/Discard 1 draft/);
    await discard.click();
    await pane.locator("#confirm").waitFor({ state: "visible" });
    await expect(pane.locator("#confirm-text").textContent()).resolves.toBe("Discard 1 draft?");
    await expect(pane.locator("#confirm-invoices").textContent()).resolves.toMatch(/^E — /);
    // Nothing is deleted before the controller says yes.
    expect(store().invoice(e)?.status).toBe("created");
    await pane.locator("#confirm-yes").click();
    await settled();
    expect(store().invoice(e)).toBeUndefined();
    expect(store().invoice(d)?.status).toBe("created");
    await until(
      async () => (await suite.preview.cellText(`${COL.status}3`)) === "discarded",
      IN_THE_PAGE
    );
    await expect(suite.preview.cellText(`${COL.invoiceId}3`)).resolves.toBe("");
    await expect(suite.preview.cellText(`${COL.invoiceId}2`)).resolves.toBe(d);
    await expect(pane.locator("#summary-text").textContent()).resolves.toMatch(/1 draft discarded/);
    // The draft that remains is listed again, with the way on its row names (approve it in the pane).
    await pane.locator("#drafts-block").waitFor({ state: "visible" });
    await expect(pane.locator("#drafts-list .draft-item").count()).resolves.toBe(1);
    await expect(
      pane.locator("#drafts-list .draft-item").first().getAttribute("data-invoice-id")
    ).resolves.toBe(d);
    await expect(pane.locator("#approve-drafts").textContent()).resolves.toMatch(/Approve 1 draft/);
  });

  it("warns of likely duplicates at Check, and Create acts on the rows checked, not on the problem cell Check selected", async () => {
    const { pane } = suite.preview;
    await sheetWith([
      row("F", DEMO.customers.jansen, "Yearly fee", "50"),
      row("G", "", "No customer", "12"),
      row("H", DEMO.customers.deVries, "Meter rent", "7.25"),
      row("I", DEMO.customers.deVries, "Meter rent", "7.250"),
    ]);
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text").waitFor({ state: "visible" });
    // Two invoices with the same customer, lines and amounts: a warning, not a refusal.
    await expect(pane.locator("#check-summary-details").textContent()).resolves.toMatch(
      /Rows 4–5 look like one invoice twice \(invoice "H", invoice "I"/
    );
    // Check selected the problem cell of row 3 …
    await suite.preview.page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="address-box"]') as HTMLInputElement | null)
          ?.value === "B3"
    );
    // … and Create still acts on the four rows checked, and says so.
    const before = store().allInvoices().length;
    await pane.locator("#create").click();
    await pane.locator("#confirm").waitFor({ state: "visible" });
    await expect(pane.locator("#confirm-text").textContent()).resolves.toMatch(
      /^Create and approve: 3 to create\./
    );
    await expect(pane.locator("#confirm-details").textContent()).resolves.toMatch(
      /Acting on the 4 rows you checked \(rows 2–5\)/
    );
    await pane.locator("#confirm-no").click();
    expect(store().allInvoices().length).toBe(before);
  });
});
