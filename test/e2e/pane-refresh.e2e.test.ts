/**
 * Refresh says "Refreshed" only when it happened: with the service answering it does; with the
 * service gone it says "Not refreshed" and why, next to the header it belongs to.
 */
import { previewSuite } from "./support/preview-page";

describe("the Refresh button of the pane", () => {
  const suite = previewSuite();

  beforeAll(async () => {
    await suite.preview.pane.locator('#connection-status[data-state="reachable"]').waitFor();
  });

  it("says Refreshed when the recalculation ran and the service answers", async () => {
    const { pane } = suite.preview;
    await pane.locator("#refresh").click();
    const note = pane.locator("#refresh-note");
    await pane.locator("#refresh-note", { hasText: "Refreshed" }).waitFor();
    await expect(note.textContent()).resolves.toBe(
      "Refreshed: BILLING functions read the service again."
    );
    await expect(note.getAttribute("class")).resolves.not.toContain("error");
  });

  it("says Not refreshed, and why, when the service has gone", async () => {
    const { pane } = suite.preview;
    const url = suite.env.simulator.url;
    await suite.env.simulator.close();
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
