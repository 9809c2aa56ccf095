/**
 * Opening the preview and talking to its grid and its task pane frame.
 */
import type { HostId } from "../../../preview/hosts/profiles";
import type { BrowserContext, Frame, FrameLocator, Page } from "playwright-core";
import { startEnvironment, type E2eEnvironment } from "./e2e-env";

/** How long a UI step may take before the test fails (the approvals run in well under this). */
export const STEP_TIMEOUT_MS = 30_000;

/** localStorage key of the task pane's settings in the preview (prefix + the add-in's key). */
export const SETTINGS_KEY = "billing-preview:billing-for-excel.settings.v1";

/** The opened preview. */
export interface PreviewPage {
  page: Page;
  pane: FrameLocator;
  paneFrame(): Frame;
  /** Types text into a cell (click, type, Enter), as a person does. */
  typeInto(address: string, text: string): Promise<void>;
  /** The text a cell shows. */
  cellText(address: string): Promise<string>;
  /** `page.on("dialog")` and an `alert` spy: true once any script opened a dialog. */
  dialogsOpened(): Promise<boolean>;
}

/** Options of {@link openPreview}. */
export interface OpenOptions {
  /** Store settings pointing at the simulator before the page loads (instead of the Connection tab). */
  presetSimulator?: boolean;
  /** Open the pane in this Fluent theme (`preview.html?theme=…`), as under that Office theme. */
  theme?: "light" | "dark";
  /**
   * The host profile the preview answers by (`preview.html?host=…`, preview/hosts/profiles.ts):
   * `excel-2021` acts as the oldest Excel the manifest admits. Default Microsoft 365 current.
   */
  host?: HostId;
  /** The workbook's culture (`preview.html?culture=nl-NL`, application.cultureInfo); default en-US. */
  culture?: string;
  /** Office's display language (`preview.html?lang=nl`, Office.context.displayLanguage); default en-US. */
  lang?: string;
  /** Prepares the browser context before the page loads (routes, init scripts, bindings). */
  beforeLoad?: (context: BrowserContext) => Promise<void>;
}

/** Opens /preview.html and waits until the task pane is up. */
export async function openPreview(
  env: E2eEnvironment,
  options: OpenOptions = {}
): Promise<PreviewPage> {
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 860 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  // Any injected script that reaches alert() (the hostile text's payload) raises a flag on the top page.
  await context.addInitScript(() => {
    const flag = () => {
      (window.top as unknown as { __xss?: boolean }).__xss = true;
    };
    window.alert = flag;
  });
  if (options.presetSimulator) {
    const settings = {
      connection: { baseUrl: env.simulator.url, headers: {}, credential: { kind: "none" } },
      pollIntervalMs: 2000,
      approvalTimeoutMs: 60000,
    };
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      SETTINGS_KEY,
      JSON.stringify(settings),
    ] as const);
  }
  const query = new URLSearchParams();
  if (options.theme) query.set("theme", options.theme);
  if (options.host) query.set("host", options.host);
  if (options.culture) query.set("culture", options.culture);
  if (options.lang) query.set("lang", options.lang);
  await options.beforeLoad?.(context);
  await page.goto(`${env.appUrl}/preview.html${query.size > 0 ? `?${query}` : ""}`);
  await page.waitForSelector("body[data-ready=true]");
  const pane = page.frameLocator("#taskpane");
  await pane.locator("#check").waitFor({ state: "visible" });
  // The pane has wired its controls (taskpane.ts start): a click before that would be lost.
  await pane.locator("body[data-pane-ready=true]").waitFor({ state: "attached" });

  const cell = (address: string) => page.locator(`td[data-cell="${address}"]`);
  return {
    page,
    pane,
    paneFrame() {
      const frame = page.frames().find((f) => f.url().includes("taskpane.html"));
      if (!frame) throw new Error("the task pane frame is missing");
      return frame;
    },
    async typeInto(address, text) {
      await cell(address).click();
      await page.keyboard.type(text);
      await page.keyboard.press("Enter");
    },
    async cellText(address) {
      return (await cell(address).textContent()) ?? "";
    },
    async dialogsOpened() {
      const flagged = await page.evaluate(
        () => (window as unknown as { __xss?: boolean }).__xss === true
      );
      return flagged || dialogs > 0;
    },
  };
}

/** The environment and the preview page a test file shares (see {@link previewSuite}). */
export interface PreviewSuite {
  readonly env: E2eEnvironment;
  readonly preview: PreviewPage;
}

/**
 * Starts the environment and opens the preview (settings preset to the simulator unless `options`
 * say otherwise) before the file's first test, and closes both after its last: the `beforeAll` and
 * `afterAll` are registered here, so call it inside the `describe`. Read `suite.env` and
 * `suite.preview` in the tests and in any later `beforeAll` of the file.
 */
export function previewSuite(options: OpenOptions = { presetSimulator: true }): PreviewSuite {
  let env: E2eEnvironment | undefined;
  let preview: PreviewPage | undefined;
  beforeAll(async () => {
    env = await startEnvironment();
    preview = await openPreview(env, options);
  });
  afterAll(async () => {
    await env?.close();
  });
  return {
    get env() {
      if (!env) throw new Error("the e2e environment has not started");
      return env;
    },
    get preview() {
      if (!preview) throw new Error("the preview has not opened");
      return preview;
    },
  };
}
