/**
 * What the attack tests need: the gateway as IT starts it (`node --import tsx gateway/cli.ts` or the
 * built bundle, configuration from an environment file, the audit on its stdout), raw requests over
 * a `net` socket (exactly the bytes given: HTTP clients would sanitise them), and forged tokens.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO } from "../../../simulator";
import { gatewayConfig } from "./helpers";
import type { GatewayConfig } from "../../../gateway";

const CLI = path.join(__dirname, "..", "..", "..", "gateway", "cli.ts");

/** A gateway process. */
export interface GatewayProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed on stdout so far, line by line (the audit among them). */
  stdout(): string[];
  stderr(): string;
  /** SIGTERM, then resolves with the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/** The environment file IT writes for `config`. */
export function envFileText(config: GatewayConfig): string {
  return [
    `GATEWAY_PORT=${config.port}`,
    `GATEWAY_HOST=${config.host}`,
    `GATEWAY_SERVICE_URL=${config.serviceUrl}`,
    `GATEWAY_TOKEN_URL=${config.tokenUrl}`,
    `GATEWAY_CLIENT_ID=${config.clientId}`,
    `GATEWAY_CLIENT_SECRET=${config.clientSecret}`,
    `GATEWAY_SCOPE=${config.scope}`,
    `GATEWAY_APIM_KEY=${config.apimKey}`,
    `GATEWAY_TENANT_ID=${config.tenantId}`,
    `GATEWAY_ORGANISATION_ID=${config.organisationId}`,
    `GATEWAY_ALLOWED_ORIGINS=${config.allowedOrigins.join(",")}`,
    `GATEWAY_USER_ISSUER=${config.userIssuer}`,
    `GATEWAY_USER_AUDIENCE=${config.userAudience}`,
    `GATEWAY_USER_RATE=${config.userRate}`,
    ...(config.userClientIds ? [`GATEWAY_USER_CLIENT_IDS=${config.userClientIds.join(",")}`] : []),
  ].join("\n");
}

/**
 * Starts the gateway as IT does: `node --import tsx gateway/cli.ts --env-file …` (or `node
 * <bundle> --env-file …`), for the service at `serviceUrl` and the directory `issuer`.
 */
export async function spawnGateway(
  serviceUrl: string,
  issuer: string,
  options: {
    extra?: Partial<GatewayConfig>;
    bundle?: string;
    /** More environment (NODE_EXTRA_CA_CERTS for a directory on HTTPS with its own certificate). */
    env?: Record<string, string>;
  } = {}
): Promise<GatewayProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), "gateway-attack-"));
  const file = path.join(dir, "gateway.env");
  writeFileSync(
    file,
    envFileText(gatewayConfig(serviceUrl, serviceUrl, { userIssuer: issuer, ...options.extra }))
  );
  const args = options.bundle
    ? [options.bundle, "--env-file", file]
    : ["--import", "tsx", CLI, "--env-file", file];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  let url: string | undefined;
  for (let i = 0; i < 600 && !url && child.exitCode === null; i++) {
    url = /Billing gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (!url) await new Promise((r) => setTimeout(r, 50));
  }
  if (!url) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`The gateway did not start: ${out} ${err}`);
  }
  return {
    url,
    port: Number(new URL(url).port),
    child,
    stdout: () => out.split("\n").filter((l) => l !== ""),
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A raw HTTP answer as read off the socket. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The whole text received. */
  text: string;
}

/** Parses the first answer in `text` (status 0 when there is none). */
export function parseReply(text: string): RawReply {
  const end = text.indexOf("\r\n\r\n");
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine, ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? "" : text.slice(end + 4);
  const length = headers["content-length"];
  if (length !== undefined) body = body.slice(0, Number(length));
  else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    // Good enough for the small JSON answers here: the first chunk.
    const m = /^[0-9a-f]+\r\n([\s\S]*?)\r\n/i.exec(body);
    body = m ? m[1] : body;
  }
  return { status: Number(/^HTTP\/1\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body, text };
}

/**
 * Writes `bytes` to the gateway on a fresh socket exactly as given and resolves with what came back
 * once the gateway closed the connection, or once one whole answer came (`Connection: close` is not
 * needed), or after `waitMs` with whatever came.
 */
export function rawExchange(
  port: number,
  bytes: string | Buffer,
  waitMs = 10_000
): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseReply(text));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (c: Buffer) => {
      text += c.toString("latin1");
      const reply = parseReply(text);
      const length = reply.headers["content-length"];
      if (
        reply.status !== 0 &&
        length !== undefined &&
        Buffer.byteLength(reply.body) >= Number(length)
      ) {
        finish();
      }
    });
    socket.on("error", finish);
    socket.on("close", finish);
  });
}

/** A request's bytes: request line, headers (in order, repeats allowed), CRLF, body. */
export function rawRequestText(
  method: string,
  target: string,
  headers: [string, string][],
  body = ""
): string {
  return `${method} ${target} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n${body}`;
}

/** base64url of a JSON value or bytes. */
export function b64url(value: unknown): string {
  const buf = Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value));
  return buf.toString("base64url");
}

/** An invoice create's body with `reference` as its external reference (one line, the demo data). */
export function createBody(reference: string): string {
  return JSON.stringify({
    customerId: DEMO.customers.jansen,
    companyBankAccountId: DEMO.bankAccounts.main,
    externalReference: reference,
    lines: [{ taxCodeId: DEMO.taxCodes.vat21, description: "Meter", quantity: 1, unitPrice: 10 }],
  });
}
