/**
 * Where the e2e tests save their screenshots: `test-output/screenshots/` (git-ignored), so a test
 * run leaves the tree clean. `npm run docs:screenshots` copies them into `docs/screenshots/`.
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./build";

/** The folder of the screenshots of a test run. */
export const SCREENSHOT_DIR = path.join(ROOT, "test-output", "screenshots");

/** test-output/screenshots/<name> (the folder is created when missing). */
export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}
