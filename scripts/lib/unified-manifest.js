/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The unified manifest (`manifest.json`) written from the XML manifest (`manifest.xml`), which stays
 * the one source: the add-in id, version, names, URLs, requirement sets, the shared runtime, the
 * custom functions' namespace and the ribbon are read from the XML and written into the JSON, so the
 * two cannot drift. Plain JavaScript (types in unified-manifest.d.ts) because webpack.config.js
 * requires it; `npm run manifest:json` and the build use the same function.
 *
 * Shape: Microsoft's unified manifest for Microsoft 365, schema 1.25 (the first with custom
 * functions in `extensions[].runtimes[].customFunctions`), as in Microsoft's shared-runtime sample
 * (OfficeDev/Office-Add-in-samples, excel-shared-runtime-global-state/manifest.json).
 */
const { DOMParser } = require("@xmldom/xmldom");
const xpath = require("xpath");

/** The unified-manifest schema version written, and its published schema's address. */
const MANIFEST_VERSION = "1.25";
const SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.schema.json`;

/**
 * What the unified manifest needs that the XML manifest has no place for (the only facts not read
 * from manifest.xml): the accent colour behind the icon (Fluent's brand blue, as the pane uses).
 */
const UNIFIED_ONLY = { accentColor: "#0F6CBD" };

/** XML `Permissions` → the unified manifest's resource-specific permission (Microsoft's table). */
const PERMISSIONS = {
  Restricted: "Document.Restricted.User",
  ReadDocument: "Document.Read.User",
  ReadAllDocument: "Document.Read.User",
  WriteDocument: "Document.Write.User",
  ReadWriteDocument: "Document.ReadWrite.User",
};

/** A parsed XML manifest with XPath queries that ignore namespaces (local-name()). */
function parseXml(text) {
  const errors = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") errors.push(message);
    },
  }).parseFromString(String(text), "text/xml");
  if (errors.length > 0) throw new Error(`manifest.xml is not well-formed XML: ${errors[0]}`);
  const values = (expression, context = doc) =>
    xpath
      .select(expression, context)
      .map((node) => String(node.nodeValue ?? node.textContent).trim());
  const one = (expression, context = doc) => values(expression, context)[0];
  const nodes = (expression, context = doc) => xpath.select(expression, context);
  return { doc, values, one, nodes };
}

const el = (name) => `*[local-name()='${name}']`;

/** The XML manifest read into plain facts (everything both manifests must agree on). */
function readXmlManifest(text) {
  const { one, values, nodes } = parseXml(text);
  const resource = (id) => {
    const value = one(`//${el("Resources")}//*[@id='${id}']/@DefaultValue`);
    if (value === undefined)
      throw new Error(`manifest.xml: resid "${id}" is not under <Resources>`);
    return value;
  };
  const resid = (expression, context) => {
    const id = one(`${expression}/@resid`, context);
    return id === undefined ? undefined : resource(id);
  };
  const icons = (context) =>
    nodes(`./${el("Icon")}/${el("Image")}`, context).map((image) => ({
      size: Number(image.getAttribute("size")),
      url: resource(image.getAttribute("resid")),
    }));
  const host = `//${el("VersionOverrides")}/${el("Hosts")}/${el("Host")}`;
  const functions = `${host}/${el("AllFormFactors")}/${el("ExtensionPoint")}[@*[local-name()='type']='CustomFunctions']`;
  const desktop = `${host}/${el("DesktopFormFactor")}`;
  const runtime = nodes(`${host}/${el("Runtimes")}/${el("Runtime")}`)[0];
  const tabs = nodes(
    `${desktop}/${el("ExtensionPoint")}[@*[local-name()='type']='PrimaryCommandSurface']/${el("OfficeTab")}`
  );
  return {
    id: one(`/${el("OfficeApp")}/${el("Id")}`),
    version: one(`/${el("OfficeApp")}/${el("Version")}`),
    provider: one(`/${el("OfficeApp")}/${el("ProviderName")}`),
    displayName: one(`/${el("OfficeApp")}/${el("DisplayName")}/@DefaultValue`),
    description: one(`/${el("OfficeApp")}/${el("Description")}/@DefaultValue`),
    iconUrl: one(`/${el("OfficeApp")}/${el("IconUrl")}/@DefaultValue`),
    highResolutionIconUrl: one(`/${el("OfficeApp")}/${el("HighResolutionIconUrl")}/@DefaultValue`),
    supportUrl: one(`/${el("OfficeApp")}/${el("SupportUrl")}/@DefaultValue`),
    appDomains: values(`/${el("OfficeApp")}/${el("AppDomains")}/${el("AppDomain")}/text()`),
    sourceLocation: one(
      `/${el("OfficeApp")}/${el("DefaultSettings")}/${el("SourceLocation")}/@DefaultValue`
    ),
    permissions: one(`/${el("OfficeApp")}/${el("Permissions")}`),
    requirementSets: nodes(
      `/${el("OfficeApp")}/${el("Requirements")}/${el("Sets")}/${el("Set")}`
    ).map((set) => ({
      name: set.getAttribute("Name"),
      minVersion:
        set.getAttribute("MinVersion") ||
        one(`/${el("OfficeApp")}/${el("Requirements")}/${el("Sets")}/@DefaultMinVersion`),
    })),
    runtime: runtime && {
      url: resource(runtime.getAttribute("resid")),
      lifetime: runtime.getAttribute("lifetime") || "short",
    },
    customFunctions: {
      namespace: resid(`${functions}/${el("Namespace")}`),
      script: resid(`${functions}/${el("Script")}/${el("SourceLocation")}`),
      page: resid(`${functions}/${el("Page")}/${el("SourceLocation")}`),
      metadata: resid(`${functions}/${el("Metadata")}/${el("SourceLocation")}`),
    },
    functionFile: resid(`${desktop}/${el("FunctionFile")}`),
    getStarted: {
      title: resid(`${desktop}/${el("GetStarted")}/${el("Title")}`),
      description: resid(`${desktop}/${el("GetStarted")}/${el("Description")}`),
      learnMoreUrl: resid(`${desktop}/${el("GetStarted")}/${el("LearnMoreUrl")}`),
    },
    tabs: tabs.map((tab) => ({
      builtInTabId: tab.getAttribute("id"),
      groups: nodes(`./${el("Group")}`, tab).map((group) => ({
        id: group.getAttribute("id"),
        label: resid(`./${el("Label")}`, group),
        icons: icons(group),
        controls: nodes(`./${el("Control")}`, group).map((control) => {
          const action = nodes(`./${el("Action")}`, control)[0];
          const type = action.getAttributeNS("http://www.w3.org/2001/XMLSchema-instance", "type");
          return {
            id: control.getAttribute("id"),
            label: resid(`./${el("Label")}`, control),
            tooltip: resid(`./${el("Supertip")}/${el("Description")}`, control),
            icons: icons(control),
            action:
              type === "ShowTaskpane"
                ? {
                    type: "ShowTaskpane",
                    taskpaneId: one(`./${el("TaskpaneId")}`, action),
                    page: resid(`./${el("SourceLocation")}`, action),
                  }
                : { type: "ExecuteFunction", functionName: one(`./${el("FunctionName")}`, action) },
          };
        }),
      })),
    })),
  };
}

/** `1.2.3.4` (XML, four parts) → `1.2.3` (unified, semver). */
function semver(version) {
  const [major = "0", minor = "0", patch = "0"] = String(version).split(".");
  return `${Number(major)}.${Number(minor)}.${Number(patch)}`;
}

/** A file path inside the add-in's site (`https://host/billing/assets/icon-32.png` → `assets/icon-32.png`). */
function relativeTo(base, url) {
  const baseUrl = new URL(".", base).href;
  return url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
}

/** The action a ribbon control runs, as the unified manifest names it inside the runtime. */
function actionOf(control) {
  return control.action.type === "ShowTaskpane"
    ? { id: control.action.taskpaneId || control.id, type: "openPage" }
    : { id: control.action.functionName, type: "executeFunction" };
}

/** The unified manifest for the facts of an XML manifest. */
function unifiedFromFacts(facts) {
  const capabilities = facts.requirementSets.map(({ name, minVersion }) => ({ name, minVersion }));
  const sharedRuntime = capabilities.filter((c) => c.name === "SharedRuntime");
  const controls = facts.tabs.flatMap((tab) => tab.groups.flatMap((group) => group.controls));
  const actions = [];
  for (const action of controls.map(actionOf)) {
    if (!actions.some((a) => a.id === action.id)) actions.push(action);
  }
  const iconList = (icons) => icons.map(({ size, url }) => ({ size, url }));
  return {
    $schema: SCHEMA_URL,
    manifestVersion: MANIFEST_VERSION,
    id: facts.id,
    version: semver(facts.version),
    name: { short: facts.displayName, full: facts.displayName },
    description: { short: facts.description, full: facts.description },
    developer: {
      name: facts.provider,
      websiteUrl: facts.supportUrl,
      privacyUrl: facts.supportUrl,
      termsOfUseUrl: facts.supportUrl,
    },
    icons: {
      outline: relativeTo(facts.sourceLocation, facts.iconUrl),
      color: relativeTo(facts.sourceLocation, facts.highResolutionIconUrl),
    },
    accentColor: UNIFIED_ONLY.accentColor,
    localizationInfo: { defaultLanguageTag: "en-us" },
    authorization: {
      permissions: {
        resourceSpecific: [{ name: PERMISSIONS[facts.permissions], type: "Delegated" }],
      },
    },
    validDomains: facts.appDomains,
    extensions: [
      {
        requirements: { scopes: ["workbook"], capabilities },
        runtimes: [
          {
            ...(sharedRuntime.length > 0 ? { requirements: { capabilities: sharedRuntime } } : {}),
            id: "SharedRuntime",
            type: "general",
            code: { page: facts.runtime.url, script: facts.customFunctions.script },
            lifetime: facts.runtime.lifetime,
            actions,
            customFunctions: {
              namespace: {
                id: facts.customFunctions.namespace,
                name: facts.customFunctions.namespace,
              },
              metadataUrl: facts.customFunctions.metadata,
            },
          },
        ],
        ribbons: [
          {
            contexts: ["default"],
            tabs: facts.tabs.map((tab) => ({
              builtInTabId: tab.builtInTabId,
              groups: tab.groups.map((group) => ({
                id: group.id,
                label: group.label,
                icons: iconList(group.icons),
                controls: group.controls.map((control) => ({
                  id: control.id,
                  type: "button",
                  label: control.label,
                  icons: iconList(control.icons),
                  supertip: { title: control.label, description: control.tooltip },
                  actionId: actionOf(control).id,
                })),
              })),
            })),
          },
        ],
        alternates: [
          {
            alternateIcons: {
              icon: { size: 32, url: facts.iconUrl },
              highResolutionIcon: { size: 64, url: facts.highResolutionIconUrl },
            },
          },
        ],
        getStartedMessages: [
          {
            title: facts.getStarted.title,
            description: facts.getStarted.description,
            learnMoreUrl: facts.getStarted.learnMoreUrl,
          },
        ],
      },
    ],
  };
}

/** manifest.xml's text → manifest.json's text (two-space indent, final newline). */
function unifiedManifestJson(xmlText) {
  return `${JSON.stringify(unifiedFromFacts(readXmlManifest(xmlText)), null, 2)}\n`;
}

module.exports = {
  MANIFEST_VERSION,
  SCHEMA_URL,
  UNIFIED_ONLY,
  parseXml,
  readXmlManifest,
  unifiedFromFacts,
  unifiedManifestJson,
};
