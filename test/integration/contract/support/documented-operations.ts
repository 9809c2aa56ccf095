/**
 * The operations the vendor's documents define (method + path template per area), read from the
 * copies in contracts/openapi, and the matching of a request to one of them in the documents'
 * letter case.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** The vendor documents, one per area (servers https://api.zerofriction.co/api/{bill,cfg,md}). */
export const AREAS = {
  bill: "Billing-1-0.yaml",
  cfg: "Configuration-1-0.yaml",
  md: "Masterdata-1-0.yaml",
} as const;

export type Area = keyof typeof AREAS;

const OPENAPI_DIR = path.resolve(__dirname, "../../../../contracts/openapi");

/** One documented operation, e.g. `{ area: "md", method: "GET", template: "/Contracts/{contractuuid}" }`. */
export interface DocumentedOperation {
  area: Area;
  method: string;
  template: string;
}

/** "GET /api/md/Contracts/{contractuuid}" */
export function operationName(op: DocumentedOperation): string {
  return `${op.method} /api/${op.area}${op.template}`;
}

/** One line of a document, with the path key it belongs to when it is inside `paths`. */
interface DocumentLine {
  text: string;
  /** The path template of the `paths` entry this line is part of (its key line included). */
  template?: string;
}

/**
 * A document's lines, each marked with its `paths` entry. The documents are large (1.5–2 MB of
 * generated YAML with one fixed layout); only their `paths` keys and methods are needed here, so
 * they are read line by line instead of parsed whole.
 */
function documentLines(area: Area): DocumentLine[] {
  const lines = readFileSync(path.join(OPENAPI_DIR, AREAS[area]), "utf8").split(/\r?\n/);
  let inPaths = false;
  let template: string | undefined;
  return lines.map((text) => {
    if (/^\S/.test(text)) {
      inPaths = text.startsWith("paths:");
      template = undefined;
      return { text };
    }
    if (!inPaths) return { text };
    // Keys with braces are quoted in these documents: '/Contracts/{contractuuid}':
    const pathKey = /^ {2}(['"]?)(\/\S*?)\1:\s*$/.exec(text);
    if (pathKey) template = pathKey[2];
    return { text, template };
  });
}

function operationsOf(area: Area): DocumentedOperation[] {
  const ops: DocumentedOperation[] = [];
  for (const line of documentLines(area)) {
    const method = /^ {4}(get|post|put|delete|patch):\s*$/.exec(line.text);
    if (method && line.template) {
      ops.push({ area, method: method[1].toUpperCase(), template: line.template });
    }
  }
  return ops;
}

/**
 * The document of `area` with only the `paths` entries in `templates`, everything else (servers,
 * components, security) unchanged. Prism then validates those paths exactly as with the whole
 * document, but starts in a fraction of the time; any other path is "route not found".
 */
export function documentWithPaths(area: Area, templates: readonly string[]): string {
  const keep = new Set(templates);
  return documentLines(area)
    .filter((line) => line.template === undefined || keep.has(line.template))
    .map((line) => line.text)
    .join("\n");
}

/** Every documented operation of the three documents. */
export function documentedOperations(): DocumentedOperation[] {
  return (Object.keys(AREAS) as Area[]).flatMap(operationsOf);
}

function literalSegments(template: string): number {
  return template.split("/").filter((s) => s !== "" && !s.startsWith("{")).length;
}

/**
 * The documented operation a request is for, matched in the documents' letter case (`/api/md`
 * prefix included in `requestPath`); the most literal template wins (`/Invoices/filter` over
 * `/Invoices/{invoiceuuid}`). Undefined when no operation matches exactly.
 */
export function matchOperation(
  ops: DocumentedOperation[],
  method: string,
  requestPath: string
): DocumentedOperation | undefined {
  const m = /^\/api\/(bill|cfg|md)(\/.*)$/.exec(requestPath);
  if (!m) return undefined;
  const segments = m[2].split("/");
  const candidates = ops.filter((op) => {
    if (op.area !== m[1] || op.method !== method.toUpperCase()) return false;
    const parts = op.template.split("/");
    return (
      parts.length === segments.length &&
      parts.every((p, i) => (p.startsWith("{") ? segments[i] !== "" : p === segments[i]))
    );
  });
  return candidates.sort((a, b) => literalSegments(b.template) - literalSegments(a.template))[0];
}
