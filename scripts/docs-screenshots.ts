/**
 * `npm run docs:screenshots`: runs the browser tests that take screenshots (they write them to the
 * git-ignored test-output/screenshots/) and, when they pass, copies the pictures into
 * docs/screenshots/ for the README and docs. Extra arguments go to jest (e.g. one test file).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FROM = path.join(ROOT, "test-output", "screenshots");
const TO = path.join(ROOT, "docs", "screenshots");

function main(): number {
  fs.rmSync(FROM, { recursive: true, force: true });
  const jest = spawnSync(
    process.execPath,
    [require.resolve("jest/bin/jest"), "-c", "jest.e2e.config.js", ...process.argv.slice(2)],
    { cwd: ROOT, stdio: "inherit" }
  );
  if (jest.status !== 0) {
    console.error("The browser tests failed; docs/screenshots/ is left as it was.");
    return jest.status ?? 1;
  }
  const pictures = fs.existsSync(FROM)
    ? fs.readdirSync(FROM).filter((f) => f.endsWith(".png"))
    : [];
  if (pictures.length === 0) {
    console.error(`No screenshots in ${path.relative(ROOT, FROM)}; nothing copied.`);
    return 1;
  }
  fs.mkdirSync(TO, { recursive: true });
  for (const file of pictures) fs.copyFileSync(path.join(FROM, file), path.join(TO, file));
  console.log(`Copied to docs/screenshots/: ${pictures.join(", ")}`);
  return 0;
}

process.exitCode = main();
