/**
 * `npm run build:gateway`: the company gateway as one JavaScript file for a server that has Node
 * (26, the active LTS; 24 in maintenance; Node 20 is past its end of life) and nothing else: `dist-gateway/gateway.cjs` (fastify and every other runtime dependency bundled
 * in by esbuild, their licence notices kept at the end of the file) plus `gateway.env.example`.
 *
 * One file rather than a file plus a package.json to `npm ci`: the server needs no npm, no registry
 * access and no node_modules, an update is one file to replace, and what runs is exactly what was
 * tested here (the lock file's versions, not whatever a later install resolves). See docs/it/deploy.md.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(__dirname, "..");

/** Where `npm run build:gateway` writes. */
export const GATEWAY_DIST = path.join(root, "dist-gateway");

/** Builds the gateway bundle into `outDir` (emptied first); resolves to the bundle's path. */
export async function buildGateway(outDir: string = GATEWAY_DIST): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, "gateway.cjs");
  await build({
    entryPoints: [path.join(root, "gateway", "cli.ts")],
    outfile,
    bundle: true,
    platform: "node",
    // Syntax both LTS lines run (and Node 20, which this machine's tests use); no API only Node 20
    // has (test/integration/gateway/bundle.test.ts checks).
    target: "node20",
    format: "cjs",
    // Stack traces in the gateway's log point at gateway/*.ts lines with `node --enable-source-maps`.
    sourcemap: true,
    legalComments: "eof",
    logLevel: "warning",
  });
  copyFileSync(
    path.join(root, "gateway", "gateway.env.example"),
    path.join(outDir, "gateway.env.example")
  );
  return outfile;
}

if (require.main === module) {
  buildGateway().then(
    (file) =>
      console.log(
        `Gateway bundle: ${path.relative(root, file)} (run: node ${path.basename(file)} --env-file gateway.env)`
      ),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    }
  );
}
