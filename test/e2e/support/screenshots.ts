/** Where the e2e tests save the screenshots used by the README and docs. */
import path from "node:path";
import { ROOT } from "./build";

/** docs/screenshots/<name>. */
export function screenshotPath(name: string): string {
  return path.join(ROOT, "docs", "screenshots", name);
}
