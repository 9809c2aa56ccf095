/**
 * `npm run manifest:json`: writes manifest.json (the unified manifest) from manifest.xml, its one
 * source. Run it after changing manifest.xml; `npm run validate` and the unit tests fail while the
 * two disagree. The production build writes dist/manifest.json the same way, with `ADDIN_URL`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { unifiedManifestJson } from "./lib/unified-manifest";

const root = path.resolve(__dirname, "..");
const json = unifiedManifestJson(readFileSync(path.join(root, "manifest.xml")));
writeFileSync(path.join(root, "manifest.json"), json);
console.log("manifest.json written from manifest.xml");
