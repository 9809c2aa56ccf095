/**
 * Signing in from the pane as a controller does: press Sign in, then fill the local identity
 * provider's own page in the window that opens (msal's popup, or the Office dialog's window).
 */
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../support/identity-provider";
import type { PreviewPage } from "./preview-page";

/**
 * Presses Sign in, signs in as `user` on the provider's page in the new window, and waits until
 * the pane says so. Returns that window (closed by then when it was a popup or dialog).
 */
export async function signInFromPane(preview: PreviewPage, user: string): Promise<Page> {
  const { pane, page } = preview;
  const opening = page.context().waitForEvent("page");
  await pane.getByTestId("sign-in").click();
  const window = await opening;
  await window.locator("#username").fill(user);
  await window.locator("#password").fill(DEMO_PASSWORD);
  await window.getByRole("button", { name: "Sign in" }).click();
  await pane
    .getByTestId("signin-status")
    .filter({ hasText: `Signed in as ${user}.` })
    .waitFor();
  await pane
    .getByTestId("signed-in-user")
    .filter({ hasText: `Signed in as ${user}` })
    .waitFor();
  return window;
}
