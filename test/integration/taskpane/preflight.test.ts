/**
 * The pre-flight check before a run, over real HTTP: a 503 is transient and retried with
 * the read policy, so it does not stop the run; a busy service (429) lets the run start (the run
 * waits out its limit); only a refused connection is "unreachable". Test connection itself still
 * reports the first answer as it is.
 */
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { preflightCheck, probeConnection } from "../../../src/taskpane/pane-connection";
import type { ConnectionSettings } from "../../../src/api";

const connection = (baseUrl: string): ConnectionSettings => ({
  baseUrl,
  headers: {},
  credential: { kind: "none" },
});

describe("the pre-flight check before a run", () => {
  let sim: Simulator;

  beforeAll(async () => {
    (globalThis as unknown as { location: { origin: string } }).location = {
      origin: "https://localhost:3000",
    };
    sim = await createSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim.close();
    delete (globalThis as unknown as { location?: unknown }).location;
  });
  beforeEach(() => {
    sim.setFaults({ get503Every: 0, rateLimit: null });
    sim.log.clear();
  });

  it("meets a 503, retries it with the read policy and lets the run start", async () => {
    // Every second GET answers 503: the probe's first page is the second GET.
    sim.setFaults({ get503Every: 2 });
    await fetch(`${sim.url}/api/cfg/TaxCodes`);

    const report = await preflightCheck(connection(sim.url));

    expect(report).toMatchObject({ ok: true, verdict: "reachable" });
    const statuses = sim.log.entries().map((e) => e.status);
    expect(statuses).toContain(503);
    expect(statuses[statuses.length - 1]).toBe(200);
  });

  it("Test connection reports the same 503 as it is (no retries: it shows what the service says)", async () => {
    sim.setFaults({ get503Every: 2 });
    await fetch(`${sim.url}/api/cfg/TaxCodes`);

    const report = await probeConnection(connection(sim.url));

    expect(report).toMatchObject({ ok: false, verdict: "server-error" });
  });

  it("lets the run start when the service is busy (429): the run waits out its limit", async () => {
    sim.setFaults({
      rateLimit: { maxRequests: 0, windowMs: 60_000, retryAfterSeconds: 60, header: "retry-after" },
    });

    const report = await preflightCheck(connection(sim.url));

    expect(report).toMatchObject({ ok: true, verdict: "busy" });
    expect(sim.log.entries().map((e) => e.status)).toEqual([429]);
  });

  it("stops the run when nothing answers (a refused connection): unreachable", async () => {
    const closed = await createSimulator({ port: 0 });
    const url = closed.url;
    await closed.close();

    const report = await preflightCheck(connection(url));

    expect(report.ok).toBe(false);
    expect(report.verdict).toBe("unreachable");
  });
});
