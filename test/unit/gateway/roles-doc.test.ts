/**
 * docs/it-setup.md says exactly what each role may do: its table is the one generated from the
 * operations table the gateway enforces (gateway/operations.ts). Regenerate with
 * `npx tsx gateway/roles-doc.ts --write`.
 */
import { readFileSync } from "node:fs";
import { OPERATIONS } from "../../../gateway";
import {
  IT_SETUP_DOC,
  ROLES_BEGIN,
  ROLES_END,
  rolesTable,
  withRolesTable,
} from "../../../gateway/roles-doc";

describe("the roles table of docs/it-setup.md", () => {
  const doc = readFileSync(IT_SETUP_DOC, "utf8");

  it("is the one generated from the operations table", () => {
    expect(doc).toContain(ROLES_BEGIN);
    expect(doc).toContain(ROLES_END);
    expect(withRolesTable(doc)).toBe(doc);
  });

  it("has one row per operation, naming its method, path, role and body limit", () => {
    const table = rolesTable();
    for (const o of OPERATIONS) {
      const row = table.split("\n").find((l) => l.startsWith(`| \`${o.method} ${o.template}\``));
      expect(row).toBeDefined();
      const cells = row!.split("|").map((c) => c.trim());
      expect(cells[3]).toBe(o.role === "Billing.Read" ? "yes" : "—");
      expect(cells[4]).toBe("yes");
    }
    expect(table.split("\n")).toHaveLength(OPERATIONS.length + 2);
  });

  it("says what the issue found the old text got wrong: an invoicer may send and credit, a reader may preview", () => {
    const table = rolesTable();
    expect(table).toMatch(
      /`POST \/api\/bill\/Invoices\/\{id\}\/credit` *\| credit invoices *\| — *\| yes/
    );
    expect(table).toMatch(
      /`POST \/api\/bill\/Invoices\/bulk\/send` *\| send invoices *\| — *\| yes/
    );
    expect(table).toMatch(
      /`POST \/api\/bill\/Invoices\/\{id\}\/preview` *\| preview invoices *\| yes *\| yes/
    );
    expect(doc).not.toMatch(/credit[^.\n]*403/i);
  });
});
