/**
 * `npm start`: the simulator (the add-in's default backend) plus the add-in.
 *
 * - Windows and Mac: office-addin-debugging starts the dev server and sideloads manifest.xml into
 *   desktop Excel.
 * - Linux (Excel cannot be sideloaded there), or `npm start -- --preview`: the dev server alone, and
 *   the preview page (an in-browser workbook with the real task pane) is the place to try it.
 *
 * Flags: `--preview`, `--no-simulator` (use the base URL saved in the task pane instead).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createSimulator } from "../simulator/index";
import { isCompiled, previewNotice } from "./lib/start-notice";

const SIMULATOR_PORT = Number(process.env.SIMULATOR_PORT || 3001);
const DEV_SERVER_URL = "https://localhost:3000";

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const preview = args.has("--preview") || !["win32", "darwin"].includes(process.platform);
  const children: ChildProcess[] = [];
  let stopSimulator: (() => Promise<void>) | undefined;

  if (!args.has("--no-simulator")) {
    const simulator = await createSimulator({ port: SIMULATOR_PORT, host: "127.0.0.1" });
    stopSimulator = simulator.close;
    console.log(`Billing service simulator: ${simulator.url} (demo data, live dialect)`);
  }

  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  if (preview) {
    const server = spawn(npx, ["webpack", "serve", "--mode", "development"], {
      stdio: ["inherit", "pipe", "inherit"],
      env: { ...process.env, OFFICE_JS: "local" },
    });
    children.push(server);
    // The build's output first; the address once it is ready, last, where it is seen.
    let told = false;
    server.stdout?.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (told || !isCompiled(chunk.toString())) return;
      told = true;
      console.log(previewNotice(process.platform, DEV_SERVER_URL));
    });
  } else {
    children.push(
      spawn(npx, ["office-addin-debugging", "start", "manifest.xml", "desktop"], {
        stdio: "inherit",
      })
    );
  }

  const stop = async (): Promise<void> => {
    for (const child of children) child.kill("SIGTERM");
    await stopSimulator?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  for (const child of children) {
    child.on("exit", (code) => {
      if (code && code !== 0) {
        console.error(`${child.spawnargs.join(" ")} exited with code ${code}`);
        void stop();
      }
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
