/**
 * The gateway's tokens: one fetch serves many requests; a new one shortly before expiry; one
 * renewal after the service answers 401, shared by every request that saw it; a POST re-sent once
 * after that 401 creates exactly one invoice.
 */
import { DEMO } from "../../../simulator";
import { AUTH, ORIGIN, expectNoSecret, logEntries, startChain, tokenRequests } from "./helpers";
import type { Chain } from "./helpers";

describe("the gateway's token cache", () => {
  let chain: Chain;
  let clock: number;

  beforeEach(async () => {
    clock = Date.now();
    chain = await startChain({ gateway: { now: () => clock } });
  });
  afterEach(async () => {
    expectNoSecret(chain.lines.join("\n"));
    await chain.close();
  });

  const get = (path = `/api/md/contracts/${DEMO.contracts.heatingGeneric}`) =>
    fetch(`${chain.gw.url}${path}`, { headers: chain.headers });

  it("fetches a token once and reuses it for many requests, sequential and concurrent", async () => {
    for (let i = 0; i < 5; i++) expect((await get()).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(tokenRequests(chain.sim)).toBe(1);
    expect(chain.sim.log.count("GET", /^\/api\/md\/contracts\//)).toBe(25);
  });

  it("keeps the token until five minutes before it expires, then fetches one new token for concurrent requests", async () => {
    expect((await get()).status).toBe(200);
    // Entra's tokens (and the simulator's) live 3599 s; renewal starts 300 s before the end.
    clock += (3599 - 301) * 1000;
    expect((await get()).status).toBe(200);
    expect(tokenRequests(chain.sim)).toBe(1);
    clock += 2000;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get()));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(tokenRequests(chain.sim)).toBe(2);
  });

  it("renews the token once when the service answers 401, for every request that saw it", async () => {
    expect((await get()).status).toBe(200);
    // The service stops accepting every token issued so far (key rotation, revocation).
    chain.sim.setOptions({ auth: { ...AUTH, tokenSigningKey: "rotated-key" } });
    const answers = await Promise.all(Array.from({ length: 12 }, () => get()));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    // However many saw the 401 (those that arrived later got the new token at once): one fetch.
    expect(tokenRequests(chain.sim)).toBe(2);
    const refused = chain.sim.log.entries().filter((e) => e.status === 401).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    // Each refused request was re-sent exactly once.
    const renewed = logEntries(chain.lines).filter((l) => l.tokenRenewed === true);
    expect(renewed).toHaveLength(refused);
    expect(chain.sim.log.count("GET", /^\/api\/md\/contracts\//)).toBe(13);
  });

  it("re-sends a create once after a 401, which creates exactly one invoice", async () => {
    expect((await get()).status).toBe(200);
    chain.sim.setOptions({ auth: { ...AUTH, tokenSigningKey: "rotated-again" } });
    const before = chain.sim.store.invoices.size;
    const res = await fetch(`${chain.gw.url}/api/bill/Invoices`, {
      method: "POST",
      headers: { ...chain.headers, "content-type": "application/json" },
      body: JSON.stringify({
        customerId: DEMO.customers.jansen,
        companyBankAccountId: DEMO.bankAccounts.main,
        externalReference: "GW-401-REPLAY",
        lines: [
          { taxCodeId: DEMO.taxCodes.vat21, description: "Meter", quantity: 1, unitPrice: 10 },
        ],
      }),
    });
    expect(res.status).toBeLessThan(300);
    expect(chain.sim.store.invoices.size).toBe(before + 1);
    const same = [...chain.sim.store.invoices.values()].filter(
      (i) => i.externalReference === "GW-401-REPLAY"
    );
    expect(same).toHaveLength(1);
    const posts = chain.sim.log
      .entries()
      .filter((e) => e.method === "POST" && /invoices$/i.test(e.path));
    expect(posts.map((p) => p.status)).toEqual([401, res.status]);
  });

  it("passes the service's 401 on when the renewed token is refused too, without a third try", async () => {
    expect((await get()).status).toBe(200);
    // Wrong API key on the gateway's side: every call is a 401 whatever the token.
    chain.sim.setOptions({ auth: { ...AUTH, apiKey: "another-key" } });
    const res = await get();
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const body = JSON.stringify(await res.json());
    expect(body).toContain("SUBSCRIPTION_KEY_INVALID");
    expect(chain.sim.log.entries().filter((e) => e.status === 401)).toHaveLength(2);
    expect(tokenRequests(chain.sim)).toBe(2);
  });
});
