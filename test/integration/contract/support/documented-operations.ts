/**
 * The operations the vendor's documents define (method + path template per area), read from the
 * copies in contracts/openapi, and the matching of a request to one of them in the documents'
 * letter case.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { AREAS } from "./validating-proxy";
import type { Area } from "./validating-proxy";

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

/**
 * The operations of one document. The documents are large (1.5–2 MB of YAML); only their `paths`
 * keys and methods are needed here, so they are read line by line instead of parsed whole.
 */
function operationsOf(area: Area): DocumentedOperation[] {
  const lines = readFileSync(path.join(OPENAPI_DIR, AREAS[area]), "utf8").split(/\r?\n/);
  const ops: DocumentedOperation[] = [];
  let inPaths = false;
  let template: string | undefined;
  for (const line of lines) {
    if (/^\S/.test(line)) {
      inPaths = line.startsWith("paths:");
      continue;
    }
    if (!inPaths) continue;
    // Keys with braces are quoted in these documents: '/Contracts/{contractuuid}':
    const pathKey = /^ {2}(['"]?)(\/\S*?)\1:\s*$/.exec(line);
    if (pathKey) {
      template = pathKey[2];
      continue;
    }
    const method = /^ {4}(get|post|put|delete|patch):\s*$/.exec(line);
    if (method && template) ops.push({ area, method: method[1].toUpperCase(), template });
  }
  return ops;
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
