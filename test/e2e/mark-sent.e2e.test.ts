/**
 * Mark as sent in Chromium, as a controller does it: two invoices approved and one left a draft;
 * select the three rows → **Mark as sent** → the confirmation counts what the service holds (the
 * draft refused, with its reason) and says the service sends nothing → yes → every approved row's
 * `sent` says `sent`, each invoice marked once and never sent by the service. Again: nothing is
 * marked twice. The Billing log says "marked as sent" once per invoice.
 */
import { DEMO } from "../../simulator";
import { previewSuite } from "./support/preview-page";
import { COL, dragSelect, typeInvoiceRows } from "./support/invoice-rows";
import { seriousAxeFindings } from "./support/axe";
import { billingLogRows } from "./support/cells";
import { until } from "../support/until";
import { actionSummaryShown } from "./support/action-run";

/** How long and how often the page is looked at. */
const IN_THE_PAGE = { timeoutMs: 60_000, everyMs: 100 };

const ROWS = [
  { ref: "A", customer: DEMO.customers.jansen, text: "Meter exchange", qty: "1", price: "100" },
  { ref: "B", customer: DEMO.customers.deVries, text: "Connection fee", qty: "2", price: "50.25" },
  { ref: "C", customer: DEMO.customers.jansen, text: "Draft only", qty: "1", price: "10" },
].map((r) => ({ ...r, bankAccount: DEMO.bankAccounts.main, tax: DEMO.taxCodes.vat21 }));

describe("mark invoices handed over by hand as sent", () => {
  const suite = previewSuite({ presetSimulator: true, host: "excel-web" });
  const ids: string[] = [];
  const store = () => suite.env.simulator.store;

  const summaryShown = () => actionSummaryShown(suite.preview.pane);

  it("approves two invoices and leaves one a draft (the set-up, through the pane)", async () => {
    const { pane } = suite.preview;
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await typeInvoiceRows(suite.preview, ROWS);
    await dragSelect(suite.preview, "B2", "B3");
    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    await until(async () => {
      for (const r of [2, 3])
        if ((await suite.preview.cellText(`${COL.invoiceNum}${r}`)) === "") return false;
      return true;
    }, IN_THE_PAGE);
    await dragSelect(suite.preview, "B4", "B4");
    await pane.locator("#create-drafts").click();
    await until(
      async () => (await suite.preview.cellText(`${COL.status}4`)) === "created",
      IN_THE_PAGE
    );
    for (const r of [2, 3, 4]) ids.push(await suite.preview.cellText(`${COL.invoiceId}${r}`));
    expect(ids.map((id) => store().invoice(id)?.status)).toEqual([
      "approved",
      "approved",
      "created",
    ]);
  });

  it("marks the approved ones as sent after a confirmation that refuses the draft; the service sends nothing", async () => {
    const { pane } = suite.preview;
    await dragSelect(suite.preview, "B2", "B4");
    await pane.locator("#mark-sent-invoices").click();
    await pane.locator("#confirm").waitFor({ state: "visible" });
    await expect(pane.locator("#confirm-text").textContent()).resolves.toBe(
      "Mark 2 invoices as sent? You handed them over yourself; the billing service sends nothing."
    );
    await expect(pane.locator("#confirm-details").textContent()).resolves.toMatch(
      /Row 4: Not marked as sent: it is a draft/
    );
    await expect(pane.locator("#confirm-warning").textContent()).resolves.toMatch(
      /never send these invoices itself/
    );
    await expect(pane.locator("#send-channel").isVisible()).resolves.toBe(false);
    await expect(pane.locator("#confirm-yes").textContent()).resolves.toBe("Mark 2 as sent");
    await expect(seriousAxeFindings(suite.preview.paneFrame(), "#run-card")).resolves.toEqual([]);
    expect(ids.map((id) => store().invoice(id)?.markSentCount)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);

    await pane.locator("#confirm-yes").click();
    await summaryShown();
    for (const [i, r] of [2, 3].entries()) {
      await expect(suite.preview.cellText(`${COL.sent}${r}`)).resolves.toBe("sent");
      expect(store().invoice(ids[i])).toMatchObject({
        sent: "sent",
        markSentCount: 1,
        sendCount: 0,
      });
    }
    // The draft: refused on its row with the reason, nothing asked for it.
    await expect(suite.preview.cellText(`${COL.message}4`)).resolves.toMatch(/draft/);
    await expect(suite.preview.cellText(`${COL.sent}4`)).resolves.toBe("");
    expect(store().invoice(ids[2])).toMatchObject({ status: "created", sent: "notsent" });
    await expect(pane.locator("#summary-text").textContent()).resolves.toMatch(/2 marked as sent/);
  });

  it("marks nothing twice on a re-run, and the Billing log says marked as sent once each", async () => {
    const { pane } = suite.preview;
    await dragSelect(suite.preview, "B2", "B3");
    await pane.locator("#mark-sent-invoices").click();
    await pane.locator("#confirm").waitFor({ state: "visible" });
    await expect(pane.locator("#confirm-text").textContent()).resolves.toBe(
      "Nothing to mark as sent."
    );
    await expect(pane.locator("#confirm-details").textContent()).resolves.toMatch(
      /2 invoices already sent/
    );
    await pane.locator("#confirm-yes").click();
    await summaryShown();
    expect(ids.slice(0, 2).map((id) => store().invoice(id)?.markSentCount)).toEqual([1, 1]);
    await expect(suite.preview.cellText(`${COL.message}2`)).resolves.toBe(
      "Already sent: not marked again."
    );

    const log = await billingLogRows(suite.preview);
    const col = (name: string) => log[0].indexOf(name);
    const changes = log.slice(1).map((row) => [row[col("invoiceId")], row[col("change")]]);
    for (const id of ids.slice(0, 2))
      expect(changes.filter(([i, c]) => i === id && c === "marked as sent")).toHaveLength(1);
    // The draft's rows are its create-drafts run's; none says it was marked.
    expect(changes.filter(([i]) => i === ids[2]).map(([, c]) => c)).not.toContain("marked as sent");
    expect(changes.filter(([i]) => i === ids[2]).length).toBeGreaterThan(0);
  });
});
