/**
 * Dutch throughout: the pane under a Dutch Office with a Dutch workbook
 * (`preview.html?lang=nl&culture=nl-NL`) walked through its flows — Insert template, Add an example
 * row, Check, Create and approve with its confirmation, the results list, Send's and Credit's
 * confirmations, Lookups, the Connection tab, the cost report — and after each step every visible
 * text of the pane is read: none may hold a word only the English catalogue has
 * (support/english-words.ts), nor an amount with a decimal point. The template's drop-down prompt
 * and alert, a function's error inside a formula that refers to another error, and the preview's
 * own header are read the same way. The service's data (names of customers, products, …) and what
 * the user typed are not the pane's words and are left out.
 */
import { DEMO } from "../../simulator";
import { englishIn, englishOnlyWords } from "./support/english-words";
import { COL, dragSelect, typeInvoiceRows, type InvoiceRowInput } from "./support/invoice-rows";
import { previewSuite, type PreviewPage } from "./support/preview-page";
import { settledText } from "./support/cells";

const DENY = englishOnlyWords();

/** Invoice "A" of two lines (45,50 and 2 × 30) and a row of its own (no reference): "rij 4". */
const ROWS: readonly InvoiceRowInput[] = [
  { ref: "A", tax: DEMO.taxCodes.vat21, text: "Meteronderzoek", qty: "1", price: "45,5" },
  { ref: "A", tax: DEMO.taxCodes.vat9, text: "Extra bezoek", qty: "2", price: "30" },
  { ref: "", tax: DEMO.taxCodes.vat21, text: "Aansluitkosten", qty: "1", price: "1234,5" },
].map((r) => ({ ...r, customer: DEMO.customers.jansen, bankAccount: DEMO.bankAccounts.main }));

/** An amount written the English way: "45.50", "1,234.50" (the Dutch pane writes 45,50). */
const DECIMAL_POINT = /(?<![\d.,])\d{1,3}(?:,\d{3})*\.\d{2}(?![\d.,])/g;

/** Every visible text node of the pane, and the placeholders, tooltips and names of what shows. */
async function visibleTexts(preview: PreviewPage): Promise<string[]> {
  return await preview.paneFrame().evaluate(() => {
    const shown = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (text === "" || !parent || parent.closest("script, style, template")) continue;
      if (shown(parent)) texts.push(text);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>("input[placeholder]"))
      if (shown(input) && input.placeholder.trim() !== "") texts.push(input.placeholder.trim());
    // A visible element's tooltip and accessible name are words of the pane too.
    for (const el of document.querySelectorAll("[title], [aria-label]"))
      if (shown(el))
        for (const name of ["title", "aria-label"]) {
          const text = el.getAttribute(name)?.trim() ?? "";
          if (text !== "") texts.push(text);
        }
    return texts;
  });
}

/** Every text of the service's dataset and what the test typed: data, not the pane's words. */
function dataTexts(dataset: unknown): string[] {
  const found = new Set<string>(ROWS.map((r) => r.text));
  const walk = (v: unknown): void => {
    if (typeof v === "string") {
      if (v.length >= 3) found.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk);
  };
  walk(dataset);
  // Longest first, so that a name is taken out whole before a shorter one inside it.
  return [...found].sort((a, b) => b.length - a.length);
}

/** `texts` that hold an English-only word or an amount with a decimal point, with what they hold. */
function notDutch(texts: readonly string[], data: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const text of texts) {
    let own = text;
    for (const d of data) if (own.includes(d)) own = own.split(d).join(" ");
    const words = englishIn(own, DENY);
    const points = own.match(DECIMAL_POINT) ?? [];
    if (words.length > 0 || points.length > 0)
      problems.push(`"${text}": ${[...words, ...points].join(", ")}`);
  }
  return problems;
}

describe("the Dutch pane, walked through its flows", () => {
  const suite = previewSuite({ presetSimulator: true, lang: "nl", culture: "nl-NL" });
  let data: string[] = [];

  /** What on the pane is not Dutch now. */
  async function paneNotDutch(): Promise<string[]> {
    return notDutch(await visibleTexts(suite.preview), data);
  }

  /** Clicks `button` on the pane, waits for `shown` (a locator of the pane), reads the pane. */
  async function clickAndRead(button: string, shown: string, hasText?: string): Promise<void> {
    const { pane } = suite.preview;
    await pane.locator(button).click();
    await pane
      .locator(shown, hasText ? { hasText } : {})
      .first()
      .waitFor({ state: "visible" });
    await expect(paneNotDutch()).resolves.toEqual([]);
  }

  /** A new template sheet (its name ending in `suffix`), ROWS typed into it and selected. */
  async function templateOfRows(suffix: string): Promise<void> {
    await suite.preview.pane.locator("#insert-template").click();
    await suite.preview.pane.locator("#template-note", { hasText: suffix }).waitFor();
    await typeInvoiceRows(suite.preview, ROWS);
    await dragSelect(suite.preview, "B2", "B4");
  }

  /** Says yes to the confirmation shown, waits for the run to settle; the results list's text. */
  async function runAndReadResults(): Promise<string> {
    const { pane } = suite.preview;
    await pane.locator("#confirm-yes").click();
    await pane.locator('#run-card[data-run="settled"]').waitFor({ timeout: 60_000 });
    await pane.locator("#invoice-results li").first().waitFor();
    return await pane.locator("#invoice-results").innerText();
  }

  beforeAll(async () => {
    data = dataTexts(suite.env.simulator.store.dataset);
    await suite.preview.pane.locator("html[lang=nl][data-words=nl]").waitFor({ state: "attached" });
    await suite.preview.pane.locator("#connection-status", { hasText: "Verbonden:" }).waitFor();
  });

  it("has a deny-list of English words, and finds one planted on the pane", async () => {
    // The catalogue's English-only words, not names nor technical tokens.
    for (const word of ["invoice", "row", "select", "refresh", "search", "the"])
      expect(DENY.has(word)).toBe(true);
    for (const word of ["excel", "billing", "contract", "product", "customerid", "invoiceref"])
      expect(DENY.has(word)).toBe(false);
    expect(notDutch(["Factuur A, rij 2, 45,50 excl. btw"])).toEqual([]);
    expect(notDutch(["row 2", "45.50 excl. btw", "Invoice A"])).toEqual([
      '"row 2": row',
      '"45.50 excl. btw": 45.50',
      '"Invoice A": invoice',
    ]);
    // Planted on the pane itself: the reading of the pane finds it, and only it.
    const before = await paneNotDutch();
    await suite.preview.paneFrame().evaluate(() => {
      const p = document.createElement("p");
      p.id = "planted";
      p.textContent = "Select the rows first";
      document.getElementById("empty-state")!.append(p);
    });
    try {
      await expect(paneNotDutch()).resolves.toEqual([
        ...before,
        '"Select the rows first": select, the, rows, first',
      ]);
    } finally {
      await suite.preview.paneFrame().evaluate(() => document.getElementById("planted")?.remove());
    }
  });

  it("reads Dutch at the start, with the preview's header around it", async () => {
    await expect(paneNotDutch()).resolves.toEqual([]);
    const header = await suite.preview.page.locator("header.banner").innerText();
    const paneTitle = await suite.preview.page.locator(".pane-title").innerText();
    expect(notDutch([header, paneTitle], data)).toEqual([]);
  });

  it("inserts the template in Dutch, its drop-down prompt and alert too", async () => {
    const { page, pane } = suite.preview;
    await pane.locator("#insert-template").click();
    await pane.locator("#template-note").waitFor({ state: "visible" });
    await expect(paneNotDutch()).resolves.toEqual([]);

    await page.locator('td[data-cell="B2"]').click();
    const prompt = await page.getByTestId("validation-prompt").innerText();
    expect(prompt).toMatch(/Kies uit de lijst/);
    await suite.preview.typeInto(`${COL.companyBankAccountId}2`, "NL91ABNA0417164300");
    await page.getByTestId("validation-alert").waitFor({ state: "visible" });
    const alert = await page.getByTestId("validation-alert").innerText();
    expect(notDutch([prompt, alert], data)).toEqual([]);
    await page.getByTestId("validation-cancel").click();
  });

  it("adds an example row and checks it in Dutch", async () => {
    await clickAndRead("#add-example-row", "#template-note", "voorbeeld");
    await clickAndRead("#check", "#check-summary-text");
  });

  it("confirms, creates and approves, and lists the results in Dutch with decimal commas", async () => {
    // A template of its own: the example row stays where it is.
    await templateOfRows("(2)");
    await clickAndRead("#check", "#check-summary-text", "3 rijen");
    await clickAndRead("#create", "#confirm");
    const results = await runAndReadResults();
    expect(results).toContain("rij 4");
    expect(results).toContain("105,50 excl. btw");
    expect(results).toContain("1.234,50 excl. btw");
    await expect(paneNotDutch()).resolves.toEqual([]);
  });

  it("confirms and sends in Dutch, lists what was sent, and confirms Credit in Dutch", async () => {
    const { pane } = suite.preview;
    for (const r of [2, 3, 4]) await settledStatus(suite.preview, r);
    await dragSelect(suite.preview, "B2", "B4");
    await clickAndRead("#send-invoices", "#confirm-invoices li");
    const results = await runAndReadResults();
    expect(results).toContain("rij 4");
    await expect(paneNotDutch()).resolves.toEqual([]);

    // Credit's confirmation read, then declined: nothing is credited.
    await dragSelect(suite.preview, "B2", "B4");
    await clickAndRead("#credit-invoices", "#confirm-invoices li");
    await pane.locator("#confirm-no").click();
    await pane.locator("#confirm").waitFor({ state: "hidden" });
  });

  it("lists drafts with the sheet's and the service's amounts in Dutch", async () => {
    const { pane } = suite.preview;
    await templateOfRows("(3)");
    await pane.locator("#create-drafts").click();
    await pane.locator("#drafts-block").waitFor({ state: "visible", timeout: 60_000 });
    await pane
      .locator(".draft-verdict", { hasText: "De dienst zou het goedkeuren." })
      .first()
      .waitFor();
    const list = await pane.locator("#drafts-list").innerText();
    expect(list).toContain("Blad 105,50");
    expect(list).toContain("Dienst 1.234,50 excl.");
    await expect(paneNotDutch()).resolves.toEqual([]);
  });

  it("looks up in Dutch", async () => {
    const { pane } = suite.preview;
    await pane.locator("#tab-lookups").click();
    await pane.locator("#lookup-query input").waitFor({ state: "visible" });
    await expect(paneNotDutch()).resolves.toEqual([]);
    await pane.locator("#lookup-query input").fill("Jansen");
    await pane.locator("#lookup-search").click();
    await pane.locator('[data-testid="lookup-result-0"]').waitFor();
    await expect(paneNotDutch()).resolves.toEqual([]);
  });

  it("reads its Connection tab and Test connection in Dutch", async () => {
    const { pane } = suite.preview;
    await pane.locator("#tab-connection").click();
    await pane.locator("#base-url input").waitFor({ state: "visible" });
    await expect(paneNotDutch()).resolves.toEqual([]);
    await pane.getByTestId("test-connection").click();
    await pane.locator("#test-result-title", { hasText: "Verbonden:" }).waitFor();
    await expect(paneNotDutch()).resolves.toEqual([]);
  });

  it("gives a function's error, and the error of a formula on it, in Dutch", async () => {
    const { page } = suite.preview;
    await page.locator(".sheet-add").click();
    await suite.preview.typeInto("A1", '=BILLING.CONTRACTFIXEDCOSTS("abc")');
    await suite.preview.typeInto("A2", "=BILLING.CONTRACTFIXEDCOSTS(A1)");
    await expect(settledText(suite.preview, "A1")).resolves.toBe("#VALUE!");
    await expect(settledText(suite.preview, "A2")).resolves.toMatch(/^#/);
    const titles = await Promise.all(
      ["A1", "A2"].map(
        async (a) => (await page.locator(`td[data-cell="${a}"]`).getAttribute("title")) ?? ""
      )
    );
    expect(titles.every((title) => title !== "")).toBe(true);
    expect(notDutch(titles, data)).toEqual([]);
  });

  it("makes the cost report in Dutch, and says in Dutch when no ids are selected", async () => {
    const { page, pane } = suite.preview;
    await page.locator('td[data-cell="C1"]').click();
    await pane.locator("#tab-lookups").click();
    await pane.getByTestId("cost-report").click();
    await pane.getByTestId("cost-report-status").filter({ hasText: "selectie" }).waitFor();
    await expect(paneNotDutch()).resolves.toEqual([]);

    await suite.preview.typeInto("C1", DEMO.contracts.heatingGeneric);
    await suite.preview.typeInto("C2", "00000000-0000-4000-8000-00000000dead");
    await page.locator('td[data-cell="C1"]').click();
    await page.locator('td[data-cell="C2"]').click({ modifiers: ["Shift"] });
    await pane.getByTestId("cost-report").click();
    await pane.getByTestId("cost-report-status").filter({ hasText: "geschreven" }).waitFor();
    await expect(paneNotDutch()).resolves.toEqual([]);
    const title = [await suite.preview.cellText("A1"), await suite.preview.cellText("A2")];
    const charts = await page
      .locator("svg[data-chart]")
      .evaluateAll((all) => all.map((c) => c.getAttribute("aria-label") ?? ""));
    expect(charts).toHaveLength(2);
    // The charts' own texts: their legends (the series' names) and axes.
    const drawn = await page
      .locator("svg[data-chart]")
      .evaluateAll((all) => all.map((c) => c.textContent ?? ""));
    expect(notDutch([...title, ...charts, ...drawn], data)).toEqual([]);
  });
});

/** Waits until row `r`'s status cell is approved (the run wrote it back). */
async function settledStatus(preview: PreviewPage, r: number): Promise<void> {
  await preview.page
    .locator(`td[data-cell="${COL.status}${r}"]`, { hasText: "approved" })
    .waitFor({ timeout: 60_000 });
}
