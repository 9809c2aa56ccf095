/**
 * Cells of the preview evaluate the add-in's real custom functions (registered by the task pane
 * frame's functions bundle) against the simulator: a fixed-cost total equal to what the cost rules
 * compute, a spilled table, and an error value with its message.
 */
import { DEMO } from "../../simulator";
import { createBillingClient } from "../../src/api";
import { contractFixedCosts } from "../../src/costs";
import { startEnvironment } from "./support/e2e-env";
import type { E2eEnvironment } from "./support/e2e-env";
import { openPreview } from "./support/preview-page";
import type { PreviewPage } from "./support/preview-page";
import { screenshotPath } from "./support/screenshots";
import { OLDEST_AND_NEWEST } from "./support/hosts";

describe.each(OLDEST_AND_NEWEST)("custom functions in preview cells (%s)", (host) => {
  let env: E2eEnvironment;
  let preview: PreviewPage;

  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, { presetSimulator: true, host });
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Waits until the cell shows something other than #BUSY! and returns it. */
  async function settled(address: string): Promise<string> {
    const cell = preview.page.locator(`td[data-cell="${address}"]:not(.busy):not(:empty)`);
    await cell.waitFor({ state: "attached" });
    return (await cell.textContent()) ?? "";
  }

  it("shows a contract's fixed-cost total, equal to the cost rules' total for the same date", async () => {
    const contractId = DEMO.contracts.heatingGeneric;
    await preview.typeInto("A1", contractId);
    await preview.typeInto("B1", "2026-06-15");
    await preview.typeInto("C1", "=BILLING.CONTRACTFIXEDCOSTS(A1,B1)");
    const shown = await settled("C1");

    const client = createBillingClient({
      baseUrl: env.simulator.url,
      headers: {},
      credential: { kind: "none" },
    });
    const expected = await contractFixedCosts(client, contractId, new Date(DEMO.referenceDate));
    expect(expected.total).toBe("636.86");
    expect(shown).toBe(expected.total);
  });

  it("recalculates when a referenced cell changes", async () => {
    await preview.typeInto("A1", DEMO.contracts.heatingAndWater);
    await preview.page.locator('td[data-cell="C1"]', { hasText: "756.36" }).waitFor();
  });

  it("spills a table of variable costs across cells", async () => {
    await preview.typeInto("A1", DEMO.contracts.heatingGeneric);
    await preview.typeInto("A3", "=BILLING.CONTRACTVARIABLECOSTS(A1,B1)");
    await settled("A3");
    const tariffCell = preview.page.locator("td.spilled", { hasText: "41.37" });
    await tariffCell.waitFor();
    await expect(tariffCell.getAttribute("data-cell")).resolves.toMatch(/^[B-Z]3$/);
  });

  it("shows an error value with its message as the tooltip", async () => {
    await preview.typeInto("A8", '=BILLING.CONTRACTFIXEDCOSTS("not an id")');
    await expect(settled("A8")).resolves.toBe("#VALUE!");
    const title = await preview.page.locator('td[data-cell="A8"]').getAttribute("title");
    expect(title).toMatch(/contractId/i);
    await preview.typeInto(
      "A9",
      '=BILLING.CONTRACTFIXEDCOSTS("00000000-0000-4000-8000-00000000dead")'
    );
    await expect(settled("A9")).resolves.toBe("#N/A");
    // A contract without products costs nothing (docs/developers/rules.md#cost-rules): 0, not an
    // error.
    await preview.typeInto("A10", `=BILLING.CONTRACTFIXEDCOSTS("${DEMO.contracts.noProducts}")`);
    await expect(settled("A10")).resolves.toBe("0");
  });

  it("fills the example functions sheet (screenshot)", async () => {
    const { page } = preview;
    await page.getByTestId("demo-functions").click();
    await expect(page.locator(".sheet-tab.active").textContent()).resolves.toBe("Functions");
    await expect(settled("B2")).resolves.toBe("636.86");
    await page.locator("td.busy").first().waitFor({ state: "detached" });
    await page.screenshot({ path: screenshotPath("functions.png") });
  });
});
