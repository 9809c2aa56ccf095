/**
 * The allow-list (gateway/operations.ts) read as a table: it holds exactly the operations the
 * add-in's client names (the `endpoint` strings of src/api), and each row lets in the roles it
 * should — reaching the service — and no one else, who reaches nothing.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { OPERATIONS } from "../../../gateway";
import type { Operation } from "../../../gateway";
import { USERS, rawRequest, startChain } from "./helpers";
import type { Chain, DemoUser } from "./helpers";

const API_DIR = path.join(__dirname, "..", "..", "..", "src", "api");

/** Every "METHOD /api/..." the client's source names, with constants and `${base}` resolved. */
function clientEndpoints(): Set<string> {
  const found = new Set<string>();
  const constants = new Map<string, string>();
  const sources = readdirSync(API_DIR)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(path.join(API_DIR, f), "utf8"));
  for (const text of sources) {
    for (const m of text.matchAll(/const (\w+) = "(\/api\/[^"]+)"/g)) constants.set(m[1], m[2]);
  }
  for (const text of sources) {
    for (const m of text.matchAll(/["`](GET|POST|PUT|PATCH|DELETE) (\/api\/[A-Za-z/{}]+)["`]/g)) {
      found.add(`${m[1]} ${m[2]}`);
    }
    // `GET ${base}/{id}` with base one of the path constants (the property group paths).
    for (const m of text.matchAll(/`(GET|POST|DELETE) \$\{(\w+)\}(\/[A-Za-z/{}]*)`/g)) {
      if (m[2] !== "base") continue;
      for (const value of constants.values()) {
        if (value.includes("PropertyGroup")) found.add(`${m[1]} ${value}${m[3]}`);
      }
    }
    // `POST /api/bill/Invoices/{id}/${pdf ? "previewpdf" : "preview"}`: one endpoint per branch.
    for (const m of text.matchAll(
      /`(GET|POST|DELETE) (\/api\/[A-Za-z/{}]+)\$\{\w+ \? "(\w+)" : "(\w+)"\}`/g
    )) {
      found.add(`${m[1]} ${m[2]}${m[3]}`);
      found.add(`${m[1]} ${m[2]}${m[4]}`);
    }
    // list("GET", "/api/cfg/TaxCodes", ...) and get("/api/...", ...) name the path apart.
    for (const m of text.matchAll(/list\("(GET|POST)", "(\/api\/[^"]+)"/g)) {
      found.add(`${m[1]} ${m[2]}`);
    }
  }
  return found;
}

const key = (o: Operation) => `${o.method} ${o.template}`;

describe("the allow-list of operations", () => {
  it("holds exactly the operations the add-in's client names, each once", () => {
    const rows = OPERATIONS.map(key);
    expect(new Set(rows).size).toBe(rows.length);
    // In any letter case (request-limiter.ts names some in lower case), as the gateway matches.
    const lower = (list: Iterable<string>) =>
      [...new Set([...list].map((s) => s.toLowerCase()))].sort();
    expect(lower(rows)).toEqual(lower(clientEndpoints()));
    // The duplicate draft a run removes.
    expect(rows).toContain("DELETE /api/bill/Invoices/{id}");
  });

  it("gives every row a role of the gateway API and words for its refusal", () => {
    for (const o of OPERATIONS) {
      expect(["Billing.Read", "Billing.Invoice"]).toContain(o.role);
      expect(o.action).toMatch(/^[a-z][a-z ]+$/);
      expect(o.template.includes("{id}")).toBe(o.idField !== undefined);
    }
    const invoiceOnly = OPERATIONS.filter((o) => o.role === "Billing.Invoice").map(key);
    expect(invoiceOnly.sort()).toEqual(
      [
        "DELETE /api/bill/Invoices/{id}",
        "POST /api/bill/Invoices",
        "POST /api/bill/Invoices/{id}/approve",
        "POST /api/bill/Invoices/bulk/approve",
        "POST /api/bill/Invoices/{id}/send",
        "POST /api/bill/Invoices/{id}/sendviapostal",
        "POST /api/bill/Invoices/bulk/send",
        "POST /api/bill/Invoices/bulk/sendviapostal",
        "POST /api/bill/Invoices/{id}/credit",
        "POST /api/bill/Invoices/bulk/credit",
        "POST /api/bill/Invoices/{id}/marksent",
        "POST /api/bill/Invoices/bulk/marksent",
      ].sort()
    );
  });

  /** A body of each shape as the add-in sends it (gateway/body-shapes.ts). */
  const SAMPLE_BODY: Record<Operation["body"], string | undefined> = {
    none: undefined,
    create: "{}",
    approveOne: JSON.stringify({ invoiceDate: "2026-06-15T00:00:00+02:00" }),
    bulkApprove: JSON.stringify({
      invoiceDate: "2026-06-15T00:00:00+02:00",
      onlyValidate: false,
      queryParams: { includeOnlyIds: ["6c1f3e2a-9b8d-4c7e-a5f4-3b2a1c0d9e8f"] },
    }),
    bulkAct: JSON.stringify({
      onlyValidate: false,
      queryParams: { includeOnlyIds: ["6c1f3e2a-9b8d-4c7e-a5f4-3b2a1c0d9e8f"] },
    }),
    customerFilter: JSON.stringify({ flexSearch: "Jansen" }),
    contractFilter: JSON.stringify({ flexSearch: "C-1001" }),
    serviceLocationFilter: JSON.stringify({ customerId: "6c1f3e2a-9b8d-4c7e-a5f4-3b2a1c0d9e8f" }),
    invoiceFilter: JSON.stringify({ flexSearch: "INV-1" }),
  };

  describe("at the gateway", () => {
    let chain: Chain;
    const ID = "6c1f3e2a-9b8d-4c7e-a5f4-3b2a1c0d9e8f";

    beforeAll(async () => {
      chain = await startChain();
    });
    afterAll(async () => await chain.close());

    /** Sends `o` as `user`; the gateway's status and how many requests reached the service. */
    async function send(o: Operation, user: DemoUser) {
      chain.sim.log.clear();
      const target = o.template.replace("{id}", ID);
      const body = SAMPLE_BODY[o.body];
      const headers: Record<string, string> = {
        ...(await chain.headersFor({ user })),
        ...(body !== undefined
          ? { "content-type": "application/json", "content-length": String(body.length) }
          : {}),
      };
      const answer = await rawRequest(chain.gw.url, o.method, target, headers, body);
      const key =
        answer.status === 403 || answer.status === 401
          ? (JSON.parse(answer.body) as { errors: { key: string }[] }).errors[0].key
          : undefined;
      return { status: answer.status, key, upstream: chain.sim.log.count(undefined, /^\/api\//) };
    }

    it.each(OPERATIONS.map((o) => [key(o), o] as const))(
      "%s: reaches the service for the roles it allows, and for no one else",
      async (_name, o) => {
        const invoicer = await send(o, USERS.invoicer);
        expect(invoicer.upstream).toBe(1);
        expect(invoicer.key).toBeUndefined();
        const reader = await send(o, USERS.reader);
        if (o.role === "Billing.Read") {
          expect(reader.upstream).toBe(1);
        } else {
          expect(reader).toEqual({ status: 403, key: "GATEWAY_ROLE_MISSING", upstream: 0 });
        }
        expect(await send(o, USERS.norole)).toEqual({
          status: 403,
          key: "GATEWAY_ROLE_MISSING",
          upstream: 0,
        });
      }
    );
  });
});
