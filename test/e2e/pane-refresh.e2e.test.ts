/**
 * Refresh says "Refreshed" only when it happened: with the service answering it does; with the
 * service gone it says "Not refreshed" and why, next to the header it belongs to.
 */
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";

describe("the Refresh button of the pane", () => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { presetSimulator: true });
    await preview.pane.locator('#connection-status[data-state="reachable"]').waitFor();
  });
  afterAll(async () => {
    await env?.close();
  });

  it("says Refreshed when the recalculation ran and the service answers", async () => {
    const { pane } = preview;
    await pane.locator("#refresh").click();
    const note = pane.locator("#refresh-note");
    await pane.locator("#refresh-note", { hasText: "Refreshed" }).waitFor();
    await expect(note.textContent()).resolves.toBe(
      "Refreshed: BILLING functions read the service again."
    );
    await expect(note.getAttribute("class")).resolves.not.toContain("error");
  });

  it("says Not refreshed, and why, when the service has gone", async () => {
    const { pane } = preview;
    const url = env.simulator.url;
    await env.simulator.close();
    await pane.locator("#refresh").click();
    const note = pane.locator("#refresh-note", { hasText: "Not refreshed" });
    await note.waitFor();
    await expect(note.textContent()).resolves.toBe(
      `Not refreshed: the service does not answer (Unreachable: nothing answers at ${url}.). BILLING cells show errors until it does; press Refresh again then.`
    );
    await expect(note.getAttribute("class")).resolves.toContain("error");
    await expect(pane.locator("#connection-status").getAttribute("data-state")).resolves.toBe(
      "unreachable"
    );
  });
});
