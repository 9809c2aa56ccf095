/**
 * The audit with the caller gone, and the drain: a create whose caller hangs up 1–5 ms
 * after sending is forwarded, stored by the service and audited — its forward line (with the
 * reference the service stored) and an outcome line with the service's status and `callerGone`. On
 * close (SIGTERM) a call in flight finishes and is audited, a request arriving meanwhile is refused
 * with 503 `GATEWAY_DRAINING` (audited, CORS), `/readyz` says `draining`.
 */
import net from "node:net";
import { DEMO } from "../../../simulator";
import { createBody, parseReply, rawExchange, rawRequestText } from "./attack-kit";
import { ORIGIN, auditCalls, logEntries, startChain } from "./helpers";
import type { Chain } from "./helpers";
import { until } from "../../support/until";

function headersOf(chain: Chain, body?: string): [string, string][] {
  return [
    ["Host", "gateway"],
    ["Origin", ORIGIN],
    ["Authorization", chain.headers.authorization],
    ...(body === undefined
      ? []
      : ([
          ["Content-Type", "application/json"],
          ["Content-Length", String(Buffer.byteLength(body))],
        ] as [string, string][])),
  ];
}

describe("the audit when the caller hangs up", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => await chain.close());

  it("audits each of 10 creates whose caller hangs up: once, with the reference the service stored and its status", async () => {
    // The service takes 300 ms, so a caller who hangs up after the forward line is gone before it answers.
    chain.sim.setFaults({ latencyMs: 300 });
    const port = Number(new URL(chain.gw.url).port);
    const refs = Array.from(
      { length: 10 },
      (_, i) => `GONE-2026-${String(i + 1).padStart(3, "0")}`
    );
    const forwardLineOf = (ref: string) =>
      logEntries(chain.lines).some((l) => l.event === "forward" && l.externalReference === ref);
    const first = chain.lines.length;
    const send = (ref: string, i: number) =>
      new Promise<void>((resolve) => {
        const body = createBody(ref);
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(rawRequestText("POST", "/api/bill/Invoices", headersOf(chain, body), body));
          // Half hang up 1–5 ms after sending (wherever the gateway is by then), half right after
          // the gateway forwarded (certainly before the service answers).
          const hangUp = () => {
            socket.destroy();
            resolve();
          };
          if (i % 2 === 0) setTimeout(hangUp, 1 + (i % 5));
          else
            void until(() => forwardLineOf(ref), { timeoutMs: 10_000, everyMs: 25 }).then(
              hangUp,
              hangUp
            );
        });
        socket.on("error", () => resolve());
      });
    // Two waves of five: the add-in sends at most 6 at once (a user's cap is 8).
    await Promise.all(refs.slice(0, 5).map((ref, i) => send(ref, i)));
    await Promise.all(refs.slice(5).map((ref, i) => send(ref, i + 5)));
    const calls = () =>
      auditCalls(chain.lines.slice(first)).filter((c) => c.path === "/api/bill/Invoices");
    // Every call ends in the audit: refused, or forwarded and completed with the service's status.
    await until(() => calls().length === 10 && calls().every((c) => c.status !== undefined), {
      timeoutMs: 10_000,
      everyMs: 25,
    });
    chain.sim.setFaults({ latencyMs: 0 });

    const stored = [...chain.sim.store.invoices.values()].filter((inv) =>
      refs.includes(inv.externalReference ?? "")
    );
    const forwarded = calls().filter((c) => c.event === "forward");
    // What was forwarded is exactly what the service stored, each once, with the reference it
    // stored, its status and callerGone.
    expect(forwarded.map((c) => c.externalReference).sort()).toEqual(
      stored.map((inv) => inv.externalReference).sort()
    );
    expect(forwarded.length).toBeGreaterThanOrEqual(5);
    for (const call of forwarded) {
      expect(call).toMatchObject({ callerGone: true, oid: expect.any(String) });
      expect(call.status).toBeLessThan(300);
    }
    // The others never reached the service: their caller was gone before anything was sent.
    for (const call of calls().filter((c) => c.event !== "forward")) {
      expect(call).toMatchObject({ event: "refused", status: 499, reason: "GATEWAY_CALLER_GONE" });
    }
  });
});

describe("the drain (SIGTERM)", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => await chain.close());

  it("finishes the call in flight, refuses a new one with 503 GATEWAY_DRAINING, audits both, and says draining on /readyz", async () => {
    const port = Number(new URL(chain.gw.url).port);
    const ready = await fetch(`${chain.gw.url}/readyz`);
    expect(ready.status).toBe(200);
    await expect(ready.json()).resolves.toEqual({ status: "ready" });

    chain.sim.setFaults({ latencyMs: 400 });
    chain.sim.log.clear();
    const contract = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;
    const inFlight = rawExchange(port, rawRequestText("GET", contract, headersOf(chain)));
    // A second connection has begun its request (not idle) when the drain starts.
    const late = net.connect(port, "127.0.0.1");
    await new Promise<void>((r) => late.once("connect", () => r()));
    const text = rawRequestText("GET", "/api/cfg/TaxCodes", headersOf(chain));
    late.write(text.slice(0, 20));
    await until(() => chain.sim.log.count("GET", /Contracts/) === 1, {
      timeoutMs: 10_000,
      everyMs: 25,
    });

    const closed = chain.gw.close();
    let answer = "";
    late.on("data", (c: Buffer) => (answer += c.toString("latin1")));
    const lateDone = new Promise<void>((r) => late.once("close", () => r()));
    late.write(text.slice(20));
    await lateDone;
    const refused = parseReply(answer);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body).errors[0].key).toBe("GATEWAY_DRAINING");
    expect(refused.headers["access-control-allow-origin"]).toBe(ORIGIN);

    expect((await inFlight).status).toBe(200);
    await closed;
    chain.sim.setFaults({ latencyMs: 0 });
    // The refused request reached nothing; the one in flight did, once.
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(1);
    const calls = auditCalls(chain.lines);
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: "forward", path: "/api/md/Contracts/{id}", status: 200 }),
        expect.objectContaining({ event: "refused", status: 503, reason: "GATEWAY_DRAINING" }),
      ])
    );
  });
});
