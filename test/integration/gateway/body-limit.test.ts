/**
 * A 50 MB body is refused with 413 (a create takes at most 4 MiB) before it reaches the service, whether it is announced with a
 * Content-Length or streamed chunked; the gateway stays up and serves the next request.
 */
import http from "node:http";
import { ORIGIN, expectNoSecret, startChain } from "./helpers";
import type { Chain } from "./helpers";

const MB = 1024 * 1024;
const TOTAL = 50 * MB;

interface Outcome {
  status: number;
  body: string;
  cors?: string;
}

/** Sends up to 50 MB (stops writing once the answer has come) and resolves with the answer. */
function sendLarge(
  baseUrl: string,
  chunked: boolean,
  auth: Record<string, string>
): Promise<Outcome> {
  const url = new URL(baseUrl);
  const chunk = Buffer.alloc(MB, 0x61);
  const headers: Record<string, string> = { ...auth, "content-type": "application/json" };
  if (!chunked) headers["content-length"] = String(TOTAL);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { host: url.hostname, port: url.port, method: "POST", path: "/api/bill/Invoices", headers },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          // Whatever was left unsent is not sent.
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            cors: res.headers["access-control-allow-origin"] as string | undefined,
          });
        });
      }
    );
    // Once the gateway has answered it may close the connection while we still write.
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    let sent = 0;
    const write = () => {
      while (!answered && sent < TOTAL) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe("the gateway's body limit", () => {
  let chain: Chain;

  beforeAll(async () => {
    chain = await startChain();
  });
  afterAll(async () => {
    expectNoSecret(chain.lines.join("\n"));
    await chain.close();
  });

  it.each([
    ["with a Content-Length", false],
    ["chunked", true],
  ])("refuses 50 MB %s with 413, and the service never sees it", async (_name, chunked) => {
    chain.sim.log.clear();
    const before = chain.sim.store.invoices.size;
    const outcome = await sendLarge(chain.gw.url, chunked, chain.headers);
    expect(outcome.status).toBe(413);
    expect(outcome.cors).toBe(ORIGIN);
    expect(JSON.parse(outcome.body).errors[0]).toMatchObject({
      key: "GATEWAY_BODY_TOO_LARGE",
      message: "The request body is larger than the gateway accepts for this operation (4 MB).",
    });
    expect(chain.sim.log.count(undefined, /^\/api\//)).toBe(0);
    expect(chain.sim.store.invoices.size).toBe(before);
    // Still serving.
    const next = await fetch(`${chain.gw.url}/api/cfg/TaxCodes`, { headers: chain.headers });
    expect(next.status).toBe(200);
  });
});
