/**
 * The whole chain on one machine: the simulator requiring auth (with its local Entra ID token
 * endpoint) and a gateway in front of it, both on ephemeral ports, the gateway's log collected.
 */
import http from "node:http";
import { createSimulator } from "../../../simulator";
import type { Simulator, SimulatorAuth, SimulatorOptions } from "../../../simulator";
import { createGateway } from "../../../gateway";
import type { Gateway, GatewayConfig, GatewayOptions } from "../../../gateway";

export const ORIGIN = "https://addin.example.test";
export const CLIENT_ID = "gateway-client-4711";
export const CLIENT_SECRET = "s3cr3t~Q8x.Gateway-Client_Secret";
export const WRONG_SECRET = "wr0ng~Secret.Value_9z";
export const API_KEY = "apim-key-9f8e7d6c5b";
export const TENANT = "0b5c3f0e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";
export const ORGANISATION = "9e8f7a6b-5c4d-4e3f-8a1b-2c3d4e5f6a7b";
export const SCOPE = "api://billing-service/.default";
/** Every token the simulator issues starts with this. */
export const TOKEN_PREFIX = "simtok.";

/** The simulator's auth: the gateway's client, the API key and the tenant headers. */
export const AUTH: SimulatorAuth = {
  apiKey: API_KEY,
  tenantId: TENANT,
  organisationId: ORGANISATION,
  clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
};

/** The gateway configuration for a service at `serviceUrl` whose token endpoint is `tokenBase`. */
export function gatewayConfig(
  serviceUrl: string,
  tokenBase: string,
  extra: Partial<GatewayConfig> = {}
): GatewayConfig {
  return {
    port: 0,
    host: "127.0.0.1",
    serviceUrl,
    tokenUrl: `${tokenBase}/test-tenant/oauth2/v2.0/token`,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    scope: SCOPE,
    apimKey: API_KEY,
    tenantId: TENANT,
    organisationId: ORGANISATION,
    allowedOrigins: [ORIGIN],
    ...extra,
  };
}

/** A running chain. */
export interface Chain {
  sim: Simulator;
  gw: Gateway;
  /** The gateway's log lines so far. */
  lines: string[];
  close(): Promise<void>;
}

/** Starts simulator + gateway. */
export async function startChain(
  options: {
    sim?: Partial<SimulatorOptions>;
    config?: Partial<GatewayConfig>;
    gateway?: Omit<GatewayOptions, "config" | "log">;
  } = {}
): Promise<Chain> {
  const sim = await createSimulator({
    port: 0,
    approvalDelayMs: 150,
    numberDelayMs: 100,
    auth: AUTH,
    ...options.sim,
  });
  const lines: string[] = [];
  const gw = await createGateway({
    config: gatewayConfig(sim.url, sim.url, options.config),
    log: (line) => lines.push(line),
    ...options.gateway,
  });
  return {
    sim,
    gw,
    lines,
    close: async () => {
      await gw.close();
      await sim.close();
    },
  };
}

/** Token requests the simulator's token endpoint answered. */
export function tokenRequests(sim: Simulator): number {
  return sim.log.count("POST", /\/oauth2\/v2\.0\/token$/);
}

/** `fetch` as the add-in's browser does it: with the page's Origin. */
export function fetchFrom(origin: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined)
    );
    headers.set("origin", origin);
    if (input instanceof Request) return globalThis.fetch(new Request(input, { headers }));
    return globalThis.fetch(input, { ...init, headers });
  };
}

/** A raw answer: status, headers and body text. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request with the target sent exactly as given (fetch would resolve `..` itself), the
 * add-in's Origin unless other headers say otherwise.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  target: string,
  headers: Record<string, string> = { origin: ORIGIN },
  body?: string
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text })
        );
      }
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Asserts that none of the gateway's secrets (nor any issued token) is in `text`. */
export function expectNoSecret(text: string): void {
  for (const secret of [CLIENT_SECRET, WRONG_SECRET, API_KEY, TOKEN_PREFIX]) {
    expect(text).not.toContain(secret);
  }
}

/** Parsed log lines. */
export function logEntries(lines: string[]): Record<string, unknown>[] {
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}
