/**
 * A validating proxy of the vendor's three OpenAPI documents (contracts/openapi): one Stoplight Prism
 * process in proxy mode per document, and a tiny router in front that sends `/api/bill/*`,
 * `/api/cfg/*` and `/api/md/*` to the Prism of that area.
 *
 * Prism routes on the document's paths without the servers' base path (`/Invoices`, not
 * `/api/bill/Invoices`), so the router strips the area prefix and each Prism forwards to
 * `<upstream>/api/<area>`. Prism reports what it found wrong with a request or a response in the
 * `sl-violations` response header; the router records it per exchange.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { AREAS, documentWithPaths } from "./documented-operations";
import type { Area } from "./documented-operations";

export { AREAS };
export type { Area };

const ROOT = path.resolve(__dirname, "../../../..");
const PRISM_BIN = path.join(ROOT, "node_modules/@stoplight/prism-cli/dist/index.js");

/** One violation as Prism reports it. */
export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/** One request through the proxy and what Prism said about it. */
export interface Exchange {
  method: string;
  /** Path as sent by the client, area prefix included, without the query. */
  path: string;
  status: number;
  violations: Violation[];
}

/** A running proxy. */
export interface ValidatingProxy {
  /** Base URL the client uses instead of the upstream's. */
  url: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface PrismProcess {
  port: number;
  child: ChildProcess;
}

/** Starts `prism proxy <doc> <upstream>/api/<area>` and waits until it listens. */
async function startPrism(
  area: Area,
  doc: string,
  upstream: string,
  timeoutMs: number
): Promise<PrismProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [PRISM_BIN, "proxy", doc, `${upstream}/api/${area}`, "-p", String(port), "-h", "127.0.0.1"],
    // --errors is off by default: Prism forwards invalid requests too and only reports them.
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_ENV: "production" } }
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(
        new Error(`Prism for ${AREAS[area]} did not start within ${timeoutMs} ms:\n${output}`)
      );
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4000);
      if (output.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism for ${AREAS[area]} exited with ${code}:\n${output}`));
    });
  });
  // Keep draining its log so that the pipe never fills up and blocks it.
  child.stdout?.resume();
  child.stderr?.resume();
  return { port, child };
}

function parseViolations(header: string | string[] | undefined): Violation[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join("") : header;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as Violation[]) : [];
  } catch {
    return [{ location: [], severity: "Error", message: `unreadable sl-violations: ${text}` }];
  }
}

/**
 * Starts one Prism per document in front of `upstream` (scheme + host, no path) and a router for
 * them; Prism sees only the `paths` named in `onlyPaths` per area (all other parts of each
 * document unchanged), which is what makes it start in seconds. Close the proxy when done: it
 * stops the Prism processes.
 */
export async function startValidatingProxy(
  upstream: string,
  onlyPaths: Record<Area, readonly string[]>,
  startTimeoutMs = 60_000
): Promise<ValidatingProxy> {
  const areas = Object.keys(AREAS) as Area[];
  const dir = mkdtempSync(path.join(os.tmpdir(), "conformance-"));
  const docs = areas.map((area) => {
    const file = path.join(dir, AREAS[area]);
    writeFileSync(file, documentWithPaths(area, onlyPaths[area]));
    return file;
  });
  const started = await Promise.allSettled(
    areas.map((a, i) => startPrism(a, docs[i], upstream, startTimeoutMs))
  );
  const prisms = new Map<Area, PrismProcess>();
  started.forEach((s, i) => {
    if (s.status === "fulfilled") prisms.set(areas[i], s.value);
  });
  const failed = started.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) {
    for (const p of prisms.values()) p.child.kill();
    rmSync(dir, { recursive: true, force: true });
    throw failed.reason;
  }

  const exchanges: Exchange[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://proxy.invalid");
    const m = /^\/api\/(bill|cfg|md)(\/.*)$/i.exec(url.pathname);
    const prism = m ? prisms.get(m[1].toLowerCase() as Area) : undefined;
    if (!m || !prism) {
      exchanges.push({
        method: req.method ?? "",
        path: url.pathname,
        status: 404,
        violations: [{ location: ["request"], severity: "Error", message: "no area prefix" }],
      });
      res.writeHead(404).end();
      return;
    }
    const headers = { ...req.headers, host: `127.0.0.1:${prism.port}` };
    const upstreamReq = http.request(
      {
        host: "127.0.0.1",
        port: prism.port,
        method: req.method,
        path: `${m[2]}${url.search}`,
        headers,
        agent,
      },
      (upstreamRes) => {
        exchanges.push({
          method: req.method ?? "",
          path: url.pathname,
          status: upstreamRes.statusCode ?? 0,
          violations: parseViolations(upstreamRes.headers["sl-violations"]),
        });
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      }
    );
    upstreamReq.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstreamReq);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
      await Promise.all(
        [...prisms.values()].map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
              p.child.once("exit", () => resolve());
              p.child.kill();
            })
        )
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
