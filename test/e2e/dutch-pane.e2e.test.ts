/**
 * The pane in Dutch: under a Dutch Office (`preview.html?lang=nl`, which makes
 * `Office.context.displayLanguage` "nl-NL") the tabs, headings and buttons read Dutch, the
 * confirmation before Create and approve asks in Dutch, and a custom function's error message is
 * Dutch too. Under an English Office the same pane reads English. The screenshot is
 * docs/screenshots/pane-dutch.png.
 */
import { DEMO } from "../../simulator";
import { startEnvironment, type E2eEnvironment } from "./support/e2e-env";
import { openPreview, type PreviewPage } from "./support/preview-page";
import { COL, dragSelect, typeInvoiceRows } from "./support/invoice-rows";
import { screenshotPath } from "./support/screenshots";
import { billingLogRows, settledText } from "./support/cells";

const ROW = {
  ref: "A",
  customer: DEMO.customers.jansen,
  bankAccount: DEMO.bankAccounts.main,
  tax: DEMO.taxCodes.vat21,
  text: "Meteronderzoek",
  qty: "2",
  price: "45",
};

describe("the pane under a Dutch Office", () => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { presetSimulator: true, lang: "nl", culture: "nl-NL" });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("reads its tabs, headings and buttons in Dutch", async () => {
    const { pane } = preview;
    // The pane says which language it put its words in once it has (translatePage, at start).
    await pane.locator("html[lang=nl][data-words=nl]").waitFor({ state: "attached" });
    await expect(pane.locator("#tab-invoices").textContent()).resolves.toBe("Facturen");
    await expect(pane.locator("#tab-lookups").textContent()).resolves.toBe("Opzoeken");
    await expect(pane.locator("#tab-connection").textContent()).resolves.toBe("Verbinding");
    await expect(pane.locator("#empty-state h2").textContent()).resolves.toBe(
      "Facturen maken van rijen"
    );
    await expect(pane.locator("#after-approval-title").textContent()).resolves.toBe(
      "Goedgekeurde facturen"
    );
    // The run card sets its buttons' labels from its state: they stay Dutch once it has drawn.
    await expect(pane.locator("#check").textContent()).resolves.toBe("Controleren");
    await expect(pane.locator("#create").textContent()).resolves.toBe("Maken en goedkeuren");
    await expect(pane.locator("#insert-template").textContent()).resolves.toBe("Sjabloon invoegen");
    await expect(pane.locator("#refresh").getAttribute("title")).resolves.toMatch(
      /^Kosten en tarieven opnieuw ophalen/
    );
    await pane.locator("#connection-status", { hasText: "Verbonden:" }).waitFor();
    // The preview's own header around the pane speaks the same language.
    await expect(preview.page.getByTestId("preview-label").textContent()).resolves.toBe(
      "Voorbeeld — hulpmiddel voor ontwikkeling en demo, geen Excel"
    );
    await preview.page.getByTestId("functions-status").filter({ hasText: "functies" }).waitFor();
  });

  it("asks in Dutch before it creates and approves", async () => {
    const { pane } = preview;
    const invoicesBefore = env.simulator.store.allInvoices().length;
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await typeInvoiceRows(preview, [ROW]);
    await dragSelect(preview, "B2", "B2");
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text").waitFor({ state: "visible" });
    await expect(pane.locator("#check-error").isVisible()).resolves.toBe(false);
    // Check's summary comes from the engine, in the language the pane passed in.
    await expect(pane.locator("#check-summary-text").textContent()).resolves.toBe(
      "1 rij: 1 factuur klaar (1 regel)"
    );

    await pane.locator("#create").click();
    const confirm = pane.locator("#confirm-text");
    await confirm.waitFor({ state: "visible" });
    await expect(confirm.textContent()).resolves.toBe("Maken en goedkeuren: 1 te maken.");
    await expect(pane.locator("#confirm-yes").textContent()).resolves.toBe("Maken en goedkeuren");
    await expect(pane.locator("#confirm-no").textContent()).resolves.toBe("Niet nu");
    await preview.page.locator("#taskpane").screenshot({ path: screenshotPath("pane-dutch.png") });

    // "Niet nu" sends nothing: the service holds no more invoices than before.
    await pane.locator("#confirm-no").click();
    await pane.locator("#confirm").waitFor({ state: "hidden" });
    expect(env.simulator.store.allInvoices()).toHaveLength(invoicesBefore);
  });

  it("reads its Connection tab and Test connection's verdict in Dutch", async () => {
    const { pane } = preview;
    // The first test waited for the header's verdict, which the pane draws once every tab is wired.
    await pane.locator("#tab-connection").click();
    await pane.locator("#base-url input").waitFor({ state: "visible" });
    await expect(pane.locator("#base-url span").textContent()).resolves.toBe("Basis-URL");
    await expect(pane.getByTestId("credential-hint").textContent()).resolves.toBe(
      "Geen aanmelding: voor de lokale simulator, of een dienst die er geen nodig heeft."
    );
    await pane.getByTestId("test-connection").click();
    await expect(
      pane.locator("#test-result-title", { hasText: "Verbonden:" }).textContent()
    ).resolves.toBe(`Verbonden: de facturatiedienst op ${env.simulator.url} antwoordde.`);
    await pane.locator("#tab-invoices").click();
  });

  it("gives a custom function's error message in Dutch", async () => {
    await preview.typeInto("Z1", '=BILLING.CONTRACTFIXEDCOSTS("abc")');
    await expect(settledText(preview, "Z1")).resolves.toBe("#VALUE!");
    const cell = preview.page.locator('td[data-cell="Z1"]');
    await expect(cell.getAttribute("title")).resolves.toMatch(
      /contractId "abc" is geen id: een id ziet eruit als 3f2504e0-/
    );
  });

  it("says a row's problem in Dutch, naming the cell", async () => {
    const { pane } = preview;
    // The function test above borrowed the template's header cell Z1: give it back.
    await preview.typeInto(`${COL.externalReference}1`, "externalReference");
    // A quantity that is not a number is refused, in Dutch, naming the cell and the workbook's
    // own decimal comma.
    await typeInvoiceRows(preview, [ROW, { ...ROW, ref: "B", qty: "twee" }]);
    await dragSelect(preview, "B2", "B3");
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text", { hasText: "2 rijen" }).waitFor({ state: "visible" });
    await expect(pane.locator("#check-summary-text").textContent()).resolves.toBe(
      "2 rijen: 1 factuur klaar (1 regel), 1 factuur met problemen (1 rij; problemen in 1)"
    );
    const problems = await pane.locator("#check-problems .problem-link").allTextContents();
    expect(problems.join(" | ")).toContain(
      `Rij 3: quantity "twee" in cel ${COL.quantity}3 is geen getal (bijvoorbeeld 1250,5 of 12,50)`
    );
  });

  it("says each row's message and the Billing log's changes in Dutch; the sent and status cells stay the service's words", async () => {
    const { pane, page } = preview;
    // The template of the tests above; row 3's quantity made a number again.
    await typeInvoiceRows(preview, [ROW, { ...ROW, ref: "B", text: "Aansluiting" }]);
    await dragSelect(preview, "B2", "B3");
    await pane.locator("#create").click();
    await pane.locator("#confirm-yes").click();
    for (const r of [2, 3]) await cellShows(preview, `${COL.status}${r}`, /^approved$/);
    const ids = [
      await preview.cellText(`${COL.invoiceId}2`),
      await preview.cellText(`${COL.invoiceId}3`),
    ];

    await dragSelect(preview, "B2", "B3");
    await pane.locator("#send-invoices").click();
    await pane.locator("#confirm").waitFor({ state: "visible" });
    await pane.locator("#confirm-yes").click();
    for (const r of [2, 3]) await cellShows(preview, `${COL.sent}${r}`, /^sent$/);
    await pane.locator('#run-card[data-run="settled"]').waitFor({ timeout: 60_000 });
    // The progress line around the engine's counts is Dutch too.
    await expect(pane.locator("#progress-text").textContent()).resolves.toMatch(
      /^2 van 2 klaar — .*verzonden/
    );
    for (const r of [2, 3]) {
      await expect(preview.cellText(`${COL.message}${r}`)).resolves.toBe(
        "Per e-mail naar de klant verzonden."
      );
      await expect(preview.cellText(`${COL.status}${r}`)).resolves.toBe("approved");
    }
    for (const id of ids) expect(env.simulator.store.invoice(id)?.sent).toBe("sent");

    const log = await billingLogRows(preview);
    // The headers are read back by name by every later run: the same in every language.
    const header = log[0];
    const col = (name: string) => header.indexOf(name);
    expect(col("change")).toBeGreaterThan(-1);
    const sent = log
      .slice(1)
      .filter((row) => ids.includes(row[col("invoiceId")]) && row[col("sent")] === "sent");
    expect(sent.map((row) => row[col("change")])).toEqual([
      "verzonden per e-mail",
      "verzonden per e-mail",
    ]);
    for (const row of sent) {
      expect(row[col("status")]).toBe("sent");
      expect(row[col("message")]).toBe("Per e-mail naar de klant verzonden.");
    }
    // The create-and-approve run before it logged its changes in Dutch too, its status as the cell.
    const made = log
      .slice(1)
      .filter((row) => ids.includes(row[col("invoiceId")]) && row[col("sent")] === "");
    expect(made).toHaveLength(2);
    for (const row of made) {
      expect(row[col("status")]).toBe("approved");
      expect(row[col("change")]).toMatch(/^gemaakt, ter goedkeuring verzonden/);
    }
    await page.locator(".sheet-tab", { hasText: "Billing log" }).click();
    // The status, message, run and change columns in view.
    await page.locator('td[data-cell="M2"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("billing-log-dutch.png") });
  });
});

/** Waits (Playwright's own wait, no sleep) until the cell at `address` shows `text`. */
async function cellShows(preview: PreviewPage, address: string, text: RegExp): Promise<void> {
  await preview.page
    .locator(`td[data-cell="${address}"]`, { hasText: text })
    .waitFor({ state: "attached", timeout: 60_000 });
}

describe("the pane in Dutch, dark and 320 px wide", () => {
  let env: E2eEnvironment;
  let preview: PreviewPage;
  const NARROW_PX = 320;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, {
      presetSimulator: true,
      lang: "nl",
      culture: "nl-NL",
      theme: "dark",
    });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("fits its longer Dutch words: no button, tab or line cut off or scrolling sideways", async () => {
    const { page, pane } = preview;
    await pane.locator("html[lang=nl][data-words=nl]").waitFor({ state: "attached" });
    await page.evaluate((w) => {
      const frame = document.getElementById("taskpane") as HTMLIFrameElement;
      frame.style.flex = "none";
      frame.style.width = `${w}px`;
    }, NARROW_PX);
    const frame = preview.paneFrame();
    await expect(frame.evaluate(() => window.innerWidth)).resolves.toBe(NARROW_PX);
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await typeInvoiceRows(preview, [ROW, { ...ROW, ref: "B", qty: "twee" }]);
    await dragSelect(preview, "B2", "B3");
    await pane.locator("#check").click();
    await pane.locator("#check-summary-text", { hasText: "met problemen" }).waitFor();
    const cut = await frame.evaluate(() => {
      const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
      const seen = [
        ...document.querySelectorAll(
          "fluent-button, button, [role=tab], h2, h3, label, .result-title, .problem-link, .note"
        ),
      ].filter(visible);
      // An element whose text is wider than its box is cut off (or spills over its neighbours).
      const overflowing = seen
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}#${el.id}: ${el.textContent?.trim()}`);
      const pane = document.documentElement;
      return { overflowing, sideways: pane.scrollWidth > pane.clientWidth };
    });
    expect(cut).toEqual({ overflowing: [], sideways: false });
    await page.locator("#taskpane").screenshot({ path: screenshotPath("pane-dutch-dark-320.png") });
  });
});

describe("the pane under an English Office", () => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { presetSimulator: true, lang: "en" });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("reads English", async () => {
    const { pane } = preview;
    await pane.locator("html[lang=en][data-words=en]").waitFor({ state: "attached" });
    await expect(pane.locator("#tab-invoices").textContent()).resolves.toBe("Invoices");
    await expect(pane.locator("#check").textContent()).resolves.toBe("Check");
    await expect(preview.page.getByTestId("preview-label").textContent()).resolves.toBe(
      "Preview — development and demo tool, not Excel"
    );
  });
});
