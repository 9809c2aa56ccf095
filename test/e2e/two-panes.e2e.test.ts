/**
 * Two controllers press Create and approve on the same rows at the same moment:
 * two Chromium pages, one simulator. The preview's fake Excel lives in each page, so the pages
 * share the rows by holding the same sheet content (the same template, the same typed rows, the
 * same workbook name, and the same workbook id in its custom document properties, which a shared
 * file carries to every co-author): what two co-authors' panes read from one shared workbook. The simulator
 * stores a create even when its reference is taken, so the panes' own guard must keep it to one.
 *
 * What this proves: two real panes, built as shipped, racing through Check, confirmation, create,
 * the reference check and approve against one service, end with exactly one invoice per invoiceRef,
 * and both sheets name it. What it does not: Excel's synchronisation of cells between co-authors
 * (each page keeps its own copy, so neither sees the other's write-back — the worst case for the
 * guard), nor the order in which two real Excels would deliver the clicks.
 */
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";
import { COL, TWO_INVOICES, templateWithRows } from "./support/invoice-rows";

const ROWS = TWO_INVOICES;

/** The id one shared file carries (src/excel/reference-scope.ts), the same in both panes. */
const SHARED_WORKBOOK_ID = "6d3c2a10-0000-4000-8000-0000000000e2";

/** Inserts the template, types the rows, selects them and presses Check. */
async function prepare(preview: PreviewPage): Promise<void> {
  const { pane } = preview;
  await preview.page.evaluate((id) => {
    type Model = { customProperties: { key: string; value: string }[] };
    const { model } = (window as unknown as { billingPreview: { model: Model } }).billingPreview;
    model.customProperties.push({ key: "BillingForExcel.WorkbookId", value: id });
  }, SHARED_WORKBOOK_ID);
  await pane.locator("#tab-invoices").click();
  await templateWithRows(preview, ROWS);
  await pane.locator("#check").click();
  await pane.locator("#check-summary-text").waitFor({ state: "visible" });
  await pane.locator("#create").click();
  await pane.locator("#confirm-yes").waitFor({ state: "visible" });
}

describe("two panes on one workbook", () => {
  let env: E2eEnvironment;
  let panes: PreviewPage[];

  beforeAll(async () => {
    env = await startEnvironment();
    env.simulator.setFaults({ duplicateReferences: true });
    panes = [
      await openPreview(env, { presetSimulator: true }),
      await openPreview(env, { presetSimulator: true }),
    ];
  });
  afterAll(async () => {
    await env?.close();
  });

  it("running the same rows at the same moment end with one invoice per invoiceRef", async () => {
    for (const preview of panes) await prepare(preview);
    const before = env.simulator.store.invoices.size;
    // Both confirm at once: both runs derive the same references and race to create them.
    await Promise.all(panes.map((p) => p.pane.locator("#confirm-yes").click()));
    await Promise.all(
      panes.map((p) =>
        p.pane.locator("#summary-text").waitFor({ state: "visible", timeout: 180_000 })
      )
    );

    const refs = new Set<string>();
    for (const preview of panes)
      for (const r of [2, 3, 4]) refs.add(await preview.cellText(`${COL.externalReference}${r}`));
    expect(refs.size).toBe(2); // invoice A (rows 2-3) and B (row 4), alike in both panes
    const all = [...env.simulator.store.invoices.values()];
    for (const ref of refs) {
      const carrying = all.filter((i) => i.externalReference === ref);
      expect(carrying).toHaveLength(1);
      expect(carrying[0].status).toBe("approved");
    }
    expect(env.simulator.store.invoices.size - before).toBe(2);
    for (const r of [2, 3, 4]) {
      const ids = await Promise.all(panes.map((p) => p.cellText(`${COL.invoiceId}${r}`)));
      expect(ids[0]).toBe(ids[1]);
      expect(env.simulator.store.invoices.get(ids[0])?.status).toBe("approved");
      const statuses = await Promise.all(panes.map((p) => p.cellText(`${COL.status}${r}`)));
      expect(statuses).toEqual(["approved", "approved"]);
    }
  }, 400_000);
});
