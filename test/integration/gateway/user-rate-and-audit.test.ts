/**
 * Per user at the gateway: each user's own rate (429 with Retry-After for that user alone, nothing
 * forwarded), and an audit line per request naming who did what — never a token or a secret.
 */
import { DEMO } from "../../../simulator";
import {
  ORIGIN,
  USERS,
  expectNoSecret,
  expectNoUserToken,
  auditCalls,
  logEntries,
  rawRequest,
  startChain,
  tokenOf,
} from "./helpers";
import type { Chain } from "./helpers";

const CONTRACT = `/api/md/Contracts/${DEMO.contracts.heatingGeneric}`;

describe("the per-user rate limit", () => {
  let chain: Chain;
  const RATE = 5;

  beforeAll(async () => {
    chain = await startChain({ config: { userRate: RATE } });
  });
  afterAll(async () => await chain.close());

  it("refuses one user's burst beyond the rate with 429 and Retry-After, while another user goes on", async () => {
    const riley = await chain.headersFor({ user: USERS.reader });
    const ingrid = await chain.headersFor({ user: USERS.invoicer });
    chain.sim.log.clear();
    // 15 at once: however a window boundary falls, at most 2 × 5 pass.
    const burst = await Promise.all(
      Array.from({ length: 15 }, () => rawRequest(chain.gw.url, "GET", CONTRACT, riley))
    );
    const limited = burst.filter((a) => a.status === 429);
    const passed = burst.filter((a) => a.status === 200);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(passed.length + limited.length).toBe(15);
    for (const answer of limited) {
      expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(answer.headers["access-control-allow-origin"]).toBe(ORIGIN);
      expect(JSON.parse(answer.body).errors[0].key).toBe("GATEWAY_USER_RATE_LIMITED");
    }
    // Nothing refused reached the service.
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(passed.length);
    // Another user is not held back by Riley's loop.
    const other = await rawRequest(chain.gw.url, "GET", CONTRACT, ingrid);
    expect(other.status).toBe(200);
    const line = logEntries(chain.lines).find((l) => l.status === 429);
    expect(line).toMatchObject({ oid: USERS.reader.oid, reason: "GATEWAY_USER_RATE_LIMITED" });
  });

  it("spends no one's budget on requests without a valid token", async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const nora = await chain.headersFor({ user: { ...USERS.reader, oid: "fresh-user-oid" } });
    const anonymous = await Promise.all(
      Array.from({ length: 30 }, () =>
        rawRequest(chain.gw.url, "GET", CONTRACT, { origin: ORIGIN, authorization: "Bearer x" })
      )
    );
    expect(anonymous.every((a) => a.status === 401)).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: RATE }, () => rawRequest(chain.gw.url, "GET", CONTRACT, nora))
    );
    expect(answers.map((a) => a.status)).toEqual(Array(RATE).fill(200));
  });
});

describe("the audit log", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => await chain.close());

  it("names the user, the operation, the invoice and its reference, the outcome — and holds no token", async () => {
    const ingrid = await chain.headersFor({ user: USERS.invoicer });
    const riley = await chain.headersFor({ user: USERS.reader });
    const json = { "content-type": "application/json" };
    const body = JSON.stringify({
      customerId: DEMO.customers.jansen,
      companyBankAccountId: DEMO.bankAccounts.main,
      externalReference: "AUDIT-2026-06-001",
      lines: [{ taxCodeId: DEMO.taxCodes.vat21, description: "Meter", quantity: 1, unitPrice: 10 }],
    });
    const created = await rawRequest(
      chain.gw.url,
      "POST",
      "/api/bill/Invoices",
      { ...ingrid, ...json },
      body
    );
    expect(created.status).toBeLessThan(300);
    const id = (JSON.parse(created.body) as { data: { id: string } }).data.id;
    const approved = await rawRequest(
      chain.gw.url,
      "POST",
      `/api/bill/invoices/${id}/approve`,
      { ...ingrid, ...json },
      JSON.stringify({ invoiceDate: "2026-06-15T00:00:00+02:00" })
    );
    expect(approved.status).toBeLessThan(300);
    await rawRequest(chain.gw.url, "GET", CONTRACT, riley);
    await rawRequest(chain.gw.url, "POST", "/api/bill/Invoices", { ...riley, ...json }, body);
    const queryToken = await chain.issuer.token();
    await rawRequest(chain.gw.url, "GET", `${CONTRACT}?access_token=${queryToken}`);

    const lines = auditCalls(chain.lines);
    const find = (status: number, path: string) =>
      lines.find((l) => l.status === status && l.path === path);
    expect(find(created.status, "/api/bill/Invoices")).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      event: "forward",
      callId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      outcome: true,
      oid: USERS.invoicer.oid,
      user: "ingrid.invoicer@contoso.example",
      method: "POST",
      path: "/api/bill/Invoices",
      // The outcome line names the invoice the create made (the service's answer).
      invoiceId: id,
      externalReference: "AUDIT-2026-06-001",
      status: created.status,
      durationMs: expect.any(Number),
    });
    expect(find(approved.status, "/api/bill/Invoices/{id}/approve")).toMatchObject({
      oid: USERS.invoicer.oid,
      user: "ingrid.invoicer@contoso.example",
      method: "POST",
      invoiceId: id,
    });
    expect(find(200, "/api/md/Contracts/{id}")).toMatchObject({
      oid: USERS.reader.oid,
      user: "riley.reader@contoso.example",
      contractId: DEMO.contracts.heatingGeneric,
    });
    const refused = find(403, "/api/bill/Invoices");
    expect(refused).toMatchObject({ oid: USERS.reader.oid, reason: "GATEWAY_ROLE_MISSING" });
    // A refused request's body is never read.
    expect(refused).not.toHaveProperty("externalReference");
    const unsigned = lines.filter((l) => l.status === 401);
    expect(unsigned).toHaveLength(1);
    expect(unsigned[0]).toMatchObject({ reason: "GATEWAY_SIGN_IN_REQUIRED" });
    expect(unsigned[0].oid).toBeUndefined();

    const text = chain.lines.join("\n");
    expectNoUserToken(text, [tokenOf(ingrid), tokenOf(riley), queryToken]);
    expectNoSecret(text);
    expect(text).not.toContain("access_token");
  });
});
