/**
 * The Chromium the browser tests drive with playwright-core; never one downloaded at run time.
 *
 * Which one, in this order:
 * 1. `CHROMIUM_PATH`, when set;
 * 2. Debian's Chromium (`apt-get install chromium`: /usr/bin/chromium), or any `chromium` on the PATH;
 * 3. otherwise the Chromium that `npm install` brought: the npm package `@sparticuz/chromium` ships a
 *    headless Chromium for Linux x64, brotli-compressed, with the few libraries it links beyond glibc
 *    (NSS, NSPR, expat), SwiftShader and a font. It is unpacked once into
 *    node_modules/.cache/billing-chromium/<version>/ and started with those libraries on
 *    LD_LIBRARY_PATH, so a machine with only Node runs the browser tests.
 */
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";

const ROOT = path.resolve(__dirname, "../../..");

/** The first executable `name` on the PATH (Debian's Chromium is /usr/bin/chromium), if any. */
export function onPath(name: string, searchPath = process.env.PATH ?? ""): string | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Launch flags: headless, no sandbox (containers), nothing phoning home. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A Chromium to start: its executable and what its process needs in the environment. */
export interface ChromiumInstall {
  executablePath: string;
  env: Record<string, string>;
  source: "CHROMIUM_PATH" | "system" | "npm";
}

/** The folder of @sparticuz/chromium's compressed files (`bin/`), and its version. */
function packagedChromium(): { bin: string; version: string; requireFrom: NodeJS.Require } {
  // Its exports hide package.json: from the CommonJS entry (build/cjs/index.cjs) up to the package.
  const main = require.resolve("@sparticuz/chromium", { paths: [ROOT] });
  const packageJson = path.resolve(path.dirname(main), "..", "..", "package.json");
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  return {
    bin: path.join(path.dirname(packageJson), "bin"),
    version,
    requireFrom: createRequire(packageJson),
  };
}

async function inflateTo(
  source: string,
  folder: string,
  requireFrom: NodeJS.Require
): Promise<void> {
  // tar-fs: the package's own dependency for its .tar.br files.
  const { extract } = requireFrom("tar-fs") as { extract(dir: string): NodeJS.WritableStream };
  await pipeline(createReadStream(source), createBrotliDecompress(), extract(folder));
}

/**
 * Unpacks the npm package's Chromium once per version; a half-done unpack (a killed run) is never
 * used, and two runs at once each unpack to their own folder and the first rename wins.
 */
export async function unpackPackagedChromium(
  cacheRoot = path.join(ROOT, "node_modules", ".cache", "billing-chromium")
): Promise<ChromiumInstall> {
  const { bin, version, requireFrom } = packagedChromium();
  const folder = path.join(cacheRoot, version);
  const env = {
    LD_LIBRARY_PATH: [path.join(folder, "lib"), process.env.LD_LIBRARY_PATH]
      .filter(Boolean)
      .join(":"),
    FONTCONFIG_PATH: folder,
  };
  const executablePath = path.join(folder, "chromium");
  if (existsSync(executablePath)) return { executablePath, env, source: "npm" };

  const work = `${folder}.unpacking-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    await pipeline(
      createReadStream(path.join(bin, "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(path.join(work, "chromium"), { mode: 0o755 })
    );
    for (const archive of ["al2023.tar.br", "swiftshader.tar.br", "fonts.tar.br"]) {
      await inflateTo(path.join(bin, archive), work, requireFrom);
    }
    // The package's fonts.conf points at /tmp/fonts (AWS Lambda); this one at the unpacked font and
    // the system's fonts, where there are any.
    writeFileSync(
      path.join(work, "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(folder, "fonts")}</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${path.join(folder, "fonts-cache")}</cachedir>\n</fontconfig>\n`
    );
    try {
      renameSync(work, folder);
    } catch (e) {
      if (!existsSync(executablePath)) throw e; // another run unpacked it first: use that one
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { executablePath, env, source: "npm" };
}

/** The Chromium these tests use (see the top of this file for the order). */
export async function findChromium(): Promise<ChromiumInstall> {
  if (process.env.CHROMIUM_PATH)
    return { executablePath: process.env.CHROMIUM_PATH, env: {}, source: "CHROMIUM_PATH" };
  const system = onPath("chromium");
  if (system) return { executablePath: system, env: {}, source: "system" };
  return await unpackPackagedChromium();
}

/**
 * Starts Chromium; closes it again if launching takes too long. `extraArgs` e.g.
 * `--ignore-certificate-errors-spki-list=<hash>` for exactly the local identity provider's certificate.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const install = await findChromium();
  return await chromium.launch({
    executablePath: install.executablePath,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    env: { ...(process.env as Record<string, string>), ...install.env },
    timeout: 30_000,
  });
}
