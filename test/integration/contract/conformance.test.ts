/**
 * The add-in against the vendor's OpenAPI documents (contracts/openapi): the client, the cost
 * rules, the lookups, an invoice run with approval and polling, and the recognition search run
 * through Stoplight Prism in proxy mode, which checks every request and every answer against the
 * documents. Violations are allowed only when contracts/allowed-differences.json lists them.
 *
 * By default the upstream is the simulator in its live dialect. A company checks its own tenant's
 * service with `npm run test:conformance` and CONFORMANCE_UPSTREAM (see README, "Against the real
 * service").
 */
import { createSimulator, DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { createBillingClient, isNotFoundError } from "../../../src/api";
import type { BillingClient, Credential } from "../../../src/api";
import {
  allowedBy,
  isUnvalidatedNote,
  readAllowedDifferences,
} from "./support/allowed-differences";
import type { AllowedDifference } from "./support/allowed-differences";
import {
  documentedOperations,
  matchOperation,
  operationName,
} from "./support/documented-operations";
import type { Area } from "./support/documented-operations";
import { invoiceFlow, propertyGroupFlow, readFlows } from "./support/flows";
import type { ReadFindings } from "./support/flows";
import { invoiceActionsFlow } from "./support/invoice-actions-flow";
import type { InvoiceActionsFindings } from "./support/invoice-actions-flow";
import { startValidatingProxy } from "./support/validating-proxy";
import type { Exchange, ValidatingProxy, Violation } from "./support/validating-proxy";

/** Every endpoint the add-in calls, in the documents' letter case. */
const ADDIN_ENDPOINTS = [
  "GET /api/md/Contracts/{contractuuid}",
  "POST /api/md/Contracts/filter",
  "POST /api/md/Customers/filter",
  "POST /api/md/ServiceLocations/filter",
  "GET /api/cfg/Products/{productuuid}",
  "GET /api/cfg/BillingItems/{billingitemuuid}",
  "GET /api/cfg/BillingItems",
  "GET /api/cfg/BillingTariffs",
  "GET /api/cfg/BankAccounts",
  "GET /api/cfg/TaxCodes",
  "GET /api/bill/PropertyGroupBillingConfiguration/{propertygroupid}",
  "POST /api/bill/Invoices",
  "POST /api/bill/Invoices/{invoiceuuid}/approve",
  "GET /api/bill/Invoices/{invoiceuuid}",
  "POST /api/bill/Invoices/filter",
  "DELETE /api/bill/Invoices/{invoiceuuid}",
  "POST /api/bill/Invoices/bulk/approve",
  "POST /api/bill/Invoices/{invoiceuuid}/preview",
  "POST /api/bill/Invoices/{invoiceuuid}/previewpdf",
  "POST /api/bill/Invoices/{invoiceuuid}/send",
  "POST /api/bill/Invoices/{invoiceuuid}/sendviapostal",
  "POST /api/bill/Invoices/bulk/send",
  "POST /api/bill/Invoices/bulk/sendviapostal",
  "POST /api/bill/Invoices/{invoiceuuid}/credit",
  "POST /api/bill/Invoices/bulk/credit",
  "POST /api/bill/Invoices/{invoiceuuid}/marksent",
  "POST /api/bill/Invoices/bulk/marksent",
].sort();

/** The add-in's endpoints per area as the documents' path templates, for the proxy. */
function pathsByArea(): Record<Area, string[]> {
  const paths: Record<Area, string[]> = { bill: [], cfg: [], md: [] };
  for (const endpoint of ADDIN_ENDPOINTS) {
    const m = /^\S+ \/api\/(bill|cfg|md)(\/\S*)$/.exec(endpoint)!;
    paths[m[1] as Area].push(m[2]);
  }
  return paths;
}

const env = process.env;
/** Scheme + host of a tenant's service; unset = the simulator. */
const UPSTREAM = env.CONFORMANCE_UPSTREAM?.replace(/\/+$/, "");
const AGAINST_SIMULATOR = UPSTREAM === undefined || UPSTREAM === "";
/** Invoices are created and approved on a tenant only when asked for. */
const RUN_INVOICES = AGAINST_SIMULATOR || env.CONFORMANCE_CREATE_INVOICES === "yes";
/** Sending to customers and crediting on a tenant only when asked for (it mails real customers). */
const RUN_SEND_AND_CREDIT =
  AGAINST_SIMULATOR || (RUN_INVOICES && env.CONFORMANCE_SEND_AND_CREDIT === "yes");
const PROPERTY_GROUP_ID = AGAINST_SIMULATOR
  ? DEMO.propertyGroups.north
  : env.CONFORMANCE_PROPERTY_GROUP_ID;
const UNKNOWN_ID = "99999999-9999-4999-8999-999999999999";

/** Development credentials of the simulator; the documents require all four headers. */
const SIM_AUTH = {
  apiKey: "conformance-key",
  tenantId: "11111111-1111-4111-8111-111111111111",
  organisationId: "22222222-2222-4222-8222-222222222222",
};

function headers(): Record<string, string> {
  if (AGAINST_SIMULATOR) {
    return {
      "zf-tuuid": SIM_AUTH.tenantId,
      "zf-ouuid": SIM_AUTH.organisationId,
      "apim-sub": SIM_AUTH.apiKey,
    };
  }
  const h: Record<string, string> = {};
  if (env.CONFORMANCE_TENANT_ID) h["zf-tuuid"] = env.CONFORMANCE_TENANT_ID;
  if (env.CONFORMANCE_ORGANISATION_ID) h["zf-ouuid"] = env.CONFORMANCE_ORGANISATION_ID;
  if (env.CONFORMANCE_API_KEY) h["apim-sub"] = env.CONFORMANCE_API_KEY;
  return h;
}

function credential(): Credential {
  const token = AGAINST_SIMULATOR ? undefined : env.CONFORMANCE_TOKEN;
  return token ? { kind: "bearer", token } : { kind: "none" };
}

/** One violation with the endpoint it was found on. */
interface Finding {
  endpoint: string;
  exchange: Exchange;
  violation: Violation;
}

function describeFinding(f: Finding): string {
  const v = f.violation;
  return `${f.endpoint} → ${f.exchange.status}: [${v.code ?? v.severity}] ${v.location.join(".")}: ${v.message}`;
}

describe("the add-in against the vendor's OpenAPI documents (validating proxy)", () => {
  const ops = documentedOperations();
  const allowList: AllowedDifference[] = readAllowedDifferences();
  let sim: Simulator | undefined;
  let proxy: ValidatingProxy;
  let client: BillingClient;
  let found: ReadFindings;
  let notFound: unknown[];
  let invoices: Awaited<ReturnType<typeof invoiceFlow>> | undefined;
  let actions: InvoiceActionsFindings | undefined;
  const findings: Finding[] = [];
  const allowedUses = new Map<string, number>();
  const unmatched: Exchange[] = [];
  const validated = new Set<string>();
  const called = new Set<string>();

  beforeAll(async () => {
    if (AGAINST_SIMULATOR) {
      sim = await createSimulator({
        port: 0,
        pageSize: 3,
        approvalDelayMs: 150,
        numberDelayMs: 100,
        auth: SIM_AUTH,
      });
    }
    // One Prism per document, started once for the whole file, shown the add-in's paths only.
    proxy = await startValidatingProxy(UPSTREAM || sim!.url, pathsByArea(), 150_000);
    client = createBillingClient(
      { baseUrl: proxy.url, headers: headers(), credential: credential() },
      { timeoutMs: 30_000 }
    );

    found = await readFlows(client, new Date(DEMO.referenceDate));
    notFound = await Promise.all([
      client.getContract(UNKNOWN_ID).catch((e: unknown) => e),
      client.getProduct(UNKNOWN_ID).catch((e: unknown) => e),
      client.getBillingItem(UNKNOWN_ID).catch((e: unknown) => e),
    ]);
    if (PROPERTY_GROUP_ID) await propertyGroupFlow(client, PROPERTY_GROUP_ID);
    if (RUN_INVOICES) {
      // On the simulator one invoice is set to fail approval, so the failure's shape is checked too.
      invoices = await invoiceFlow(client, found, new Date(2026, 5, 15, 12), {
        failingDescription: AGAINST_SIMULATOR ? "Conformance FAIL-APPROVAL" : undefined,
      });
      actions = await invoiceActionsFlow(client, found, "2026-06-15T12:00:00+02:00", {
        sendAndCredit: RUN_SEND_AND_CREDIT,
        noPostalAddressCustomerId: AGAINST_SIMULATOR ? DEMO.customers.mulder : undefined,
      });
    }

    for (const exchange of proxy.exchanges) {
      const op = matchOperation(ops, exchange.method, exchange.path);
      if (!op) {
        unmatched.push(exchange);
        const where = `${exchange.method} ${exchange.path}`;
        for (const violation of exchange.violations)
          findings.push({ endpoint: where, exchange, violation });
        continue;
      }
      const endpoint = operationName(op);
      called.add(endpoint);
      if (!exchange.violations.some(isUnvalidatedNote)) validated.add(endpoint);
      for (const violation of exchange.violations) {
        const allowed = allowedBy(allowList, `${op.method} ${op.template}`, violation);
        if (allowed && violation.location[0] === "response") {
          allowedUses.set(allowed.id, (allowedUses.get(allowed.id) ?? 0) + 1);
        } else {
          findings.push({ endpoint, exchange, violation });
        }
      }
    }
    const uses = [...allowedUses].map(([id, n]) => `${id} ×${n}`).join(", ") || "none";
    console.log(
      `Conformance (${AGAINST_SIMULATOR ? "simulator, live dialect" : UPSTREAM}): ` +
        `${called.size} endpoints the add-in calls, ${validated.size} of them validated against ` +
        `the vendor's documents; ${proxy.exchanges.length} requests; ` +
        `${findings.length} violations outside the allow-list; allowed differences: ${uses}.`
    );
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await sim?.close();
  });

  it("ran the flows through the proxy and read what the service holds", () => {
    expect(found.customers).toBeGreaterThan(0);
    expect(found.costLines).toBeGreaterThan(0);
    expect(found.tariffs).toBeGreaterThan(0);
    expect(notFound.every(isNotFoundError)).toBe(true);
    if (!sim) return;
    // Every demo contract but the terminated one (excludeTerminatedContracts).
    expect(found).toMatchObject({ customers: 8, contracts: 12 });
    const summary = invoices!.summary;
    expect(summary.counts).toMatchObject({ approved: 2, failed: 1, unknown: 0 });
    expect(invoices!.recognised).toBe(3);
    expect(invoices!.listed).toBeGreaterThanOrEqual(3);
    // Every customer's approved invoices of today (Amsterdam days): the run's two at least.
    expect(invoices!.listedAll).toBeGreaterThanOrEqual(2);
    for (const row of [2, 4]) {
      const id = String(invoices!.sheet.cell(row, "invoiceId"));
      expect(sim.store.invoice(id)!.invoiceNum).toBe(invoices!.sheet.cell(row, "invoiceNum"));
    }
  });

  it("ran the verdict, bulk approval, preview, send, credit and mark as sent through the proxy", () => {
    if (!RUN_INVOICES) return;
    expect(actions!.verdict.refused).toHaveLength(1);
    expect(actions!.verdict.accepted).toHaveLength(6);
    expect(actions!.approved.accepted).toHaveLength(6);
    expect(actions!.html).toMatch(/<html/i);
    expect(Buffer.from(actions!.pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    if (!sim) return;
    expect(actions!.sentOne!.sent).toBe("sending");
    expect(actions!.bulkSent!.accepted).toHaveLength(1);
    expect(actions!.creditNote).toMatchObject({ type: "creditnote" });
    expect(actions!.bulkCredited!.accepted).toHaveLength(2);
    expect(actions!.markedOne).toMatchObject({ sent: "sent" });
    expect(actions!.bulkMarked!.accepted).toHaveLength(2);
    expect(actions!.postalRefusal).toMatchObject({
      entries: [{ key: "USER_HAS_NO_POSTAL_ADDRESS" }],
    });
  });

  it("calls every endpoint in the documents' letter case", () => {
    expect(unmatched.map((x) => `${x.method} ${x.path}`)).toEqual([]);
    expect([...called].every((e) => ADDIN_ENDPOINTS.includes(e))).toBe(true);
    if (sim) expect([...called].sort()).toEqual(ADDIN_ENDPOINTS);
  });

  it("validated every answer: each had a documented route, status code and content type", () => {
    expect([...called].filter((e) => !validated.has(e))).toEqual([]);
    const notes = proxy.exchanges.flatMap((x) =>
      x.violations
        .filter(isUnvalidatedNote)
        .map((v) => `${x.method} ${x.path} ${x.status}: ${v.message}`)
    );
    expect(notes).toEqual([]);
  });

  it("sends no request the documents forbid", () => {
    const requests = findings.filter((f) => f.violation.location[0] === "request");
    expect(requests.map(describeFinding)).toEqual([]);
  });

  it("gets no answer the documents forbid, beyond the allow-list", () => {
    expect(findings.map(describeFinding)).toEqual([]);
  });

  it("uses every allow-list entry (a difference that is gone is taken off the list)", () => {
    if (!sim) return;
    expect(allowList.map((e) => e.id).filter((id) => !allowedUses.has(id))).toEqual([]);
  });
});
