/**
 * Clicking in the preview's grid selects the cell under the pointer: the active cell's long text
 * (an id) overflows into its neighbours, and a click there selects the neighbour, as in Excel —
 * not the cell the text belongs to.
 */
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";

const LONG_ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301-and-a-long-reference-text";

describe("clicks beside a long id in the preview", () => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { presetSimulator: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  const active = () =>
    preview.page.evaluate(() => {
      const { model } = (
        window as unknown as {
          billingPreview: { model: { selection: { active: { row: number; col: number } } } };
        }
      ).billingPreview;
      return model.selection.active;
    });

  it("selects the neighbour the overflowing text covers", async () => {
    const { page } = preview;
    await page.evaluate((text) => {
      const { model } = (window as unknown as { billingPreview: { model: any } }).billingPreview;
      model.writeInput(model.activeSheet, 0, 0, text);
    }, LONG_ID);
    await page.locator('td[data-cell="A1"]').click();
    expect(await active()).toMatchObject({ row: 0, col: 0 });
    // The middle of B1 and of C1, where A1's text runs on.
    for (const [address, col] of [
      ["B1", 1],
      ["C1", 2],
    ] as const) {
      await page.locator('td[data-cell="A1"]').click();
      const box = (await page.locator(`td[data-cell="${address}"]`).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      expect(await active()).toMatchObject({ row: 0, col });
    }
  });
});
