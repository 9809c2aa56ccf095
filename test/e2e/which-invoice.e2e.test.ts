/**
 * Which invoice a row is, as a controller sees it (docs/controllers/taskpane.md, "Which invoice a
 * row is"): the four-click first run, repeated by another person in another fresh workbook with
 * the same names against the same service, bills its own invoice and says so — it does not take
 * the first person's invoice as its own. And a unit price with four decimals shows them all.
 */
import { openPreview, type PreviewPage } from "./support/preview-page";
import { startEnvironment, type E2eEnvironment } from "./support/e2e-env";

/** Template columns (src/excel/template-layout.ts). */
const COL = { unitPrice: "Q", invoiceId: "V", status: "W", invoiceNum: "X", message: "Y" };

async function firstRun(
  preview: PreviewPage
): Promise<{ id: string; num: string; summary: string }> {
  const { page, pane } = preview;
  await pane.locator("#insert-template").click();
  await pane.locator("#template-note").waitFor({ state: "visible" });
  await pane.locator("#add-example-row").click();
  await pane.locator("#template-note", { hasText: "Added an example invoice on row 2" }).waitFor();
  await pane.locator("#create").click();
  await pane.locator("#confirm-yes").click();
  await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
  await page.locator(`td[data-cell="${COL.status}2"]`, { hasText: "approved" }).waitFor();
  return {
    id: await preview.cellText(`${COL.invoiceId}2`),
    num: await preview.cellText(`${COL.invoiceNum}2`),
    summary: (await pane.locator("#summary-text").textContent()) ?? "",
  };
}

describe("which invoice a row is, in the preview", () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it("bills a second person's first run in another workbook with the same names anew, and says this run approved it", async () => {
    const anna = await openPreview(env, { presetSimulator: true });
    const first = await firstRun(anna);
    await anna.page.context().close();
    // Bert: another fresh workbook (Preview.xlsx / Invoices again), the very same example row.
    const bert = await openPreview(env, { presetSimulator: true });
    const second = await firstRun(bert);
    const store = env.simulator.store;
    expect(second.id).not.toBe(first.id);
    expect(second.num).not.toBe(first.num);
    expect(store.invoice(first.id)?.status).toBe("approved");
    expect(store.invoice(second.id)?.status).toBe("approved");
    expect(store.invoice(second.id)?.invoiceNum).toBe(second.num);
    expect(second.summary).toMatch(/1 invoice approved by this run/);
    expect(second.summary).not.toMatch(/found/);
    await bert.page.context().close();
  });

  it("holds back last month's line at Check, saying which invoice it looks like, and sends nothing", async () => {
    const preview = await openPreview(env, { presetSimulator: true });
    const january = await firstRun(preview);
    // A month later: the same workbook, its results cleared, the same recurring line again.
    const old = env.simulator.store.invoices.get(january.id)!;
    old.createdAt -= 31 * 24 * 60 * 60_000;
    await preview.page.evaluate(() => {
      const { model } = (window as unknown as { billingPreview: { model: any } }).billingPreview;
      const sheet = model.sheetByName("Invoices");
      // invoiceId, status, invoiceNum, message, externalReference (columns V to Z).
      for (let col = 21; col <= 25; col++) model.writeInput(sheet, 1, col, "");
    });
    await preview.page.locator('td[data-cell="B2"]').click();
    const creates = env.simulator.log.count("POST", /^\/api\/bill\/invoices$/i);
    await preview.pane.locator("#check").click();
    await preview.pane.locator("#check-summary-text").waitFor({ state: "visible" });
    const problems = await preview.pane.locator("#check-problems .problem-link").allTextContents();
    expect(problems.join(" | ")).toContain(`Looks like invoice ${january.num}`);
    expect(problems.join(" | ")).toContain(`put ${january.id} in invoiceId`);
    expect(env.simulator.log.count("POST", /^\/api\/bill\/invoices$/i)).toBe(creates);
    expect(env.simulator.store.invoices.size).toBeGreaterThan(0);
    await preview.page.context().close();
  });

  it("shows a unit price with every decimal it has (0.0825, not 0.08), as the invoice holds it", async () => {
    const preview = await openPreview(env, { presetSimulator: true });
    await preview.pane.locator("#insert-template").click();
    await preview.pane.locator("#template-note").waitFor({ state: "visible" });
    await preview.pane.locator("#add-example-row").click();
    await preview.pane
      .locator("#template-note", { hasText: "Added an example invoice on row 2" })
      .waitFor();
    await preview.typeInto(`${COL.unitPrice}2`, "0.0825");
    await expect(preview.cellText(`${COL.unitPrice}2`)).resolves.toBe("0.0825");
    await preview.page.context().close();
  });
});
