/** Types of scripts/lib/unified-manifest.js (plain JavaScript, because webpack.config.js requires it). */

export const MANIFEST_VERSION: string;
export const SCHEMA_URL: string;
/** The only facts of manifest.json that manifest.xml has no place for. */
export const UNIFIED_ONLY: { accentColor: string };

/** A parsed XML document with namespace-blind XPath helpers. */
export interface ParsedXml {
  doc: Document;
  /** Every match's value (attribute value or text), trimmed. */
  values(expression: string, context?: Node): string[];
  one(expression: string, context?: Node): string | undefined;
  nodes(expression: string, context?: Node): Element[];
}
export function parseXml(text: string | Buffer): ParsedXml;

export interface Icon {
  size: number;
  url: string;
}
export interface RibbonControl {
  id: string;
  label: string;
  tooltip: string;
  icons: Icon[];
  action:
    | { type: "ShowTaskpane"; taskpaneId?: string; page: string }
    | { type: "ExecuteFunction"; functionName: string };
}
/** What manifest.xml says, read into plain facts. */
export interface XmlManifestFacts {
  id: string;
  version: string;
  provider: string;
  displayName: string;
  description: string;
  iconUrl: string;
  highResolutionIconUrl: string;
  supportUrl: string;
  appDomains: string[];
  sourceLocation: string;
  permissions: string;
  requirementSets: { name: string; minVersion: string }[];
  runtime?: { url: string; lifetime: string };
  customFunctions: { namespace?: string; script?: string; page?: string; metadata?: string };
  functionFile?: string;
  getStarted: { title?: string; description?: string; learnMoreUrl?: string };
  tabs: {
    builtInTabId: string;
    groups: { id: string; label: string; icons: Icon[]; controls: RibbonControl[] }[];
  }[];
}
export function readXmlManifest(text: string | Buffer): XmlManifestFacts;

/** The unified manifest (plain JSON object). */
export interface UnifiedManifest {
  $schema: string;
  manifestVersion: string;
  id: string;
  version: string;
  validDomains: string[];
  extensions: {
    requirements: { scopes: string[]; capabilities: { name: string; minVersion: string }[] };
    runtimes: {
      id: string;
      code: { page: string; script?: string };
      lifetime: string;
      actions: { id: string; type: string }[];
      customFunctions: { namespace: { id: string; name: string }; metadataUrl: string };
    }[];
    ribbons: {
      tabs: {
        builtInTabId: string;
        groups: {
          id: string;
          label: string;
          icons: Icon[];
          controls: {
            id: string;
            label: string;
            icons: Icon[];
            supertip: { title: string; description: string };
            actionId: string;
          }[];
        }[];
      }[];
    }[];
  }[];
  [key: string]: unknown;
}
export function unifiedFromFacts(facts: XmlManifestFacts): UnifiedManifest;
export function unifiedManifestJson(xmlText: string | Buffer): string;
