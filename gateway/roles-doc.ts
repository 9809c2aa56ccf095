/**
 * What each role may do, as docs/it/it-setup.md shows it: generated from the operations table
 * (gateway/operations.ts), the one source, so that the document cannot drift from what the gateway
 * enforces (test/unit/gateway/roles-doc.test.ts compares them). Rewrite the document's table with
 * `npx tsx gateway/roles-doc.ts --write`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BILLING_ROLES } from "../src/api";
import { BODY_SHAPE_TEXT } from "./body-shapes";
import { OPERATIONS, roleAllows } from "./operations";
import type { Operation } from "./operations";

/** The markers around the generated table in docs/it/it-setup.md. */
export const ROLES_BEGIN =
  "<!-- roles table: generated from gateway/operations.ts by `npx tsx gateway/roles-doc.ts --write`; do not edit by hand -->";
export const ROLES_END = "<!-- end of the generated roles table -->";

function limitText(bytes: number): string {
  if (bytes === 0) return "none";
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

function cell(yes: boolean): string {
  return yes ? "yes" : "—";
}

/** The Markdown table: one row per operation, what it does, which role may, its body limit and shape. */
export function rolesTable(operations: readonly Operation[] = OPERATIONS): string {
  const rows = operations.map((o) => [
    `\`${o.method} ${o.template}\``,
    o.action,
    cell(roleAllows([BILLING_ROLES.read], o)),
    cell(roleAllows([BILLING_ROLES.invoice], o)),
    limitText(o.bodyLimit),
    BODY_SHAPE_TEXT[o.body],
  ]);
  const head = [
    "operation",
    "what it does",
    "`Billing.Read`",
    "`Billing.Invoice`",
    "body limit",
    "body (nothing else passes)",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [
    line(head),
    `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`,
    ...rows.map(line),
  ].join("\n");
}

/** The document's text with the generated table put between the markers. */
export function withRolesTable(doc: string): string {
  const begin = doc.indexOf(ROLES_BEGIN);
  const end = doc.indexOf(ROLES_END);
  if (begin === -1 || end < begin)
    throw new Error("docs/it/it-setup.md has no roles table markers");
  return `${doc.slice(0, begin + ROLES_BEGIN.length)}\n\n${rolesTable()}\n\n${doc.slice(end)}`;
}

/** docs/it/it-setup.md. */
export const IT_SETUP_DOC = path.join(__dirname, "..", "docs", "it", "it-setup.md");

if (require.main === module && process.argv.includes("--write")) {
  writeFileSync(IT_SETUP_DOC, withRolesTable(readFileSync(IT_SETUP_DOC, "utf8")));
  console.log(`Wrote the roles table into ${path.relative(process.cwd(), IT_SETUP_DOC)}`);
}
