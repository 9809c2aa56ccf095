/**
 * Offline checks of an Office add-in XML manifest: Microsoft's XSDs, kept in
 * `schemas/manifest/`, then what a schema cannot see — resids that resolve, https everywhere, icons
 * and scripts present in the build, and the custom-functions namespace agreeing with functions.json.
 *
 * Everything runs inside Node, nothing from the system: the XSD check is libxml2's own xmllint built
 * to WebAssembly (the npm package `xmllint-wasm`), the other checks read the manifest with
 * @xmldom/xmldom and XPath (`parseXml` in unified-manifest.js).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";
import { parseXml } from "./unified-manifest";

/** The folder of Microsoft's manifest XSDs, inside the project (provenance and patches: its README). */
const SCHEMA_DIR = path.resolve(__dirname, "../../schemas/manifest");
/** The main manifest XSD; it imports the others from the same folder. */
export const SCHEMA = path.join(SCHEMA_DIR, "OfficeAppManifestV1_1.xsd");

/** One finding: which check, and what is wrong in plain words. */
export interface ManifestProblem {
  check: "schema" | "resid" | "https" | "files" | "functions" | "unified" | "agreement";
  message: string;
}

function xpath(file: string, expression: string): string[] {
  return parseXml(readFileSync(file)).values(expression);
}

/**
 * XSD validation with xmllint (libxml2 in WebAssembly), strict for the base manifest and the task
 * pane VersionOverrides. Messages read as xmllint's own: `<file>:<line>: Schemas validity error : …`.
 */
export async function checkSchema(manifest: string, schema = SCHEMA): Promise<ManifestProblem[]> {
  // Without this, xmllint's "failed to compile" would read like a fault of the manifest.
  if (!existsSync(schema))
    throw new Error(
      `The manifest schema ${schema} does not exist (the project's copy: schemas/manifest/)`
    );
  const dir = path.dirname(schema);
  const imported = readdirXsd(dir).filter((file) => file !== path.basename(schema));
  const name = path.basename(manifest);
  const result = await validateXML({
    xml: [{ fileName: name, contents: readFileSync(manifest, "utf8") }],
    schema: [{ fileName: path.basename(schema), contents: readFileSync(schema, "utf8") }],
    preload: imported.map((file) => ({
      fileName: file,
      contents: readFileSync(path.join(dir, file), "utf8"),
    })),
  });
  if (result.valid) return [];
  const problems = result.errors.map((error) => ({
    check: "schema" as const,
    message: error.loc ? `${manifest}:${error.loc.lineNumber}: ${error.message}` : error.rawMessage,
  }));
  return problems.length > 0
    ? problems
    : [{ check: "schema", message: result.rawOutput.trim() || `${manifest} fails to validate` }];
}

function readdirXsd(dir: string): string[] {
  return readdirSync(dir).filter((file) => file.endsWith(".xsd"));
}

const RESOURCE_KINDS: Record<string, string> = {
  Image: "Images",
  Url: "Urls",
  String: "ShortStrings|LongStrings",
};

/** Every `resid` names a resource of the right kind under `<Resources>`. */
export function checkResids(manifest: string): ManifestProblem[] {
  const declared = new Set(xpath(manifest, "//*[local-name()='Resources']//*[@id]/@id"));
  const problems: ManifestProblem[] = [];
  for (const resid of new Set(xpath(manifest, "//*[@resid]/@resid"))) {
    if (!declared.has(resid)) {
      problems.push({
        check: "resid",
        message: `resid "${resid}" is not declared under <Resources>`,
      });
    }
  }
  for (const [kind, groups] of Object.entries(RESOURCE_KINDS)) {
    const ids = xpath(manifest, `//*[local-name()='Resources']//*[local-name()='${kind}']/@id`);
    const groupIds = groups
      .split("|")
      .flatMap((group) => xpath(manifest, `//*[local-name()='${group}']/*/@id`));
    for (const id of ids) {
      if (!groupIds.includes(id)) {
        problems.push({ check: "resid", message: `resource "${id}" is not in ${groups}` });
      }
    }
  }
  return problems;
}

/** Every URL the manifest names. */
export function manifestUrls(manifest: string): string[] {
  return [
    ...xpath(
      manifest,
      "//*[local-name()='Resources']//*[local-name()='Url' or local-name()='Image']/@DefaultValue"
    ),
    // A URL per language (functions.nl-NL.json for nl-NL): built and served like the default one.
    ...xpath(
      manifest,
      "//*[local-name()='Resources']//*[local-name()='Url' or local-name()='Image']/*[local-name()='Override']/@Value"
    ),
    ...xpath(
      manifest,
      "//*[local-name()='IconUrl' or local-name()='HighResolutionIconUrl' or local-name()='SupportUrl' or local-name()='SourceLocation']/@DefaultValue"
    ),
    ...xpath(manifest, "//*[local-name()='AppDomain']/text()"),
  ];
}

/** Office loads nothing over plain http. */
export function checkHttps(manifest: string): ManifestProblem[] {
  return manifestUrls(manifest)
    .filter((url) => !url.startsWith("https://"))
    .map((url) => ({ check: "https" as const, message: `URL is not https: ${url}` }));
}

/**
 * Every icon, script, page and metadata file the manifest points at under `baseUrl` exists in `distDir`
 * (URLs elsewhere, such as a help page on another host, are not ours to check).
 */
export function checkFiles(manifest: string, distDir: string, baseUrl: string): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  for (const url of new Set(manifestUrls(manifest))) {
    if (!url.startsWith(baseUrl) || url === baseUrl.replace(/\/$/, "")) continue;
    const relative = new URL(url).pathname.replace(new URL(baseUrl).pathname, "");
    if (!relative) continue;
    if (!existsSync(path.join(distDir, relative))) {
      problems.push({ check: "files", message: `${url} → ${relative} is missing from ${distDir}` });
    }
  }
  return problems;
}

/** The namespace in the manifest and the functions in functions.json fit together. */
export function checkFunctions(manifest: string, functionsJson: string): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const nsResid = xpath(manifest, "//*[local-name()='Namespace']/@resid")[0];
  const namespace = nsResid
    ? xpath(manifest, `//*[local-name()='Resources']//*[@id='${nsResid}']/@DefaultValue`)[0]
    : undefined;
  if (!namespace)
    return [{ check: "functions", message: "no custom functions Namespace in the manifest" }];
  if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(namespace)) {
    problems.push({
      check: "functions",
      message: `namespace "${namespace}" is not a valid Excel namespace`,
    });
  }
  if (!existsSync(functionsJson)) {
    return [
      ...problems,
      { check: "functions", message: `${functionsJson} does not exist (build first)` },
    ];
  }
  const metadata = JSON.parse(readFileSync(functionsJson, "utf8")) as {
    functions?: { id: string; name: string }[];
  };
  const functions = metadata.functions ?? [];
  if (functions.length === 0)
    problems.push({ check: "functions", message: "functions.json lists no functions" });
  const seen = new Set<string>();
  for (const fn of functions) {
    if (seen.has(fn.id))
      problems.push({ check: "functions", message: `duplicate function id ${fn.id}` });
    seen.add(fn.id);
    if (fn.name.toUpperCase().startsWith(`${namespace.toUpperCase()}.`)) {
      problems.push({
        check: "functions",
        message: `function ${fn.name} repeats the namespace: Excel would show ${namespace}.${fn.name}`,
      });
    }
    if (!/^[A-Z][A-Z0-9._]*$/.test(fn.name)) {
      problems.push({
        check: "functions",
        message: `function name ${fn.name} is not upper-case letters and digits`,
      });
    }
  }
  return problems;
}
