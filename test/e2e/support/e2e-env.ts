/**
 * What every e2e file needs: the shared build served over HTTP, the simulator in-process with short
 * delays, and Chromium. `startEnvironment()` in beforeAll, `env.close()` in afterAll.
 */
import type { Browser } from "playwright-core";
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { launchBrowser } from "./browser";
import { startStaticServer } from "./static-server";
import type { StaticServer } from "./static-server";

/** A running e2e environment. */
export interface E2eEnvironment {
  /** Origin of the built add-in (`/preview.html`, `/taskpane.html`). */
  appUrl: string;
  simulator: Simulator;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the static server, the simulator and the browser; stops what started when one fails. */
export async function startEnvironment(): Promise<E2eEnvironment> {
  const dist = process.env.BILLING_E2E_DIST;
  if (!dist)
    throw new Error("BILLING_E2E_DIST is not set: run with `npx jest -c jest.e2e.config.js`.");
  const started: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const s of started.reverse()) await s.close().catch(() => undefined);
  };
  try {
    const server: StaticServer = await startStaticServer(dist);
    started.push(server);
    const simulator = await createSimulator({
      port: 0,
      corsOrigin: "*",
      approvalDelayMs: 300,
      numberDelayMs: 200,
    });
    started.push(simulator);
    const browser = await launchBrowser();
    started.push({ close: () => browser.close() });
    return { appUrl: server.url, simulator, browser, close };
  } catch (e) {
    await close();
    throw e;
  }
}
