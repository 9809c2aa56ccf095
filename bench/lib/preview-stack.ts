/**
 * What the preview benchmarks run on (bench:sheet, bench:preview): the development build (or
 * BILLING_BENCH_DIST's), served over HTTP; the simulator in its own process, open to the page's
 * origin; Chromium. Each started piece pushes its stop onto `stops` (stop them in reverse).
 */
import fs from "node:fs";
import type { Simulator } from "../../simulator";
import { launchBrowser } from "../../test/e2e/support/browser";
import { buildDevelopmentBundle } from "../../test/e2e/support/build";
import type { E2eEnvironment } from "../../test/e2e/support/e2e-env";
import { startStaticServer } from "../../test/e2e/support/static-server";
import { startSimulatorProcess } from "./simulator-process";
import type { SimulatorProcess } from "./simulator-process";
import { figure } from "./table";

/** The simulator's timing for the bench. */
export interface ServiceTiming {
  latencyMs: number;
  approvalDelayMs: number;
  numberDelayMs: number;
}

/** Starts the build's server, the simulator and Chromium; `env` is what openPreview takes. */
export async function startPreviewStack(
  timing: ServiceTiming,
  stops: (() => Promise<unknown>)[]
): Promise<{ sim: SimulatorProcess; env: E2eEnvironment }> {
  let dist = process.env.BILLING_BENCH_DIST;
  if (!dist) {
    const built = performance.now();
    const builtDir = await buildDevelopmentBundle();
    dist = builtDir;
    stops.push(async () => fs.rmSync(builtDir, { recursive: true, force: true }));
    console.log(
      `Development build: ${figure(performance.now() - built)} ms (not part of any figure).`
    );
  }
  const server = await startStaticServer(dist);
  stops.push(() => server.close());
  const sim = await startSimulatorProcess({ ...timing, corsOrigin: "*" });
  stops.push(() => sim.stop());
  const browser = await launchBrowser();
  stops.push(() => browser.close());
  const env = {
    appUrl: server.url,
    simulator: { url: sim.url } as Simulator,
    browser,
    close: async () => undefined,
  };
  return { sim, env };
}
