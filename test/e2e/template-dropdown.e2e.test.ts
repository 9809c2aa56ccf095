/**
 * The template's drop-downs in the preview, as Excel shows them: the arrow beside the active cell,
 * the list of the service's ids, a pick writes the id and the name appears beside it; typed text
 * outside the list is refused with the rule's alert and nothing is written.
 */
import { DEMO } from "../../simulator";
import { screenshotPath } from "./support/screenshots";
import { previewSuite } from "./support/preview-page";

describe("the template's drop-down lists in the preview", () => {
  const suite = previewSuite();

  beforeAll(async () => {
    await suite.preview.pane.locator("#insert-template").click();
    await suite.preview.pane.locator("#template-note").waitFor({ state: "visible" });
  });

  it("opens the customer list from the arrow and writes the picked id; the name shows beside it", async () => {
    const { page } = suite.preview;
    await page.locator('td[data-cell="B2"]').click();
    await expect(page.getByTestId("validation-prompt").textContent()).resolves.toBe(
      "CustomerPick from the list; the name shows in the #customerName column."
    );
    await page.getByTestId("dropdown-arrow").click();
    const options = page.getByTestId("dropdown-list").getByRole("option");
    const entries = await options.allTextContents();
    const customers = suite.env.simulator.store.dataset.customers.map((c) => c.id);
    expect(entries).toEqual(customers);
    await page.screenshot({ path: screenshotPath("template-dropdown.png") });

    await options.nth(entries.indexOf(DEMO.customers.deVries)).click();
    await expect(page.getByTestId("dropdown-list").count()).resolves.toBe(0);
    await expect(suite.preview.cellText("B2")).resolves.toBe(DEMO.customers.deVries);
    await page.locator('td[data-cell="C2"]', { hasText: "De Vries Appartementen" }).waitFor();
  });

  it("picks with the keyboard too: Alt+Down opens the list, arrows move, Enter picks", async () => {
    const { page } = suite.preview;
    await page.locator('td[data-cell="J2"]').click();
    await page.keyboard.press("Alt+ArrowDown");
    const entries = await page.getByTestId("dropdown-list").getByRole("option").allTextContents();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(suite.preview.cellText("J2")).resolves.toBe(entries[1]);
    const taxCode = suite.env.simulator.store.dataset.taxCodes.find((t) => t.id === entries[1]);
    await page.locator('td[data-cell="K2"]', { hasText: taxCode!.name }).waitFor();
  });

  it("refuses a typed bank account that is not in the list, with the rule's alert", async () => {
    const { page } = suite.preview;
    await suite.preview.typeInto("F2", "NL91ABNA0417164300");
    const alert = page.getByTestId("validation-alert");
    await alert.waitFor({ state: "visible" });
    await expect(page.getByTestId("validation-alert-title").textContent()).resolves.toBe(
      "Bank account not in the list"
    );
    await expect(page.getByTestId("validation-alert-message").textContent()).resolves.toBe(
      "Pick a bank account id from the drop-down list."
    );
    await expect(suite.preview.cellText("F2")).resolves.toBe("");

    // Retry edits the typed text again; Cancel leaves the cell as it was.
    await page.getByTestId("validation-retry").click();
    await expect(page.getByTestId("cell-editor").inputValue()).resolves.toBe("NL91ABNA0417164300");
    await page.keyboard.press("Enter");
    await page.getByTestId("validation-cancel").click();
    await expect(alert.count()).resolves.toBe(0);
    await expect(suite.preview.cellText("F2")).resolves.toBe("");

    // An id of the list is accepted as typed.
    await suite.preview.typeInto("F2", DEMO.bankAccounts.main);
    await expect(suite.preview.cellText("F2")).resolves.toBe(DEMO.bankAccounts.main);
    expect(await suite.preview.dialogsOpened()).toBe(false);
  });
});
