/**
 * The whole chain on one machine: the simulator requiring auth (with its local Entra ID token
 * endpoint), a test directory issuing the users' tokens (test-issuer.ts) and a gateway in front of
 * the simulator, all on ephemeral ports, the gateway's log collected.
 */
import http from "node:http";
import { createSimulator } from "../../../simulator";
import type { Simulator, SimulatorAuth, SimulatorOptions } from "../../../simulator";
import { createGateway } from "../../../gateway";
import type { Gateway, GatewayConfig, GatewayOptions } from "../../../gateway";
import { AUDIENCE, USERS, startTestIssuer } from "./test-issuer";
import type { TestIssuer, TokenOptions } from "./test-issuer";

export { AUDIENCE, USERS, startTestIssuer } from "./test-issuer";
export type { DemoUser, TestIssuer, TokenOptions } from "./test-issuer";

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

/** Where no directory listens: a gateway configured with it cannot check any token (502). */
export const NO_ISSUER = "http://127.0.0.1:9/00000000-0000-4000-8000-000000000000/v2.0";

/**
 * The gateway configuration for a service at `serviceUrl` whose token endpoint is `tokenBase`;
 * give `userIssuer` (a {@link TestIssuer}'s) for a gateway that lets users in.
 */
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
    userIssuer: NO_ISSUER,
    userAudience: AUDIENCE,
    userRate: 1000,
    ...extra,
  };
}

/** A running chain. */
export interface Chain {
  sim: Simulator;
  gw: Gateway;
  /** The directory whose users the gateway lets in. */
  issuer: TestIssuer;
  /** The add-in's Origin and an invoicer's token (Billing.Invoice: every operation). */
  headers: Record<string, string>;
  /** The add-in's Origin and a token made with `options`. */
  headersFor(options?: TokenOptions): Promise<Record<string, string>>;
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
  const issuer = await startTestIssuer();
  const lines: string[] = [];
  const gw = await createGateway({
    config: gatewayConfig(sim.url, sim.url, { userIssuer: issuer.issuer, ...options.config }),
    log: (line) => lines.push(line),
    ...options.gateway,
  });
  const headersFor = async (tokenOptions: TokenOptions = {}) => ({
    origin: ORIGIN,
    authorization: `Bearer ${await issuer.token(tokenOptions)}`,
  });
  return {
    sim,
    gw,
    issuer,
    headers: await headersFor({ user: USERS.invoicer }),
    headersFor,
    lines,
    close: async () => {
      await gw.close();
      await sim.close();
      await issuer.close();
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

/**
 * Asserts that no user token is in `text`: neither whole nor any of its three parts (a payload or
 * a signature alone would still be a leak), nor anything shaped like a JWT (`eyJ….eyJ…`).
 */
export function expectNoUserToken(text: string, tokens: readonly string[]): void {
  expect(text).not.toMatch(/eyJ[\w-]*\.eyJ/);
  for (const token of tokens) {
    for (const part of token.split(".")) if (part.length > 8) expect(text).not.toContain(part);
  }
}

/** The bearer token of `headers` (as made by {@link Chain.headersFor}). */
export function tokenOf(headers: Record<string, string>): string {
  return headers.authorization.replace(/^Bearer /, "");
}

/** Parsed log lines. */
export function logEntries(lines: string[]): Record<string, unknown>[] {
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * The audit as calls: each `forward` line merged with its `outcome` line (same `callId`; `outcome`
 * undefined while none came), and each `refused`/`preflight` line as it is.
 */
export function auditCalls(lines: string[]): Record<string, unknown>[] {
  const entries = logEntries(lines.filter((l) => l.startsWith("{")));
  const outcomes = new Map<unknown, Record<string, unknown>>();
  for (const e of entries) if (e.event === "outcome") outcomes.set(e.callId, e);
  const calls: Record<string, unknown>[] = [];
  for (const e of entries) {
    if (e.event === "forward") {
      const o = outcomes.get(e.callId);
      calls.push(o ? { ...e, ...o, time: e.time, event: "forward", outcome: true } : e);
    } else if (e.event === "refused" || e.event === "preflight") calls.push(e);
  }
  return calls;
}
