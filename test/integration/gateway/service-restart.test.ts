/**
 * Load with a restart of the service: the gateway as IT starts it (`gateway/cli.ts`, the
 * audit on its stdout) under steady calls from the add-in — contract reads and invoice creates, each
 * create with its own reference — while the billing service (the simulator, a real HTTP server) is
 * killed (every connection cut, calls in flight included) and started again on the same port.
 *
 * Proved: the gateway recovers by itself (calls succeed again, the same gateway process, nothing
 * done to it); every call that failed meanwhile got the gateway's own JSON error with CORS; every
 * call has exactly one audit line with the status its caller got; and no call reached the service
 * twice (no reference stored twice across both lives of the service, no more requests received
 * than calls made). The phases follow counts of answers, never the clock.
 */
import { createSimulator } from "../../../simulator";
import type { Simulator } from "../../../simulator";
import { DEMO } from "../../../simulator";
import { createBody, spawnGateway } from "./attack-kit";
import type { GatewayProcess } from "./attack-kit";
import { AUTH, ORIGIN, USERS, auditCalls, expectNoSecret, startTestIssuer } from "./helpers";
import type { TestIssuer } from "./helpers";

const CONTRACT = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;
const CREATE = "/api/bill/Invoices";
/** Callers sending one call after another, without pause. */
const WORKERS = 4;
/** Answers each phase waits for before the next step. */
const PER_PHASE = 12;

/** One call as its caller saw it. */
interface Call {
  kind: "read" | "create";
  reference?: string;
  /** Sent after the service was started again. */
  afterRestart: boolean;
  status: number;
  cors: string | null;
  body: string;
}

const SIM_OPTIONS = { auth: AUTH, approvalDelayMs: 50, numberDelayMs: 50, host: "127.0.0.1" };

let issuer: TestIssuer;
let gw: GatewayProcess;

beforeAll(async () => {
  issuer = await startTestIssuer();
}, 30_000);
afterAll(async () => {
  await issuer?.close();
});

/** The gateway's JSON error: `{ success: false, errors: [{ key, message }] }`. */
function errorKey(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { success?: boolean; errors?: { key: string }[] };
    return parsed.success === false ? parsed.errors?.[0]?.key : undefined;
  } catch {
    return undefined;
  }
}

it("recovers by itself from a restart of the service under steady calls: the gateway's JSON error with CORS and an audit line for each call meanwhile, none forwarded twice", async () => {
  const first: Simulator = await createSimulator({ port: 0, ...SIM_OPTIONS });
  const port = first.port;
  let second: Simulator | undefined;
  gw = await spawnGateway(first.url, issuer.issuer, { extra: { userRate: 100_000 } });
  const headers = {
    origin: ORIGIN,
    authorization: `Bearer ${await issuer.token({ user: USERS.invoicer })}`,
  };

  const calls: Call[] = [];
  let restarted = false;
  let stop = false;
  let sequence = 0;
  /** Wakes the test when answers come. */
  let waiting: { test: () => boolean; resolve: () => void } | undefined;
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      if (test()) return resolve();
      waiting = { test, resolve };
    });
  const record = (call: Call) => {
    calls.push(call);
    if (waiting?.test()) {
      const { resolve } = waiting;
      waiting = undefined;
      resolve();
    }
  };

  const worker = async (w: number) => {
    while (!stop) {
      const n = (sequence += 1);
      const afterRestart = restarted;
      const create = n % 2 === 0;
      const reference = create ? `RESTART-${w}-${n}` : undefined;
      const response = await fetch(`${gw.url}${create ? CREATE : CONTRACT}`, {
        method: create ? "POST" : "GET",
        headers: create ? { ...headers, "content-type": "application/json" } : headers,
        ...(create ? { body: createBody(reference!) } : {}),
      });
      record({
        kind: create ? "create" : "read",
        ...(reference ? { reference } : {}),
        afterRestart,
        status: response.status,
        cors: response.headers.get("access-control-allow-origin"),
        body: await response.text(),
      });
    }
  };
  const ok = (c: Call) => c.status >= 200 && c.status < 300;

  try {
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    // 1. Steady calls going through.
    await until(() => calls.filter(ok).length >= PER_PHASE);
    // 2. The service is killed: every connection cut, calls in flight with it.
    await first.close();
    const failedBefore = calls.filter((c) => !ok(c)).length;
    await until(() => calls.filter((c) => !ok(c)).length >= failedBefore + PER_PHASE);
    // 3. Started again on the same port; nothing is done to the gateway.
    second = await createSimulator({ port, ...SIM_OPTIONS });
    restarted = true;
    await until(() => calls.filter((c) => c.afterRestart && ok(c)).length >= PER_PHASE);
    stop = true;
    await Promise.all(workers);
  } finally {
    stop = true;
    await first.close().catch(() => undefined);
  }
  const code = await gw.stop();
  await second?.close();
  expect(code).toBe(0);

  // Recovered by itself: after the restart every call succeeded (the gateway did not keep a dead
  // connection or a failure state).
  const afterRestart = calls.filter((c) => c.afterRestart);
  expect(afterRestart.filter(ok).length).toBeGreaterThanOrEqual(PER_PHASE);
  expect(afterRestart.filter((c) => !ok(c))).toEqual([]);

  // Every call that failed got the gateway's own JSON error, with CORS for the add-in.
  const failed = calls.filter((c) => !ok(c));
  expect(failed.length).toBeGreaterThanOrEqual(PER_PHASE);
  for (const call of failed) {
    expect({ status: call.status, key: errorKey(call.body), cors: call.cors }).toEqual({
      status: 502,
      key: "GATEWAY_SERVICE_UNREACHABLE",
      cors: ORIGIN,
    });
  }
  for (const call of calls.filter(ok)) expect(call.cors).toBe(ORIGIN);

  // Exactly one audit line per call, with the status its caller got; creates by their reference.
  const audit = auditCalls(gw.stdout()).filter((l) => l.event !== "preflight");
  expect(audit).toHaveLength(calls.length);
  const statuses = (list: { status?: unknown }[]) => list.map((c) => Number(c.status)).sort();
  expect(statuses(audit)).toEqual(statuses(calls));
  for (const call of calls.filter((c) => c.kind === "create")) {
    const lines = audit.filter((l) => l.externalReference === call.reference);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      event: "forward",
      oid: USERS.invoicer.oid,
      status: call.status,
    });
  }
  expect(new Set(audit.map((l) => l.callId)).size).toBe(audit.length);

  // None forwarded twice: no reference stored twice across both lives of the service, and the
  // service received no more calls than were made (a gateway retrying a refused connection or a cut
  // call would show here).
  const stored = [first, second!].flatMap((s) =>
    [...s.store.invoices.values()]
      .map((i) => i.externalReference)
      .filter((r) => r?.startsWith("RESTART-"))
  );
  expect(new Set(stored).size).toBe(stored.length);
  const received = (s: Simulator, method: string, path: RegExp) => s.log.count(method, path);
  const creates = calls.filter((c) => c.kind === "create");
  const reads = calls.filter((c) => c.kind === "read");
  const createsReceived =
    received(first, "POST", /^\/api\/bill\/Invoices$/) +
    received(second!, "POST", /^\/api\/bill\/Invoices$/);
  const readsReceived =
    received(first, "GET", /^\/api\/md\/Contracts\//) +
    received(second!, "GET", /^\/api\/md\/Contracts\//);
  // Each successful call was received once; each failed one at most once (cut in flight) or never.
  expect(createsReceived).toBeGreaterThanOrEqual(creates.filter(ok).length);
  expect(createsReceived).toBeLessThanOrEqual(creates.length);
  expect(readsReceived).toBeGreaterThanOrEqual(reads.filter(ok).length);
  expect(readsReceived).toBeLessThanOrEqual(reads.length);
  // Every successful create is stored exactly once, the reference its audit line names.
  for (const call of creates.filter(ok)) {
    expect(stored.filter((r) => r === call.reference)).toHaveLength(1);
  }

  expectNoSecret(`${gw.stdout().join("\n")}\n${gw.stderr()}`);
}, 120_000);
