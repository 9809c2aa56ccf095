/**
 * Fair under load (gateway/upload-budget.ts): one user's bodies reserve at most their share of the
 * instance's body budget (GATEWAY_USER_BODY_SHARE_MB, 8 MB by default). Two users each holding eight
 * slow 4 MB creates — which once filled the whole 64 MB budget and got everyone else 503 — hold two
 * each; a third user's create and approve and a reader's search are answered while those uploads are
 * still held open, and reconnecting does not take more.
 */
import net from "node:net";
import { USER_SHARE_BYTES } from "../../../gateway";
import { createBody, rawRequestText } from "./attack-kit";
import { ORIGIN, USERS, rawRequest, startChain } from "./helpers";
import type { Chain, DemoUser } from "./helpers";

const FOUR_MB = 4 * 1024 * 1024;

async function until(test: () => boolean, tries = 800): Promise<void> {
  for (let i = 0; i < tries && !test(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(test()).toBe(true);
}

/** A slow upload: a create announcing 4 MB, 8 KB sent, then nothing; its answer, if any. */
interface SlowUpload {
  socket: net.Socket;
  answer(): string;
}

function slowCreate(port: number, token: string): SlowUpload {
  const head = rawRequestText("POST", "/api/bill/Invoices", [
    ["Host", "gateway"],
    ["Origin", ORIGIN],
    ["Authorization", `Bearer ${token}`],
    ["Content-Type", "application/json"],
    ["Content-Length", String(FOUR_MB)],
  ]);
  let text = "";
  const socket = net.connect(port, "127.0.0.1", () => {
    socket.write(head);
    socket.write(" ".repeat(0x2000).replace(/^ /, "{"));
  });
  socket.on("data", (c: Buffer) => (text += c.toString("latin1")));
  socket.on("error", () => undefined);
  return { socket, answer: () => text };
}

describe("two users holding slow uploads", () => {
  let chain: Chain;
  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => await chain.close());

  it("hold their share only; a third user and a reader are answered while the uploads are held", async () => {
    expect(USER_SHARE_BYTES).toBe(2 * FOUR_MB);
    const port = Number(new URL(chain.gw.url).port);
    const attackers: DemoUser[] = [1, 2].map((n) => ({
      ...USERS.invoicer,
      oid: `0a1b2c3d-5555-4aaa-8bbb-00000000000${n}`,
      username: `slow${n}@contoso.example`,
    }));
    const tokens = await Promise.all(attackers.map((user) => chain.issuer.token({ user })));
    const uploads: SlowUpload[] = [];
    for (let i = 0; i < 16; i++) uploads.push(slowCreate(port, tokens[i % 2]));
    const answered = () => uploads.filter((u) => u.answer() !== "");
    // Two each are admitted (8 MB each); the other six of each get 429 at once, for that user alone.
    await until(() => answered().length === 12);
    expect(answered().every((u) => u.answer().startsWith("HTTP/1.1 429"))).toBe(true);
    expect(answered().every((u) => u.answer().includes("GATEWAY_UPLOADS_LIMITED"))).toBe(true);
    await until(() => chain.gw.uploads.snapshot().uploads === 4);
    const held = uploads.filter((u) => u.answer() === "");
    expect(held).toHaveLength(4);
    expect(chain.gw.uploads.snapshot().reservedBytes).toBe(4 * FOUR_MB);

    // Reconnecting takes no more: refused at once while the first ones are held.
    const again = [slowCreate(port, tokens[0]), slowCreate(port, tokens[1])];
    await until(() => again.every((u) => u.answer().startsWith("HTTP/1.1 429")));

    // A third user creates and approves, a reader searches: all answered, each within 2 s, while
    // the four slow uploads are still held open and unanswered.
    const json = { "content-type": "application/json" };
    const invoicer = { ...chain.headers, ...json };
    const reader = { ...(await chain.headersFor({ user: USERS.reader })), ...json };
    const timed = async (call: () => Promise<{ status: number; body: string }>) => {
      const start = performance.now();
      const answer = await call();
      return { ...answer, ms: performance.now() - start };
    };
    const created = await timed(() =>
      rawRequest(chain.gw.url, "POST", "/api/bill/Invoices", invoicer, createBody("FAIR-1"))
    );
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.body) as { data: { id: string } }).data.id;
    const approved = await timed(() =>
      rawRequest(
        chain.gw.url,
        "POST",
        `/api/bill/Invoices/${id}/approve`,
        invoicer,
        JSON.stringify({ invoiceDate: "2026-06-15T00:00:00+02:00" })
      )
    );
    expect(approved.status).toBeLessThan(300);
    const searched = await timed(() =>
      rawRequest(
        chain.gw.url,
        "POST",
        "/api/bill/Invoices/filter",
        reader,
        JSON.stringify({ flexSearch: "FAIR-1" })
      )
    );
    expect(searched.status).toBe(200);
    for (const call of [created, approved, searched]) expect(call.ms).toBeLessThan(2000);
    // Throughout: the slow uploads are still admitted, open and without an answer.
    expect(held.every((u) => u.answer() === "" && !u.socket.destroyed)).toBe(true);
    expect(chain.gw.uploads.snapshot().uploads).toBe(4);
    expect(chain.sim.log.count("POST", /^\/api\/bill\/Invoices$/)).toBe(1);

    for (const u of [...uploads, ...again]) u.socket.destroy();
    await until(() => chain.gw.uploads.snapshot().uploads === 0);
    expect(chain.gw.uploads.snapshot()).toEqual({ bufferedBytes: 0, reservedBytes: 0, uploads: 0 });
  });
});
