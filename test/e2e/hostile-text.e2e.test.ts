/**
 * Text from the service (and from the sheet) is shown as text, never run as HTML: a customer named
 * `<img src=x onerror=alert(1)>` (seeded into this test's simulator: the demo data holds no such
 * text) appears literally in the Lookups tab, no <img> element is created and its payload never runs.
 */
import { HOSTILE, HOSTILE_TEXT, hostileDataset } from "../fixtures/hostile-data";
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";

describe("hostile text from the service", () => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    env.simulator.setOptions({ dataset: hostileDataset() });
    preview = await openPreview(env, { presetSimulator: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("shows a hostile customer name found in the Lookups tab as text", async () => {
    const { pane } = preview;
    await pane.locator("#tab-lookups").click();
    await pane.locator("#lookup-query input").fill("img");
    await pane.locator("#lookup-search").click();
    const result = pane.locator("#lookup-results li", { hasText: HOSTILE.customer });
    await result.waitFor();
    await expect(result.locator(".result-name").textContent()).resolves.toBe(HOSTILE_TEXT);
    await expect(pane.locator("img").count()).resolves.toBe(0);
    await expect(preview.dialogsOpened()).resolves.toBe(false);
  });

  it("puts the found id into the active cell of the preview's sheet", async () => {
    const { page, pane } = preview;
    await page.locator('td[data-cell="C5"]').click();
    const result = pane.locator("#lookup-results li", { hasText: HOSTILE.customer });
    await result.locator("fluent-button", { hasText: "Put in cell" }).click();
    await result.locator(".result-detail", { hasText: "Put in Sheet1!C5" }).waitFor();
    await expect(preview.cellText("C5")).resolves.toBe(HOSTILE.customer);
  });

  it("shows hostile text typed into a cell as text", async () => {
    await preview.typeInto("A1", HOSTILE_TEXT);
    await expect(preview.cellText("A1")).resolves.toBe(HOSTILE_TEXT);
    await expect(preview.page.locator("img").count()).resolves.toBe(0);
    await expect(preview.dialogsOpened()).resolves.toBe(false);
  });
});
