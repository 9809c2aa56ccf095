/**
 * Send to customers and Credit in Chromium, as a controller does it: three invoices approved and one left a draft;
 * select the four rows → **Send to customers** → the confirmation counts what the service holds
 * (the draft refused, with its reason) → by email → every row's `sent` says what the store holds,
 * each invoice sent once. Again: nothing is sent twice. Then **Credit** two of them: the
 * confirmation names the count and the total to be reversed (as the service answers it), and the
 * count must be typed → one credit note each, `creditNoteNum` / `creditNoteId` and the status
 * `credited` as in the store. Again: nothing is credited twice. The Billing log has every send and
 * credit. Screenshots of both confirmations (320 px wide) as send-confirmation.png and
 * credit-confirmation.png.
 */
import Big from "big.js";
import { DEMO } from "../../simulator";
import { openPreview, previewSuite } from "./support/preview-page";
import { COL, dragSelect, typeInvoiceRows } from "./support/invoice-rows";
import { screenshotPath } from "./support/screenshots";
import { seriousAxeFindings } from "./support/axe";
import { OLDEST_AND_NEWEST } from "./support/hosts";
import { billingLogRows } from "./support/cells";
import { until } from "../support/until";
import { actionSummaryShown } from "./support/action-run";

/** How long and how often the page is looked at. */
const IN_THE_PAGE = { timeoutMs: 60_000, everyMs: 100 };

const bank = DEMO.bankAccounts.main;
const ROWS = [
  { ref: "A", customer: DEMO.customers.jansen, text: "Meter exchange", qty: "1", price: "100" },
  { ref: "B", customer: DEMO.customers.deVries, text: "Connection fee", qty: "2", price: "50.25" },
  { ref: "C", customer: DEMO.customers.mulder, text: "Seal", qty: "1", price: "45.50" },
  { ref: "D", customer: DEMO.customers.jansen, text: "Draft only", qty: "1", price: "10" },
].map((r) => ({ ...r, bankAccount: bank, tax: DEMO.taxCodes.vat21 }));

describe.each(OLDEST_AND_NEWEST)(
  "send approved invoices to the customers, and credit them (%s)",
  (host) => {
    const suite = previewSuite({ presetSimulator: true, host });
    /** The invoice ids of rows 2 to 5, once created. */
    const ids: string[] = [];

    const store = () => suite.env.simulator.store;
    /** Credit notes the store holds for `id` (must never be more than one). */
    const creditNotesOf = (id: string) =>
      store()
        .allInvoices()
        .filter((i) => i.creditedInvoiceId?.toLowerCase() === id.toLowerCase());

    /** The pane 320 px wide, as in Excel, scrolled to "Approved invoices", for the screenshots. */
    async function narrowPane(): Promise<void> {
      await suite.preview.page.evaluate(() => {
        const pane = document.getElementById("taskpane")!;
        pane.style.flex = "0 0 320px";
        pane.style.width = "320px";
      });
      await suite.preview.pane
        .locator("#after-approval")
        .evaluate((el) => el.scrollIntoView({ block: "start" }));
    }

    const summaryShown = () => actionSummaryShown(suite.preview.pane);

    /** The id of the element focused in the pane (a Fluent control is focused as its host). */
    const focused = () =>
      suite.preview.paneFrame().evaluate(() => document.activeElement?.id ?? "");

    it("approves three invoices and leaves one a draft (the set-up, through the pane)", async () => {
      const { pane } = suite.preview;
      await pane.locator("#insert-template").click();
      await pane.locator("#template-note").waitFor({ state: "visible" });
      await typeInvoiceRows(suite.preview, ROWS);
      await dragSelect(suite.preview, "B2", "B4");
      await pane.locator("#create").click();
      await pane.locator("#confirm-yes").click();
      await until(async () => {
        for (const r of [2, 3, 4])
          if ((await suite.preview.cellText(`${COL.invoiceNum}${r}`)) === "") return false;
        return true;
      }, IN_THE_PAGE);
      await dragSelect(suite.preview, "B5", "B5");
      await pane.locator("#create-drafts").click();
      await until(
        async () => (await suite.preview.cellText(`${COL.status}5`)) === "created",
        IN_THE_PAGE
      );
      for (const r of [2, 3, 4, 5]) ids.push(await suite.preview.cellText(`${COL.invoiceId}${r}`));
      expect(ids.map((id) => store().invoice(id)?.status)).toEqual([
        "approved",
        "approved",
        "approved",
        "created",
      ]);
    });

    it("sends the approved ones by email after a confirmation that refuses the draft, each exactly once", async () => {
      const { pane, page } = suite.preview;
      await dragSelect(suite.preview, "B2", "B5");
      await pane.locator("#send-invoices").click();
      const confirm = pane.locator("#confirm");
      await confirm.waitFor({ state: "visible" });
      await expect(pane.locator("#confirm-text").textContent()).resolves.toBe(
        "Send 3 invoices to their customers?"
      );
      await expect(pane.locator("#confirm-details").textContent()).resolves.toMatch(
        /Row 5: Not sent: it is a draft/
      );
      await expect(pane.locator("#confirm-yes").textContent()).resolves.toBe("Send 3 by email");
      // Focus is in the dialog, on the channel; the keyboard picks post and back.
      await expect(focused()).resolves.toBe("channel-email");
      await page.keyboard.press("ArrowRight");
      await expect(pane.locator("#confirm-yes").textContent()).resolves.toBe("Send 3 by post");
      await page.keyboard.press("ArrowLeft");
      await expect(pane.locator("#confirm-yes").textContent()).resolves.toBe("Send 3 by email");

      await narrowPane();
      await page.locator("#taskpane").screenshot({ path: screenshotPath("send-confirmation.png") });
      await expect(seriousAxeFindings(suite.preview.paneFrame(), "#run-card")).resolves.toEqual([]);

      // Escape cancels: nothing sent, focus back on the button that asked.
      await page.keyboard.press("Escape");
      await confirm.waitFor({ state: "hidden" });
      await expect(focused()).resolves.toBe("send-invoices");
      expect(ids.map((id) => store().invoice(id)?.sendCount)).toEqual([0, 0, 0, 0]);

      await pane.locator("#send-invoices").click();
      await confirm.waitFor({ state: "visible" });
      await pane.locator("#confirm-yes").click();
      await summaryShown();

      for (const [i, r] of [2, 3, 4].entries()) {
        await expect(suite.preview.cellText(`${COL.sent}${r}`)).resolves.toBe("sent");
        expect(store().invoice(ids[i])).toMatchObject({ sent: "sent", sendCount: 1 });
        expect(store().invoice(ids[i])?.sendChannel).toBe("email");
      }
      // The draft: refused on its row with the reason, nothing sent for it.
      await expect(suite.preview.cellText(`${COL.message}5`)).resolves.toMatch(/draft/);
      await expect(suite.preview.cellText(`${COL.sent}5`)).resolves.toBe("");
      expect(store().invoice(ids[3])).toMatchObject({ status: "created", sendCount: 0 });
      // A refusal is amber (work left: approve the draft first), not red: the engine's tone.
      await expect(pane.locator("#summary").getAttribute("data-tone")).resolves.toBe("warning");
      // The progress line ends with this run's counts.
      await expect(pane.locator("#progress-text").textContent()).resolves.toMatch(
        /^\d+ of \d+ done — .*3 sent/
      );
      await expect(pane.locator("#invoice-results").textContent()).resolves.toMatch(/refused/);
      // The list after the run, each line a button named by what it shows: no serious axe finding.
      await expect(seriousAxeFindings(suite.preview.paneFrame(), "#run-card")).resolves.toEqual([]);
    });

    it("sends nothing twice on a re-run: it says so and only writes what the service holds", async () => {
      const { pane } = suite.preview;
      await dragSelect(suite.preview, "B2", "B4");
      await pane.locator("#send-invoices").click();
      await pane.locator("#confirm").waitFor({ state: "visible" });
      await expect(pane.locator("#confirm-text").textContent()).resolves.toBe("Nothing to send.");
      await expect(pane.locator("#confirm-details").textContent()).resolves.toMatch(
        /3 invoices already sent/
      );
      await pane.locator("#confirm-yes").click();
      await summaryShown();
      expect(ids.slice(0, 3).map((id) => store().invoice(id)?.sendCount)).toEqual([1, 1, 1]);
      await expect(suite.preview.cellText(`${COL.sent}2`)).resolves.toBe("sent");
    });

    it("credits two invoices after the count is typed, with the total to be reversed the service holds", async () => {
      const { pane, page } = suite.preview;
      await dragSelect(suite.preview, "B2", "B3");
      await pane.locator("#credit-invoices").click();
      const confirm = pane.locator("#confirm");
      await confirm.waitFor({ state: "visible" });
      await expect(pane.locator("#confirm-text").textContent()).resolves.toBe("Credit 2 invoices?");
      // The total to be reversed, as the service answers the two invoices.
      let incl = new Big(0);
      let excl = new Big(0);
      for (const id of ids.slice(0, 2)) {
        const answer = await fetch(`${suite.env.simulator.url}/api/bill/Invoices/${id}`);
        const body = (await answer.json()) as {
          data: { totalAmountInclVAT: number; totalAmountExclVAT: number };
        };
        incl = incl.plus(body.data.totalAmountInclVAT);
        excl = excl.plus(body.data.totalAmountExclVAT);
      }
      await expect(pane.locator("#credit-total").textContent()).resolves.toBe(
        `Total to be reversed: ${incl.toFixed(2)} incl. VAT (${excl.toFixed(2)} excl. VAT).`
      );
      // Each invoice named with its number and the total the service holds.
      const listed = await pane.locator("#confirm-invoices li").allTextContents();
      expect(listed).toEqual(
        ids
          .slice(0, 2)
          .map((id, i) =>
            expect.stringMatching(
              new RegExp(
                `^${store().invoice(id)!.invoiceNum!} — [\\d.,]+ incl\\. VAT \\(row ${i + 2}\\)$`
              )
            )
          )
      );
      await expect(pane.locator("#confirm-warning").textContent()).resolves.toMatch(
        /^This cannot be undone/
      );
      // Confirmed twice: the count typed, then the button (or Enter).
      const yes = pane.locator("#confirm-yes");
      await expect(yes.getAttribute("disabled")).resolves.not.toBeNull();
      await expect(focused()).resolves.toBe("credit-typed");
      await page.keyboard.type("1");
      await page.keyboard.press("Enter");
      await expect(pane.locator("#credit-typed-error").textContent()).resolves.toMatch(/Type 2/);
      await expect(yes.getAttribute("disabled")).resolves.not.toBeNull();
      expect(creditNotesOf(ids[0])).toHaveLength(0);
      await page.keyboard.press("Backspace");
      await page.keyboard.type("2");
      await expect(yes.getAttribute("disabled")).resolves.toBeNull();
      await expect(yes.textContent()).resolves.toBe("Credit 2 invoices");

      await narrowPane();
      await page
        .locator("#taskpane")
        .screenshot({ path: screenshotPath("credit-confirmation.png") });

      await page.keyboard.press("Enter");
      await summaryShown();
      for (const [i, r] of [2, 3].entries()) {
        const notes = creditNotesOf(ids[i]);
        expect(notes).toHaveLength(1);
        const [note] = notes;
        expect(store().invoice(ids[i])?.creditedByInvoiceId).toBe(note.id);
        expect(note.type).toBe("creditnote");
        await until(
          async () => (await suite.preview.cellText(`${COL.status}${r}`)) === "credited",
          IN_THE_PAGE
        );
        await expect(suite.preview.cellText(`${COL.creditNoteId}${r}`)).resolves.toBe(note.id);
        await expect(suite.preview.cellText(`${COL.creditNoteNum}${r}`)).resolves.toBe(
          note.invoiceNum
        );
      }
      await narrowPane();
      await page.locator("#taskpane").screenshot({ path: screenshotPath("credit-finished.png") });
      // One card, one results list: this run's two credits, nothing of an earlier run's "approved"
      // left standing above them.
      const states = await pane.locator("#invoice-results .invoice-state").allTextContents();
      expect(states).toHaveLength(2);
      for (const state of states) expect(state).toMatch(/^credited/);
      // Row 4 was not selected: not credited.
      expect(creditNotesOf(ids[2])).toHaveLength(0);
      await expect(suite.preview.cellText(`${COL.status}4`)).resolves.toBe("approved");
    });

    it("credits nothing twice on a re-run, and the Billing log has every send and credit", async () => {
      const { pane } = suite.preview;
      await dragSelect(suite.preview, "B2", "B3");
      await pane.locator("#credit-invoices").click();
      await pane.locator("#confirm").waitFor({ state: "visible" });
      await expect(pane.locator("#confirm-text").textContent()).resolves.toBe("Nothing to credit.");
      await pane.locator("#confirm-yes").click();
      await summaryShown();
      expect(creditNotesOf(ids[0])).toHaveLength(1);
      expect(creditNotesOf(ids[1])).toHaveLength(1);

      const log = await billingLogRows(suite.preview);
      const header = log[0];
      const col = (name: string) => header.indexOf(name);
      const changes = log.slice(1).map((row) => [row[col("invoiceId")], row[col("change")]]);
      for (const id of ids.slice(0, 3))
        expect(changes.filter(([i, c]) => i === id && c === "sent by email")).toHaveLength(1);
      for (const id of ids.slice(0, 2))
        expect(changes.filter(([i, c]) => i === id && c === "credited")).toHaveLength(1);
      const credited = log.find(
        (row) => row[col("invoiceId")] === ids[0] && row[col("change")] === "credited"
      )!;
      expect(credited[col("creditNoteId")]).toBe(creditNotesOf(ids[0])[0].id);
      expect(credited[col("status")]).toBe("credited");
    });

    it("asks the same way in Office's dark theme, readable and without a serious axe finding, and Escape credits nothing", async () => {
      const dark = await openPreview(suite.env, { presetSimulator: true, theme: "dark", host });
      const { pane, page } = dark;
      await pane.locator("#insert-template").click();
      await pane.locator("#template-note").waitFor({ state: "visible" });
      // Invoice C (approved, sent, not credited), its id and status typed by hand.
      await dark.typeInto(`${COL.invoiceRef}2`, "C");
      await dark.typeInto(`${COL.invoiceId}2`, ids[2]);
      await dark.typeInto(`${COL.status}2`, "approved");
      await dragSelect(dark, "A2", "A2");
      await pane.locator("#credit-invoices").click();
      await pane.locator("#confirm").waitFor({ state: "visible" });
      await expect(pane.locator("#confirm-text").textContent()).resolves.toBe("Credit 1 invoice?");
      await expect(seriousAxeFindings(dark.paneFrame(), "#run-card")).resolves.toEqual([]);
      await page.evaluate(() => {
        const frame = document.getElementById("taskpane")!;
        frame.style.flex = "0 0 320px";
        frame.style.width = "320px";
      });
      await pane.locator("#after-approval").evaluate((el) => el.scrollIntoView({ block: "start" }));
      await page
        .locator("#taskpane")
        .screenshot({ path: screenshotPath("credit-confirmation-dark.png") });
      await page.keyboard.press("Escape");
      await pane.locator("#confirm").waitFor({ state: "hidden" });
      expect(creditNotesOf(ids[2])).toHaveLength(0);
      await expect(dark.cellText(`${COL.creditNoteId}2`)).resolves.toBe("");
      await page.context().close();
    });
  }
);
