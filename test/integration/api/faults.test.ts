import { DEMO } from "../../../simulator/index";
import type { Simulator } from "../../../simulator/index";
import {
  isRateLimitError,
  isUnavailableError,
  isUnknownOutcomeError,
  isValidationError,
} from "../../../src/api/index";
import type { CreateInvoiceRequest } from "../../../src/api/index";
import { loadReasonWords, reasonWords } from "../../../src/i18n/index";
import { DIALECTS, clientFor, startSimulator } from "./sim-client";

function invoiceBody(ref: string): CreateInvoiceRequest {
  return {
    customerId: DEMO.customers.jansen,
    companyBankAccountId: DEMO.bankAccounts.main,
    externalReference: ref,
    lines: [
      { taxCodeId: DEMO.taxCodes.vat21, description: "Fault test", quantity: 1, unitPrice: 10 },
    ],
  };
}

describe.each(DIALECTS)("faults (%s dialect)", (dialect) => {
  let sim: Simulator;

  beforeEach(async () => {
    sim = await startSimulator(dialect);
  });
  afterEach(async () => {
    await sim.close();
  });

  it("retries GETs answered 503 and succeeds", async () => {
    sim.setFaults({ get503Every: 2 });
    const client = clientFor(sim);
    // One GET first (answered), so that the next GET is the second one and gets the 503.
    expect(await client.getBankAccounts()).toHaveLength(2);
    const items = await client.getBillingItems();
    expect(items).toHaveLength(Object.values(DEMO.billingItems).length);
    const answers = sim.log.entries().filter((e) => e.path === "/api/cfg/BillingItems");
    expect(answers.some((e) => e.status === 503)).toBe(true);
    expect(answers.filter((e) => e.status === 200)).toHaveLength(dialect === "live" ? 8 : 1);
  });

  it.each(["retry-after", "x-retry-after-seconds"] as const)(
    "retries a 429 after the wait named in %s and succeeds",
    async (header) => {
      sim.setFaults({
        rateLimit: { maxRequests: 1, windowMs: 200, retryAfterSeconds: 0.25, header },
      });
      const client = clientFor(sim);
      const [a, b] = await Promise.all([
        client.getContract(DEMO.contracts.heatingGeneric),
        client.getProduct(DEMO.products.heatingStandard),
      ]);
      expect(a.id).toBe(DEMO.contracts.heatingGeneric);
      expect(b.id).toBe(DEMO.products.heatingStandard);
      const statuses = sim.log.entries().map((e) => e.status);
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    }
  );

  it("gives up at once with a RateLimitError when the wait asked for exceeds the budget", async () => {
    sim.setFaults({
      rateLimit: {
        maxRequests: 0,
        windowMs: 60_000,
        retryAfterSeconds: 60,
        header: "x-retry-after-seconds",
      },
    });
    const client = clientFor(sim, { retry: { maxTotalWaitMs: 1_000 } });
    const error = await client.getTaxCodes().catch((e: unknown) => e);
    expect(isRateLimitError(error)).toBe(true);
    expect((error as { retryAfterMs?: number }).retryAfterMs).toBe(60_000);
    expect(sim.log.count("GET", /TaxCodes/)).toBe(1);
  });

  it("reports GETs that keep failing as UnavailableError after the retry limit", async () => {
    sim.setFaults({ get503Rate: 1 });
    const client = clientFor(sim, { retry: { limit: 2 } });
    const error = await client.getTaxCodes().catch((e: unknown) => e);
    expect(isUnavailableError(error)).toBe(true);
    expect((error as { status?: number }).status).toBe(503);
    expect(sim.log.count("GET", /TaxCodes/)).toBe(3);
  });

  it("reports a create answered 503 as UnknownOutcomeError and sends it exactly once", async () => {
    sim.setFaults({ createFailures: { mode: "503", count: 1 } });
    const client = clientFor(sim);
    const error = await client
      .createInvoice(invoiceBody(`503-${dialect}`))
      .catch((e: unknown) => e);
    expect(isUnknownOutcomeError(error)).toBe(true);
    expect((error as Error).message).toMatch(/outcome is unknown/);
    expect(sim.log.count("POST", /^\/api\/bill\/Invoices$/)).toBe(1);
  });

  it("reports a create whose connection is cut after storing as UnknownOutcomeError, and finds it by reference", async () => {
    sim.setFaults({ createFailures: { mode: "drop-after-store", count: 1 } });
    const client = clientFor(sim);
    const ref = `drop-${dialect}`;
    const error = await client.createInvoice(invoiceBody(ref)).catch((e: unknown) => e);
    expect(isUnknownOutcomeError(error)).toBe(true);
    expect(sim.log.count("POST", /^\/api\/bill\/Invoices$/)).toBe(1);
    const found = await client.findInvoicesByExternalReference(ref);
    expect(found).toHaveLength(1);
    expect(found[0].externalReference).toBe(ref);
  });

  it("reports a create whose connection is cut before storing as UnknownOutcomeError too (it was sent)", async () => {
    sim.setFaults({ createFailures: { mode: "drop-before-store", count: 1 } });
    const client = clientFor(sim);
    const ref = `drop-before-${dialect}`;
    const error = await client.createInvoice(invoiceBody(ref)).catch((e: unknown) => e);
    expect(isUnknownOutcomeError(error)).toBe(true);
    expect(await client.findInvoicesByExternalReference(ref)).toEqual([]);
  });

  it("reports a create the service holds past the time-out as UnknownOutcomeError, its seconds in the words' language", async () => {
    // The service holds the request ten minutes (until the simulator closes after the test): it
    // never answers within the client's 1.5 s, however slow the machine.
    sim.setFaults({ latencyMs: 600_000 });
    await loadReasonWords("nl");
    const client = clientFor(sim, { timeoutMs: 1_500 });
    const error = await client
      .createInvoice(invoiceBody(`held-${dialect}`))
      .catch((e: unknown) => e);
    expect(isUnknownOutcomeError(error)).toBe(true);
    expect((error as Error).message).toMatch(/^The service did not answer within 1\.5 s; /);
    expect(reasonWords(error, "en")).toMatch(/^The service did not answer within 1\.5 s; /);
    expect(reasonWords(error, "nl")).toMatch(/^De dienst antwoordde niet binnen 1,5 s; /);
    // The service answered nothing (its log records a request when it is answered).
    expect(sim.log.count("POST", /^\/api\/bill\/Invoices$/)).toBe(0);
  });

  it("refuses an approve of an invoice already approving with a ValidationError (409) carrying the entries", async () => {
    sim.setOptions({ approvalDelayMs: 2_000 });
    const client = clientFor(sim);
    const created = await client.createInvoice(invoiceBody(`approve-twice-${dialect}`));
    await client.approveInvoice(created.id, "2026-06-15T00:00:00+02:00");
    const error = await client
      .approveInvoice(created.id, "2026-06-15T00:00:00+02:00")
      .catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    expect((error as { status?: number }).status).toBe(409);
    expect((error as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
    expect(sim.log.count("POST", /approve$/)).toBe(2);
  });
});

describe("a service that cannot be reached", () => {
  it("makes a create an UnavailableError (nothing reached the server) and a read too", async () => {
    const sim = await startSimulator("live");
    const url = sim.url;
    await sim.close();
    const { createBillingClient } = await import("../../../src/api/index");
    const client = createBillingClient(
      { baseUrl: url.replace("127.0.0.1", "localhost"), headers: {}, credential: { kind: "none" } },
      { retry: { limit: 1 } }
    );
    const createError = await client.createInvoice(invoiceBody("refused")).catch((e: unknown) => e);
    expect(isUnavailableError(createError)).toBe(true);
    const readError = await client.getTaxCodes().catch((e: unknown) => e);
    expect(isUnavailableError(readError)).toBe(true);
    expect((readError as Error).message).toMatch(/could not be reached/);
  });
});
