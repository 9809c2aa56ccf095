/**
 * The task pane passes axe-core with no serious or critical finding, in Office's light and dark
 * themes, on each tab; every control is reachable with Tab, in order, and looks different when
 * focused (pictures with and without focus are compared; Playwright hides the text caret); the
 * pane works 320 px wide with the connection line on one line; red text (Check's problem link, a
 * drafts mismatch, a refused verdict, the undo warning, a failed invoice's state) is drawn at least
 * 4.5:1 against its drawn background. Saves pane-dark.png.
 */
import type { Locator } from "playwright-core";
import { previewSuite } from "./support/preview-page";
import { seriousAxeFindings } from "./support/axe";
import { screenshotPath } from "./support/screenshots";
import { DRAFTS_TO_REVIEW, TWO_INVOICES, templateWithRows } from "./support/invoice-rows";

/** Narrowest pane Office shows (add-in design guidelines). */
const NARROW_PX = 320;

describe.each(["light", "dark"] as const)("the task pane in the %s theme", (theme) => {
  const suite = previewSuite({ presetSimulator: true, theme });

  beforeAll(async () => {
    await suite.preview.pane.locator("#connection-status[data-state]").waitFor();
  });

  it("uses Fluent's theme of that name", async () => {
    const frame = suite.preview.paneFrame();
    await expect(frame.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(theme);
    const background = await frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(theme === "dark" ? "rgb(41, 41, 41)" : "rgb(255, 255, 255)");
  });

  it.each([
    ["Invoices", "#tab-invoices"],
    ["Lookups", "#tab-lookups"],
    ["Connection", "#tab-connection"],
  ])("has no serious or critical axe finding on the %s tab", async (_name, tab) => {
    const { pane } = suite.preview;
    await pane.locator(tab).click();
    await expect(pane.locator(tab).getAttribute("aria-selected")).resolves.toBe("true");
    await expect(seriousAxeFindings(suite.preview.paneFrame())).resolves.toEqual([]);
  });

  it("has no serious or critical axe finding with lookup results and errors shown", async () => {
    const { pane } = suite.preview;
    await pane.locator("#tab-lookups").click();
    await pane.locator("#lookup-search").click(); // empty customer name: the error next to it
    await pane.locator("#lookup-error").waitFor({ state: "visible" });
    await pane.locator("#lookup-query input").fill("a");
    await pane.locator("#lookup-search").click();
    await pane.locator('[data-testid="lookup-result-0"]').waitFor();
    await pane.locator("#lookup-search:not([disabled])").waitFor();
    await expect(seriousAxeFindings(suite.preview.paneFrame())).resolves.toEqual([]);
  });

  it("fits 320 px wide with the connection line on one line", async () => {
    const { page, pane } = suite.preview;
    await page.evaluate((w) => {
      const frame = document.getElementById("taskpane") as HTMLIFrameElement;
      frame.style.flex = "none";
      frame.style.width = `${w}px`;
    }, NARROW_PX);
    await pane.locator("#tab-invoices").click();
    const frame = suite.preview.paneFrame();
    await expect(frame.evaluate(() => window.innerWidth)).resolves.toBe(NARROW_PX);
    const layout = await frame.evaluate(() => {
      const status = document.getElementById("connection-status") as HTMLElement;
      const header = document.querySelector(".pane-header") as HTMLElement;
      const refresh = document.getElementById("refresh") as HTMLElement;
      const lineHeight = parseFloat(getComputedStyle(status).lineHeight);
      return {
        statusLines: Math.round(status.getBoundingClientRect().height / lineHeight),
        refreshInside:
          refresh.getBoundingClientRect().right <= header.getBoundingClientRect().right,
        sameRow:
          Math.abs(
            refresh.getBoundingClientRect().top +
              refresh.getBoundingClientRect().height / 2 -
              (status.getBoundingClientRect().top + status.getBoundingClientRect().height / 2)
          ) < 4,
        scrollsSideways:
          document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    expect(layout).toEqual({
      statusLines: 1,
      refreshInside: true,
      sameRow: true,
      scrollsSideways: false,
    });
    if (theme === "dark") {
      await page.locator("#taskpane").screenshot({ path: screenshotPath("pane-dark.png") });
    }
  });

  /** Controls each tab must reach with the keyboard, in the pane's own order. */
  const CONTROLS: [string, string, string[]][] = [
    [
      "Invoices",
      "#tab-invoices",
      [
        "refresh",
        "tab-invoices",
        "check",
        "create",
        "create-drafts",
        "send-invoices",
        "credit-invoices",
        "mark-sent-invoices",
        "insert-template",
      ],
    ],
    [
      "Lookups",
      "#tab-lookups",
      ["refresh", "tab-lookups", "lookup-kind", "lookup-query", "lookup-search"],
    ],
    [
      "Connection",
      "#tab-connection",
      [
        "refresh",
        "tab-connection",
        "base-url",
        "credential-kind",
        "add-header",
        "poll-interval",
        "approval-timeout",
        "save-settings",
        "test-connection",
        "reset-settings",
      ],
    ],
  ];

  it.each(CONTROLS)(
    "reaches every control of the %s tab with Tab, each drawing a visible focus",
    async (_name, tab, expected) => {
      const { pane, page } = suite.preview;
      await pane.locator(tab).click();
      const frame = suite.preview.paneFrame();
      // Start where a keyboard user starts: the top of the pane document.
      await frame.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute("tabindex");
      });
      const reached: string[] = [];
      const focusedPictures = new Map<string, Buffer>();
      const clipOf = async (id: string) => {
        const box = await pane.locator(`[id="${id}"]`).boundingBox();
        if (!box) throw new Error(`#${id} has no box`);
        return { x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8 };
      };
      // The tab's own controls come first, in this order (results listed after them follow).
      for (const want of expected) {
        await page.keyboard.press("Tab");
        const id = await frame.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return "(nothing)";
          return el.id || el.getAttribute("data-testid") || el.tagName.toLowerCase();
        });
        reached.push(id);
        if (id !== want) break;
        // Let Fluent's focus transition finish before the picture.
        await frame.waitForFunction(() =>
          document.getAnimations().every((a) => a.playState !== "running")
        );
        focusedPictures.set(id, await page.screenshot({ clip: await clipOf(id) }));
      }
      expect(reached).toEqual(expected);
      // The same places without focus: each must look different, i.e. the focus is visible.
      await frame.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await frame.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== "running")
      );
      const invisible: string[] = [];
      for (const id of reached) {
        const plain = await page.screenshot({ clip: await clipOf(id) });
        if (plain.equals(focusedPictures.get(id)!)) invisible.push(id);
      }
      expect(invisible).toEqual([]);
    }
  );

  it("moves between tabs with the arrow keys", async () => {
    const { pane, page } = suite.preview;
    await pane.locator("#tab-invoices").click();
    await pane.locator("#tab-invoices").focus();
    await page.keyboard.press("ArrowRight");
    await expect(pane.locator("#tab-lookups").getAttribute("aria-selected")).resolves.toBe("true");
    await expect(pane.locator("#panel-lookups").isVisible()).resolves.toBe(true);
    await page.keyboard.press("Tab");
    // Tab leaves the tab list for the panel's first control.
    const inPanel = await suite.preview
      .paneFrame()
      .evaluate(() => document.getElementById("panel-lookups")?.contains(document.activeElement));
    expect(inPanel).toBe(true);
  });

  it("draws Check's problem link at WCAG AA contrast (at least 4.5:1) against the problem's background", async () => {
    const { pane } = suite.preview;
    await pane.locator("#tab-invoices").click();
    // One row whose quantity is not a number: Check lists it as a problem, a link to its cell.
    await templateWithRows(suite.preview, [{ ...TWO_INVOICES[2], qty: "two" }]);
    await pane.locator("#check").click();
    const link = pane.locator("#check-problems .problem-link").first();
    await link.waitFor({ state: "visible" });
    await expect(link.evaluate((el) => el.closest(".result")?.className)).resolves.toBe(
      "result bad"
    );
    expect(await drawnContrast(link)).toBeGreaterThanOrEqual(4.5);
    // axe's own colour-contrast rule agrees for the whole problem box.
    await expect(seriousAxeFindings(suite.preview.paneFrame(), "#check-summary")).resolves.toEqual(
      []
    );
  });

  it("draws its red text at WCAG AA contrast (at least 4.5:1) where it appears: a mismatch, a refusal, an undo warning, a failed invoice", async () => {
    const { pane } = suite.preview;
    await pane.locator("#tab-invoices").click();
    // Drafts to review: A's total differs from the sheet's, C (Van den Berg) would be refused.
    await templateWithRows(suite.preview, DRAFTS_TO_REVIEW);
    await pane.locator("#create-drafts").click();
    await pane.locator("#drafts-block").waitFor({ state: "visible", timeout: 60_000 });
    await pane.locator("#drafts-status", { hasText: /refuse 1 of 3/ }).waitFor();
    const ratios: Record<string, number> = {};
    ratios.mismatch = await drawnContrast(pane.locator("#drafts-list .mismatch-text").first());
    ratios.refused = await drawnContrast(pane.locator("#drafts-list .draft-verdict.refused"));
    // Approving them asks first, saying what cannot be undone.
    await pane.locator("#approve-drafts").click();
    const warning = pane.locator("#confirm-warning.undo-warning");
    await warning.waitFor({ state: "visible" });
    ratios.undoWarning = await drawnContrast(warning);
    // Approved anyway: C fails, and the run's list shows its state in red.
    await pane.locator("#confirm-yes").click();
    const failed = pane.locator("#invoice-results .invoice-item.bad .invoice-state");
    await failed.waitFor({ state: "visible", timeout: 60_000 });
    await expect(failed.textContent()).resolves.toMatch(/failed/);
    // The pointer off the list: the item as it rests, not hovered.
    await suite.preview.page.mouse.move(0, 0);
    ratios.failedState = await drawnContrast(failed);
    // Every one named with its ratio when any falls short.
    const short = Object.entries(ratios).filter(([, r]) => r < 4.5);
    expect({ theme, short }).toEqual({ theme, short: [] });
    expect(Object.keys(ratios)).toHaveLength(4);
  });
});

/**
 * The WCAG 2.x contrast of `target`'s text as the browser draws it: its text colour against what
 * lies behind it (the first painted background of it or its ancestors, each see-through one laid
 * over the next, on the page's white canvas).
 */
async function drawnContrast(target: Locator): Promise<number> {
  const drawn = await target.evaluate((el) => {
    const rgba = (css: string) => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(css);
      if (!m) throw new Error(`not an rgb colour: ${css}`);
      return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
    };
    const layers: number[][] = [];
    for (let n: Element | null = el; n; n = n.parentElement) {
      const bg = rgba(getComputedStyle(n).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    // Under everything, the page's white canvas.
    let behind = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) {
      behind = [r, g, b].map((c, i) => c * a + behind[i] * (1 - a));
    }
    const [r, g, b, a] = rgba(getComputedStyle(el).color);
    const text = [r, g, b].map((c, i) => c * a + behind[i] * (1 - a));
    return { text, behind };
  });
  return contrastRatio(drawn.text, drawn.behind);
}

/** WCAG 2.x relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.x contrast ratio of two colours (1 to 21). */
function contrastRatio(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
