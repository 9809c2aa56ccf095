/**
 * Debian's Chromium driven by playwright-core; never a downloaded browser.
 */
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";

/** Where Debian installs Chromium (`apt-get install -y chromium`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launch flags: headless, no sandbox (containers), nothing phoning home. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Starts Chromium; closes it again if launching takes too long. `extraArgs` e.g.
 * `--ignore-certificate-errors-spki-list=<hash>` for exactly the local identity provider's certificate.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 30_000,
  });
}
