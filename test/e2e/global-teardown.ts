/** Removes the build folder made by the global setup (not one passed in for reuse). */
import fs from "node:fs";

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.BILLING_E2E_DIST;
  if (dir && !process.env.BILLING_E2E_DIST_REUSE && dir.includes("billing-e2e-build-")) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
