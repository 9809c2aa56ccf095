/**
 * Jest global setup of the e2e tests: one development build for every test file (a build takes a
 * while on two cores). Its folder is handed to the workers through BILLING_E2E_DIST.
 */
import { buildDevelopmentBundle } from "./support/build";

export default async function globalSetup(): Promise<void> {
  if (process.env.BILLING_E2E_DIST_REUSE) {
    process.env.BILLING_E2E_DIST = process.env.BILLING_E2E_DIST_REUSE;
    return;
  }
  process.env.BILLING_E2E_DIST = await buildDevelopmentBundle();
}
