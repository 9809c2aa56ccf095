/**
 * Bodies in the add-in's shape (gateway/body-shapes.ts): every bulk operation and its dry run, with
 * one ordinary invoicer's token, is refused with nothing forwarded unless it names 1–100 exact
 * invoice UUIDs and nothing else; the add-in's own client still does all of it through the gateway;
 * and every id a call acts on is in its audit lines with its user.
 */
import { createBillingClient } from "../../../src/api";
import type { BillingClient, CreateInvoiceRequest } from "../../../src/api";
import { createBody } from "./attack-kit";
import {
  ORIGIN,
  USERS,
  auditCalls,
  fetchFrom,
  logEntries,
  rawRequest,
  startChain,
  tokenOf,
} from "./helpers";
import type { Chain } from "./helpers";
import { ADDIN_CLIENT_ID, AUDIENCE, DIRECTORY_ID } from "./test-issuer";

const USER_SCOPE = `api://${AUDIENCE}/access_as_user`;

const BULK = ["approve", "send", "sendviapostal", "credit", "marksent"] as const;
const DATE = "2026-12-01T00:00:00+01:00";
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
/** A well-formed id (the shape is refused before the service could look it up). */
const ANY_ID = uuid(4711);

let chain: Chain;
let client: BillingClient;

/** Approval finishes in the background in the simulator (approvalDelayMs): waits for it. */
async function untilApproved(ids: readonly string[]): Promise<void> {
  for (
    let i = 0;
    i < 50 && !ids.every((id) => chain.sim.store.invoice(id)?.status === "approved");
    i++
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function post(path: string, body: unknown) {
  if (body === undefined) return rawRequest(chain.gw.url, "POST", path, chain.headers);
  const text = JSON.stringify(body);
  return rawRequest(
    chain.gw.url,
    "POST",
    path,
    {
      ...chain.headers,
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(text)),
    },
    text
  );
}

beforeAll(async () => {
  chain = await startChain();
  const signIn = { directory: DIRECTORY_ID, clientId: ADDIN_CLIENT_ID, scope: USER_SCOPE };
  const credential = { kind: "gateway" as const, signIn };
  const userToken = () => Promise.resolve(tokenOf(chain.headers));
  client = createBillingClient(
    { baseUrl: chain.gw.url, headers: {}, credential },
    { fetch: fetchFrom(ORIGIN), userToken, retry: { limit: 0 } }
  );
});
afterAll(() => chain.close());

describe("a bulk request not in the add-in's shape", () => {
  const draft = () => ANY_ID;
  /** Each hostile body, for a real run (`onlyValidate: false`) and a dry run. */
  const bodies = (onlyValidate: boolean): [string, unknown][] => [
    ["no body", undefined],
    ["an empty object", {}],
    ["no ids", { onlyValidate, invoiceDate: DATE }],
    ["an empty id list", { onlyValidate, invoiceDate: DATE, queryParams: { includeOnlyIds: [] } }],
    [
      "a filter only",
      { onlyValidate, invoiceDate: DATE, queryParams: { invoiceStatus: ["created"] } },
    ],
    [
      "ids and a broad filter",
      {
        onlyValidate,
        invoiceDate: DATE,
        queryParams: { includeOnlyIds: [ANY_ID], customerId: uuid(1) },
      },
    ],
    [
      "non-UUID ids",
      { onlyValidate, invoiceDate: DATE, queryParams: { includeOnlyIds: ["1", "*"] } },
    ],
    [
      "101 ids",
      {
        onlyValidate,
        invoiceDate: DATE,
        queryParams: { includeOnlyIds: Array.from({ length: 101 }, (_, i) => uuid(i)) },
      },
    ],
    [
      "1,500 ids",
      {
        onlyValidate,
        invoiceDate: DATE,
        queryParams: { includeOnlyIds: Array.from({ length: 1500 }, (_, i) => uuid(i)) },
      },
    ],
    [
      "an unknown field",
      { onlyValidate, invoiceDate: DATE, queryParams: { includeOnlyIds: [ANY_ID] }, all: true },
    ],
    ["ids that are not text", { onlyValidate, queryParams: { includeOnlyIds: [1, 2] } }],
  ];

  for (const name of BULK) {
    for (const onlyValidate of [false, true]) {
      for (const [label, body] of bodies(onlyValidate)) {
        it(`bulk/${name}${onlyValidate ? " (dry run)" : ""} with ${label}: refused, nothing forwarded, audited`, async () => {
          chain.sim.log.clear();
          const before = chain.lines.length;
          const answer = await post(`/api/bill/Invoices/bulk/${name}`, body);
          expect(answer.status).toBe(400);
          expect(JSON.parse(answer.body)).toMatchObject({
            success: false,
            errors: [{ key: "GATEWAY_BODY_NOT_ALLOWED" }],
          });
          expect(answer.headers["access-control-allow-origin"]).toBe(ORIGIN);
          expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
          const lines = logEntries(chain.lines.slice(before));
          expect(lines).toEqual([
            expect.objectContaining({
              event: "refused",
              oid: USERS.invoicer.oid,
              path: `/api/bill/Invoices/bulk/${name}`,
              status: 400,
              reason: "GATEWAY_BODY_NOT_ALLOWED",
            }),
          ]);
        });
      }
    }
  }

  it.each(BULK)(
    "bulk/%s naming queryParams twice (the first without ids): refused, nothing forwarded",
    async (name) => {
      chain.sim.log.clear();
      const ids = `{"includeOnlyIds":["${ANY_ID}"]}`;
      for (const text of [
        `{"onlyValidate":false,"invoiceDate":"${DATE}","queryParams":{},"queryParams":${ids}}`,
        `{"onlyValidate":false,"invoiceDate":"${DATE}","queryParams":{"includeOnlyIds":[],"includeOnlyIds":["${ANY_ID}"]}}`,
      ]) {
        const answer = await rawRequest(
          chain.gw.url,
          "POST",
          `/api/bill/Invoices/bulk/${name}`,
          {
            ...chain.headers,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(text)),
          },
          text
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toContain("GATEWAY_BODY_NOT_ALLOWED");
      }
      expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
    }
  );

  it("bulk/delete is no operation of the add-in: refused, nothing forwarded", async () => {
    chain.sim.log.clear();
    const answer = await post("/api/bill/Invoices/bulk/delete", {
      queryParams: { includeOnlyIds: [draft()] },
    });
    expect(answer.status).toBe(403);
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
  });

  it("other bodies off the add-in's shape: refused, nothing forwarded", async () => {
    const cases: [string, unknown, number][] = [
      [`/api/bill/Invoices/${draft()}/approve`, {}, 400],
      [`/api/bill/Invoices/${draft()}/approve`, { invoiceDate: DATE, status: "approved" }, 400],
      ["/api/bill/Invoices/filter", { everything: true }, 400],
      ["/api/bill/Invoices/filter", [], 400],
      ["/api/md/Customers/filter", { flexSearch: "a", includeOnlyIds: ["not-an-id"] }, 400],
      [`/api/bill/Invoices/${draft()}/send`, { onlyValidate: false }, 413],
      [`/api/bill/Invoices/${draft()}/credit`, { all: true }, 413],
      [`/api/bill/Invoices/${draft()}/marksent`, { onlyValidate: false }, 413],
    ];
    for (const [path, body, status] of cases) {
      chain.sim.log.clear();
      const answer = await post(path, body);
      expect([path, answer.status]).toEqual([path, status]);
      expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
    }
  });
});

describe("the add-in's own requests, through the gateway", () => {
  it("approves, sends and credits in bulk (dry runs too), every id in its audit lines with the user", async () => {
    const ids: string[] = [];
    for (const ref of ["BULK-A", "BULK-B"]) {
      ids.push(
        (await client.createInvoice(JSON.parse(createBody(ref)) as CreateInvoiceRequest)).id
      );
    }
    expect(ids.map((id) => chain.sim.store.invoice(id)?.status)).toEqual(["created", "created"]);
    const before = chain.lines.length;
    const validated = await client.validateApproval(ids, DATE);
    expect(validated.failed).toEqual([]);
    const approved = await client.bulkApprove(ids, DATE);
    expect(approved.failed).toEqual([]);
    await untilApproved(ids);
    const dry = await client.bulkSend(ids, "email", true);
    expect(dry.failed).toEqual([]);
    const sent = await client.bulkSend(ids, "email", false);
    expect(sent.failed).toEqual([]);
    const credited = await client.bulkCredit(ids);
    expect(credited.failed).toEqual([]);
    await client.filterInvoices({ customerId: chain.sim.store.invoice(ids[0])!.customerId });

    const calls = auditCalls(chain.lines.slice(before)).filter((c) =>
      String(c.path).includes("/bulk/")
    );
    expect(calls.map((c) => [c.path, c.status])).toEqual([
      ["/api/bill/Invoices/bulk/approve", 200],
      ["/api/bill/Invoices/bulk/approve", 200],
      ["/api/bill/Invoices/bulk/send", 200],
      ["/api/bill/Invoices/bulk/send", 200],
      ["/api/bill/Invoices/bulk/credit", 200],
    ]);
    // "Who approved, sent, credited invoice X": one search for its id finds every such line.
    for (const id of ids) {
      const found = chain.lines.slice(before).filter((l) => l.includes(id));
      const entries = logEntries(found);
      expect(entries.filter((e) => e.event === "forward")).toHaveLength(5);
      expect(entries.filter((e) => e.event === "outcome")).toHaveLength(5);
      for (const e of entries) {
        expect(e).toMatchObject({ oid: USERS.invoicer.oid, user: USERS.invoicer.username });
        expect(e.invoiceIds).toContain(id);
      }
    }
  });

  it("marks as sent, one and in bulk, every id in its audit lines with the user", async () => {
    const ids: string[] = [];
    for (const ref of ["MARK-A", "MARK-B", "MARK-C"]) {
      ids.push(
        (await client.createInvoice(JSON.parse(createBody(ref)) as CreateInvoiceRequest)).id
      );
    }
    const approved = await client.bulkApprove(ids, DATE);
    expect(approved.failed).toEqual([]);
    await untilApproved(ids);
    const before = chain.lines.length;
    const one = await client.markSent(ids[0]);
    expect(one.sent).toBe("sent");
    const bulk = await client.bulkMarkSent(ids.slice(1));
    expect(bulk).toMatchObject({ accepted: ids.slice(1), failed: [], refused: [] });
    for (const id of ids)
      expect(chain.sim.store.invoice(id)).toMatchObject({ sent: "sent", markSentCount: 1 });
    const calls = auditCalls(chain.lines.slice(before));
    expect(calls.map((c) => [c.path, c.status])).toEqual([
      ["/api/bill/Invoices/{id}/marksent", 200],
      ["/api/bill/Invoices/bulk/marksent", 200],
    ]);
    expect(calls[0]).toMatchObject({ invoiceId: ids[0], oid: USERS.invoicer.oid });
    for (const id of ids.slice(1)) {
      const entries = logEntries(chain.lines.slice(before).filter((l) => l.includes(id)));
      expect(entries.filter((e) => e.event === "forward")).toHaveLength(1);
      for (const e of entries) {
        expect(e).toMatchObject({ oid: USERS.invoicer.oid, user: USERS.invoicer.username });
        expect(e.invoiceIds).toContain(id);
      }
    }
  });

  it("a create's outcome line names the invoice it made, with its user", async () => {
    const before = chain.lines.length;
    const made = await client.createInvoice(
      JSON.parse(createBody("  REF-WHO-MADE-ME  ")) as CreateInvoiceRequest
    );
    const outcome = logEntries(chain.lines.slice(before)).find((e) => e.event === "outcome")!;
    expect(outcome).toMatchObject({
      oid: USERS.invoicer.oid,
      path: "/api/bill/Invoices",
      invoiceId: made.id,
      externalReference: "REF-WHO-MADE-ME",
    });
  });
});
