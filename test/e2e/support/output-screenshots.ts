/**
 * Screenshots the e2e tests take for the docs go to the git-ignored `test-output/screenshots/`, so
 * a test run leaves the tree clean; `npm run docs:screenshots` copies them into docs/screenshots.
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./build";

/** Folder of the screenshots (created on first use). */
export const SCREENSHOT_DIR = path.join(ROOT, "test-output", "screenshots");

/** `test-output/screenshots/<name>`. */
export function outputScreenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}
