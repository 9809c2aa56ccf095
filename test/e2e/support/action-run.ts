/**
 * The end of a run on approved invoices (Send, Credit, Mark as sent) in the pane: the run card
 * settled (rows, Billing log and list written) and its summary shown, or the error the pane shows
 * instead — then the test fails with the pane's words.
 */
import type { FrameLocator } from "playwright-core";

/** Waits until the run and what follows it are done; throws with the pane's error if one shows. */
export async function actionSummaryShown(pane: FrameLocator): Promise<void> {
  await pane
    .locator('#run-card[data-run="settled"], #action-error:not([hidden])')
    .first()
    .waitFor({ timeout: 60_000 });
  const error = pane.locator("#action-error");
  if (await error.isVisible()) throw new Error(`the pane says: ${await error.textContent()}`);
  await pane.locator("#summary").waitFor({ state: "visible" });
}
