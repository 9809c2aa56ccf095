/**
 * Excel's own calls: a formula-bar value preview (CustomFunctionsRuntime 1.5,
 * `invocation.isInValuePreview`) sends nothing to the service, and every call settles — with its
 * answer or a clear error — also when the service never answers or stalls half-way through a body.
 * Real HTTP: the simulator on port 0, and a bare server that misbehaves on purpose.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { FakeErrorCode, excelErrorOf } from "../../unit/functions/helpers/fake-custom-functions";
import { configureConnection } from "../../../src/functions/connection";
import * as F from "../../../src/functions/functions";
import { configureStatusPoller } from "../../../src/functions/invoice-status";
import { callTimeoutFor } from "../../../src/functions/settle";
import { createSimulator, DEMO } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { profileById, requirementsOf } from "../../../preview/hosts/profiles";

const REF = "2026-06-15";
const NONE = { kind: "none" as const };

function host(id: string | undefined): void {
  const g = globalThis as { Office?: unknown };
  if (id === undefined) delete g.Office;
  else g.Office = { context: { requirements: requirementsOf(profileById(id)) } };
}

/** What Excel hands a call made for the formula bar's value preview. */
const preview = (): CustomFunctions.CancelableInvocation =>
  ({ isInValuePreview: "true" }) as unknown as CustomFunctions.CancelableInvocation;

describe("the formula bar's value preview", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await createSimulator({ port: 0 });
    configureConnection({
      loadSettings: async () => ({ baseUrl: sim.url, headers: {}, credential: NONE }),
    });
  });
  afterAll(async () => {
    configureConnection();
    host(undefined);
    await sim.close();
  });
  beforeEach(() => sim.log.clear());

  it("sends no request: a placeholder before any answer, then the last answer of the same call", async () => {
    host("m365-windows");
    const customer = DEMO.customers.smit;
    const first = await excelErrorOf(F.invoicesFunction(customer, "", "", "", preview()));
    expect(first.code).toBe(FakeErrorCode.notAvailable);
    expect(first.message).toBe("Calculated when you press Enter.");
    const placeholder = await excelErrorOf(
      F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric, REF, preview())
    );
    expect(placeholder.message).toBe("Calculated when you press Enter.");
    expect(sim.log.count()).toBe(0);
    // Entered: the call runs and is answered.
    const entered = await F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric, REF, {});
    const requests = sim.log.count();
    expect(requests).toBeGreaterThan(0);
    // Typed again: the same answer, no request.
    await expect(
      F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric, REF, preview())
    ).resolves.toBe(entered);
    // Another argument has no answer yet: the placeholder, still no request.
    await excelErrorOf(
      F.contractFixedCostsFunction(DEMO.contracts.heatingGeneric, "2025-01-01", preview())
    );
    expect(sim.log.count()).toBe(requests);
  });

  it("follows nothing for a streaming INVOICESTATUS in the preview", async () => {
    host("excel-web");
    configureStatusPoller({ intervalMs: 2_000 });
    const results: unknown[] = [];
    const invocation = {
      isInValuePreview: "true",
      setResult: (v: unknown) => results.push(v),
    } as unknown as CustomFunctions.StreamingInvocation<string>;
    F.invoiceStatusFunction("00000000-0000-4000-8000-000000000001", invocation);
    expect(results).toHaveLength(1);
    expect((results[0] as Error).message).toBe("Calculated when you press Enter.");
    expect(invocation.onCanceled).toBeUndefined();
    expect(sim.log.count()).toBe(0);
    configureStatusPoller();
  });

  it("is not read where Excel cannot say it (no CustomFunctionsRuntime 1.5): the call runs", async () => {
    host("office-ltsc-2024");
    // INVOICES is never cached: an answer means the service was asked.
    const table = await F.invoicesFunction(DEMO.customers.smit, "", "", "", preview());
    expect(table[0][0]).toBe("invoiceId");
    expect(sim.log.count("POST", /invoices\/filter/i)).toBe(1);
  });
});

/** A server that answers every request with `handler` (which may never answer). */
async function misbehaving(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void
): Promise<{ url: string; close(): Promise<void>; requests: () => number }> {
  let requests = 0;
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    requests += 1;
    handler(req, res);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("every call settles against a service that hangs", () => {
  // A short time-out per request and no retries: the deadline of a call derives from them
  // (callTimeoutFor), as the default 365 s derives from the defaults.
  const client = { timeoutMs: 300, retry: { limit: 0 } };
  afterEach(() => configureConnection());

  /** A lookup against `handler`'s server: the Excel error it settles with. */
  async function lookupAgainst(handler: Parameters<typeof misbehaving>[0]) {
    const server = await misbehaving(handler);
    configureConnection({
      loadSettings: async () => ({ baseUrl: server.url, headers: {}, credential: NONE }),
      client,
    });
    const error = await excelErrorOf(F.customerIdFunction("Jansen Holding BV", {}));
    await server.close();
    expect(server.requests()).toBeGreaterThan(0);
    return error;
  }

  it("gives #N/A, the service unreachable, when it never answers", async () => {
    const error = await lookupAgainst(() => undefined);
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(/^Cannot reach the billing service at 127\.0\.0\.1:\d+: check/);
  });

  it("gives #N/A when the service stalls half-way through a body", async () => {
    const error = await lookupAgainst((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"success":true,"errors":[],"data":{"items":[{"id":"');
      // … and nothing more, the connection kept open.
    });
    // The request's own time-out covers the body, so the cell need not wait for its deadline.
    expect(error.code).toBe(FakeErrorCode.notAvailable);
    expect(error.message).toMatch(/^Cannot reach the billing service at 127\.0\.0\.1:\d+: check/);
  });

  it("documents its deadline: derived from the client's budget (365 s with the defaults)", () => {
    expect(callTimeoutFor({})).toBe(365_000);
    expect(callTimeoutFor(client)).toBeLessThan(10_000);
  });
});
