/**
 * Drafts reviewed before approving, in Chromium, as a controller does it: type three invoices, press **Create drafts**, see
 * the drafts with the service's own totals and its verdict (Van den Berg has no direct-debit
 * mandate: refused, in plain words), a total that differs from the sheet's marked, open a draft's
 * preview in the sandboxed frame (no script runs, nothing loads), then **Approve N drafts**.
 * Every claim is checked against the simulator's store. A screenshot of the pane (320 px wide) is
 * saved as drafts-review.png.
 */
import Big from "big.js";
import { previewSuite } from "./support/preview-page";
import { COL, DRAFTS_TO_REVIEW, templateWithRows } from "./support/invoice-rows";
import { screenshotPath } from "./support/screenshots";
import { OLDEST_AND_NEWEST } from "./support/hosts";
import { until } from "../support/until";

/** How long and how often the page is looked at. */
const IN_THE_PAGE = { timeoutMs: 30_000, everyMs: 100 };

describe.each(OLDEST_AND_NEWEST)("drafts reviewed before approving (%s)", (host) => {
  const suite = previewSuite({ presetSimulator: true, host });

  it("creates drafts, lists them with the service's totals and verdict, previews one sandboxed, and approves them", async () => {
    const { page, pane } = suite.preview;
    await templateWithRows(suite.preview, DRAFTS_TO_REVIEW);

    await pane.locator("#create-drafts").click();
    const drafts = pane.locator('[data-testid="drafts-list"] button');
    await pane.locator("#drafts-block").waitFor({ state: "visible", timeout: 60_000 });
    await expect(drafts.count()).resolves.toBe(3);

    // Every draft is a draft in the store; the sheet's status says so.
    const ids: string[] = [];
    for (const r of [2, 4, 5]) {
      await expect(suite.preview.cellText(`${COL.status}${r}`)).resolves.toBe("created");
      ids.push(await suite.preview.cellText(`${COL.invoiceId}${r}`));
    }
    for (const id of ids) expect(suite.env.simulator.store.invoice(id)?.status).toBe("created");

    // The service's totals, as the store has them, in the list and in the sheet's new columns.
    const a = pane.locator(`[data-invoice-id="${ids[0]}"]`);
    await expect(a.locator(".draft-sheet").textContent()).resolves.toBe("Sheet 2.01");
    await expect(a.locator(".draft-service").textContent()).resolves.toMatch(
      /^Service 2\.02 excl\./
    );
    await expect(a.getAttribute("data-mismatch")).resolves.toBe("true");
    await expect(a.locator(".mismatch-text").isVisible()).resolves.toBe(true);
    const excl = await suite.preview.cellText(`${COL.totalAmountExclVAT}2`);
    const incl = await suite.preview.cellText(`${COL.totalAmountInclVAT}2`);
    expect(new Big(excl).eq("2.02")).toBe(true);
    expect(new Big(incl).eq("2.44")).toBe(true); // 2 × (1.01 + 0.21)
    const b = pane.locator(`[data-invoice-id="${ids[1]}"]`);
    await expect(b.getAttribute("data-mismatch")).resolves.toBe("false");

    // The service's verdict for exactly these ids: Van den Berg refused, with its reason.
    const c = pane.locator(`[data-invoice-id="${ids[2]}"]`);
    await pane.locator("#drafts-status", { hasText: /refuse 1 of 3/ }).waitFor();
    await expect(c.locator(".draft-verdict").textContent()).resolves.toMatch(
      /^The service would refuse it: .*mandate/i
    );
    await expect(b.locator(".draft-verdict").textContent()).resolves.toBe(
      "The service would approve it."
    );
    // Asking changed nothing in the service.
    for (const id of ids) expect(suite.env.simulator.store.invoice(id)?.status).toBe("created");

    // The preview: opened with Enter, the service's HTML inside a frame that runs no script.
    await b.press("Enter");
    const frame = pane.locator("#preview-frame");
    await pane.locator("#preview-block").waitFor({ state: "visible" });
    await expect(frame.getAttribute("sandbox")).resolves.toBe("");
    await until(
      async () => /Content-Security-Policy/.test((await frame.getAttribute("srcdoc")) ?? ""),
      IN_THE_PAGE
    );
    await expect(
      pane.frameLocator("#preview-frame").locator("body").textContent()
    ).resolves.toMatch(/120/);
    expect(await suite.preview.dialogsOpened()).toBe(false);

    // The screenshot: the pane 320 px wide, light theme.
    await page.evaluate(() => {
      const pane = document.getElementById("taskpane")!;
      pane.style.flex = "0 0 320px";
      pane.style.width = "320px";
    });
    await pane.locator("#drafts-block").scrollIntoViewIfNeeded();
    await page.locator("#taskpane").screenshot({ path: screenshotPath("drafts-review.png") });
    await frame.scrollIntoViewIfNeeded();
    await frame.screenshot({ path: screenshotPath("drafts-preview.png") });
    // Painted, not only parsed: the invoice's heading has a height in the frame.
    const height = await pane
      .frameLocator("#preview-frame")
      .locator("h1")
      .evaluate((h) => h.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(0);

    // Approve: exactly these drafts, through the engine's bulk approve step.
    await expect(pane.locator("#approve-drafts").textContent()).resolves.toMatch(
      /Approve 3 drafts/
    );
    await pane.locator("#approve-drafts").click();
    // The card asks before approving, as before Create and approve.
    await pane.locator("#confirm-text", { hasText: "Approve 3 drafts?" }).waitFor();
    await pane.locator("#confirm-yes").click();
    await pane.locator("#summary-text").waitFor({ state: "visible", timeout: 60_000 });
    await until(
      async () => (await suite.preview.cellText(`${COL.status}4`)) === "approved",
      IN_THE_PAGE
    );
    await expect(suite.preview.cellText(`${COL.status}2`)).resolves.toBe("approved");
    await expect(suite.preview.cellText(`${COL.status}5`)).resolves.toBe("failed");
    expect(suite.env.simulator.store.invoice(ids[0])?.status).toBe("approved");
    expect(suite.env.simulator.store.invoice(ids[1])?.status).toBe("approved");
    expect(suite.env.simulator.store.invoice(ids[2])?.status).toBe("created");
    expect(await suite.preview.cellText(`${COL.invoiceNum}4`)).toBe(
      suite.env.simulator.store.invoice(ids[1])?.invoiceNum
    );
    expect(suite.env.simulator.log.count("POST", /bulk\/approve$/i)).toBeGreaterThanOrEqual(2);
  });
});
