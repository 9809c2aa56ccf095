/**
 * At company scale: memory bounded under slow uploads by construction (each operation's
 * body limit, a per-user upload cap, a byte budget: gateway/upload-budget.ts) while other users are
 * served; and two gateway instances behind one address keeping every guarantee (audit once per call
 * across both logs, refusals the same, one drained while the other serves).
 */
import net from "node:net";
import type { AddressInfo } from "node:net";
import { DEMO } from "../../../simulator";
import { UPLOADS_PER_USER, createGateway, SMALL_BODY } from "../../../gateway";
import type { Gateway } from "../../../gateway";
import { b64url, rawExchange, rawRequestText } from "./attack-kit";
import { ORIGIN, USERS, auditCalls, gatewayConfig, startChain } from "./helpers";
import type { Chain, DemoUser } from "./helpers";
import { until } from "../../support/until";

const CONTRACT = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;

describe("slow uploads", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => await chain.close());

  it("60 slow 9 MB uploads from 3 reader accounts: held within the stated bound, refused beyond it, while another user is served", async () => {
    const port = Number(new URL(chain.gw.url).port);
    const readers: DemoUser[] = [1, 2, 3].map((n) => ({
      ...USERS.reader,
      oid: `0a1b2c3d-4444-4aaa-8bbb-00000000000${n}`,
      username: `reader${n}@contoso.example`,
    }));
    const tokens = await Promise.all(readers.map((user) => chain.issuer.token({ user })));
    const sockets: net.Socket[] = [];
    const answers: string[] = [];
    // 30 announce 9 MB; 30 are chunked and send 8 KB, then nothing more (a slow upload).
    for (let i = 0; i < 60; i++) {
      const chunked = i % 2 === 1;
      const head = rawRequestText("POST", "/api/md/Customers/filter", [
        ["Host", "gateway"],
        ["Origin", ORIGIN],
        ["Authorization", `Bearer ${tokens[i % 3]}`],
        ["Content-Type", "application/json"],
        chunked ? ["Transfer-Encoding", "chunked"] : ["Content-Length", String(9 * 1024 * 1024)],
      ]);
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(head);
        socket.write(chunked ? `2000\r\n${"a".repeat(0x2000)}\r\n` : "a".repeat(0x2000));
      });
      let text = "";
      socket.on("data", (c: Buffer) => {
        text += c.toString("latin1");
        if (/\r\n\r\n\{.*\}$/s.test(text)) answers.push(text);
      });
      socket.on("error", () => undefined);
      sockets.push(socket);
    }
    // Announced 9 MB: 413 at once (the filter takes 64 KiB). Chunked: each reader's first 8 are
    // admitted and held; the other 2 of each get 429 at once.
    const perUser = Math.min(UPLOADS_PER_USER, 10);
    await until(() => answers.length === 30 + 3 * (10 - perUser), {
      timeoutMs: 15_000,
      everyMs: 25,
    });
    expect(answers.filter((a) => a.startsWith("HTTP/1.1 413"))).toHaveLength(30);
    expect(answers.filter((a) => a.startsWith("HTTP/1.1 429"))).toHaveLength(3 * (10 - perUser));
    expect(answers.every((a) => a.includes(`access-control-allow-origin: ${ORIGIN}`))).toBe(true);
    await until(() => chain.gw.uploads.snapshot().uploads === 3 * perUser, {
      timeoutMs: 15_000,
      everyMs: 25,
    });

    // Another user is served meanwhile (the slow uploads hold slots, not the event loop).
    const started = performance.now();
    const other = await fetch(`${chain.gw.url}${CONTRACT}`, { headers: chain.headers });
    const took = performance.now() - started;
    expect(other.status).toBe(200);
    expect(took).toBeLessThan(2000);

    // The bound, by construction: uploads per user × users × the operation's limit; never the 9 MB.
    const bound = 3 * perUser * SMALL_BODY;
    expect(chain.gw.uploads.bufferedHighWater).toBeLessThanOrEqual(bound);
    expect(chain.gw.uploads.reservedHighWater).toBeLessThanOrEqual(bound);
    expect(chain.sim.log.count(undefined, /Customers\/filter/)).toBe(0);

    for (const socket of sockets) socket.destroy();
    await until(() => chain.gw.uploads.snapshot().uploads === 0, {
      timeoutMs: 15_000,
      everyMs: 25,
    });
    expect(chain.gw.uploads.snapshot()).toEqual({ bufferedBytes: 0, reservedBytes: 0, uploads: 0 });
  });
});

/** A round-robin TCP balancer in front of `ports`; a port that refuses is skipped (as an LB does). */
async function balancer(ports: number[]): Promise<{ port: number; close(): Promise<void> }> {
  let next = 0;
  const server = net.createServer((client) => {
    const attempt = (tries: number) => {
      const port = ports[next++ % ports.length];
      const backend = net.connect(port, "127.0.0.1");
      backend.once("connect", () => {
        client.pipe(backend).pipe(client);
      });
      backend.once("error", () => {
        if (tries > 1) attempt(tries - 1);
        else client.destroy();
      });
      client.once("close", () => backend.destroy());
    };
    attempt(ports.length);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe("two gateway instances behind one address", () => {
  let chain: Chain;
  let second: Gateway;
  const secondLines: string[] = [];
  let lb: Awaited<ReturnType<typeof balancer>>;

  beforeAll(async () => {
    chain = await startChain();
    second = await createGateway({
      config: gatewayConfig(chain.sim.url, chain.sim.url, { userIssuer: chain.issuer.issuer }),
      log: (l) => secondLines.push(l),
    });
    lb = await balancer([Number(new URL(chain.gw.url).port), second.port]);
  });
  afterAll(async () => {
    await lb.close();
    await second.close();
    await chain.close();
  });

  const headers = (): [string, string][] => [
    ["Host", "gateway.example"],
    ["Origin", ORIGIN],
    ["Authorization", chain.headers.authorization],
    ["Connection", "close"],
  ];

  it("audits each call once across both logs, with the reference the service stored", async () => {
    const refs = Array.from({ length: 8 }, (_, i) => `TWO-GW-${i + 1}`);
    for (const ref of refs) {
      const body = JSON.stringify({
        customerId: DEMO.customers.jansen,
        companyBankAccountId: DEMO.bankAccounts.main,
        externalReference: ref,
        lines: [
          { taxCodeId: DEMO.taxCodes.vat21, description: "Meter", quantity: 1, unitPrice: 10 },
        ],
      });
      const reply = await rawExchange(
        lb.port,
        rawRequestText(
          "POST",
          "/api/bill/Invoices",
          [
            ...headers(),
            ["Content-Type", "application/json"],
            ["Content-Length", String(Buffer.byteLength(body))],
          ],
          body
        )
      );
      expect(reply.status).toBeLessThan(300);
    }
    const all = [...auditCalls(chain.lines), ...auditCalls(secondLines)];
    for (const ref of refs) {
      const lines = all.filter((c) => c.externalReference === ref);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ event: "forward", status: expect.any(Number) });
      const stored = [...chain.sim.store.invoices.values()].filter(
        (i) => i.externalReference === ref
      );
      expect(stored).toHaveLength(1);
    }
    // Both instances took calls (round robin).
    expect(auditCalls(chain.lines).some((c) => refs.includes(String(c.externalReference)))).toBe(
      true
    );
    expect(auditCalls(secondLines).some((c) => refs.includes(String(c.externalReference)))).toBe(
      true
    );
  });

  it("refuses a forged token at either instance; nothing reaches the service", async () => {
    chain.sim.log.clear();
    const forged = `${b64url({ alg: "none" })}.${b64url({ oid: USERS.invoicer.oid, scp: "access_as_user" })}.`;
    for (let i = 0; i < 4; i++) {
      const reply = await rawExchange(
        lb.port,
        rawRequestText("GET", CONTRACT, [
          ...headers().filter(([k]) => k !== "Authorization"),
          ["Authorization", `Bearer ${forged}`],
        ])
      );
      expect(reply.status).toBe(401);
    }
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
  });

  it("serves through the other instance while one is drained and gone", async () => {
    await second.close();
    chain.sim.log.clear();
    for (let i = 0; i < 4; i++) {
      const reply = await rawExchange(lb.port, rawRequestText("GET", CONTRACT, headers()));
      expect(reply.status).toBe(200);
    }
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(4);
  });
});
