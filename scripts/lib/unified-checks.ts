/**
 * Offline checks of the unified manifest (`manifest.json`): Microsoft's published JSON
 * schema for its `manifestVersion`, from the npm package `@microsoft/app-manifest` (validated with
 * that package's own ajv set-up, never fetched), and agreement with `manifest.xml`: the JSON must be
 * exactly what scripts/lib/unified-manifest.js writes from the XML beside it.
 */
import { existsSync, readFileSync } from "node:fs";
import { AppManifestUtils } from "@microsoft/app-manifest";
import type { ManifestProblem } from "./manifest-checks";
import { unifiedManifestJson } from "./unified-manifest";

/** The schema file @microsoft/app-manifest ships for a manifest version (e.g. "1.25"). */
export function unifiedSchemaPath(manifestVersion: string): string {
  return require.resolve(
    `@microsoft/app-manifest/build/json-schemas/teams/v${manifestVersion}/MicrosoftTeams.schema.json`
  );
}

/** manifest.json against Microsoft's schema for the version it declares, offline. */
export async function checkUnifiedSchema(manifestJson: string): Promise<ManifestProblem[]> {
  if (!existsSync(manifestJson))
    return [{ check: "unified", message: `${manifestJson} does not exist` }];
  const manifest = JSON.parse(readFileSync(manifestJson, "utf8")) as { manifestVersion?: string };
  let schemaFile: string;
  try {
    schemaFile = unifiedSchemaPath(String(manifest.manifestVersion));
  } catch {
    return [
      {
        check: "unified",
        message: `manifestVersion "${manifest.manifestVersion}" has no schema in @microsoft/app-manifest`,
      },
    ];
  }
  const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as Parameters<
    typeof AppManifestUtils.validateAgainstSchema
  >[1];
  const errors = await AppManifestUtils.validateAgainstSchema(
    manifest as Parameters<typeof AppManifestUtils.validateAgainstSchema>[0],
    schema
  );
  return errors.map((message) => ({ check: "unified", message: message.trim() }));
}

/** Every JSON path where `actual` differs from `expected` (`extensions[0].runtimes[0].id`, …). */
export function jsonDifferences(expected: unknown, actual: unknown, at = ""): string[] {
  if (expected === actual) return [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null;
  if (!isObject(expected) || !isObject(actual) || Array.isArray(expected) !== Array.isArray(actual))
    return [at || "(the whole manifest)"];
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...keys].flatMap((key) =>
    jsonDifferences(
      expected[key],
      actual[key],
      Array.isArray(expected) ? `${at}[${key}]` : at ? `${at}.${key}` : key
    )
  );
}

/**
 * manifest.json is what manifest.xml generates: same add-in id, version, URLs, requirement sets,
 * runtime, namespace and ribbon. Names every path that differs.
 */
export function checkAgreement(manifestXml: string, manifestJson: string): ManifestProblem[] {
  if (!existsSync(manifestJson))
    return [{ check: "agreement", message: `${manifestJson} does not exist` }];
  const expected = JSON.parse(unifiedManifestJson(readFileSync(manifestXml))) as unknown;
  const actual = JSON.parse(readFileSync(manifestJson, "utf8")) as unknown;
  return jsonDifferences(expected, actual).map((where) => ({
    check: "agreement",
    message: `${where} differs from what ${manifestXml} gives (run \`npm run manifest:json\`)`,
  }));
}
