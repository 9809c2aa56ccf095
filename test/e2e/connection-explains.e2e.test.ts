/**
 * In Chromium: the Connection tab explains itself — each credential says in one line
 * what it needs; a base URL without a scheme is told to add https://; a field's message goes away as
 * soon as the field changes.
 */
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";

describe("the Connection tab explains itself", () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it("says what each credential needs, asks for https://, and clears a message once its field changes", async () => {
    const { pane } = await openPreview(env);
    await pane.locator("#tab-connection").click();
    const hint = pane.getByTestId("credential-hint");
    const kind = pane.getByTestId("credential-kind");
    await expect(hint.textContent()).resolves.toMatch(/local simulator/);
    await kind.selectOption("gateway");
    await expect(hint.textContent()).resolves.toBe(
      "Base URL is your company gateway's address; no headers needed. Sign in with your work account."
    );
    await expect(pane.getByTestId("signin-row").isVisible()).resolves.toBe(true);
    await kind.selectOption("bearer");
    await expect(hint.textContent()).resolves.toMatch(/^Base URL is the billing service's address/);
    await expect(pane.getByTestId("signin-row").isVisible()).resolves.toBe(false);
    await kind.selectOption("none");

    const baseUrl = pane.locator("#base-url input");
    const error = pane.locator("#base-url-error");
    await baseUrl.fill("billing.example.com");
    await pane.getByTestId("save-settings").click();
    await error.waitFor({ state: "visible" });
    await expect(error.textContent()).resolves.toBe(
      "Base URL has no scheme: add https:// in front (e.g. https://billing.example.com)."
    );
    // Typing in the field takes the old message away at once (Save checks again).
    await baseUrl.press("Home");
    await baseUrl.pressSequentially("https://");
    await error.waitFor({ state: "hidden" });
    await expect(baseUrl.inputValue()).resolves.toBe("https://billing.example.com");
  });
});
