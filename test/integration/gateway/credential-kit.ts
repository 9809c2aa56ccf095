/**
 * For the tests of the gateway's own sign-in: a recording service behind the gateway (a real HTTP
 * server that keeps the Authorization header of every call), and, for the managed identity, a
 * local stand-in for Azure's identity endpoint (a real HTTP
 * server: App Service's `IDENTITY_ENDPOINT` or a VM's IMDS) and a gateway whose credential is
 * the managed identity.
 *
 * msal-node chooses its identity source once per process from the environment, so each test file
 * sets the variables of one source before its first token request, and keeps them.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway } from "../../../gateway";
import type { Gateway } from "../../../gateway";
import { ORIGIN, SCOPE, gatewayConfig } from "./helpers";

/** One request the identity endpoint got. */
export interface IdentityRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

/** The stand-in identity endpoint. */
export interface IdentityEndpoint {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: IdentityRequest[];
  /** What it answers next: a token (default) or a refusal with this status and body. */
  answer: { status: number; body: Record<string, unknown> } | "token";
  /** The tokens it issued. */
  issued: string[];
  close(): Promise<void>;
}

/** Starts the endpoint; `expected` is the secret header the platform requires, if any. */
export async function startIdentityEndpoint(expected?: {
  name: string;
  value: string;
}): Promise<IdentityEndpoint> {
  const self: IdentityEndpoint = {
    origin: "",
    requests: [],
    answer: "token",
    issued: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    self.requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
    });
    req.resume();
    const send = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (expected && req.headers[expected.name] !== expected.value) {
      return send(401, { statusCode: 401, message: "Missing or wrong secret header." });
    }
    if (self.answer !== "token") return send(self.answer.status, self.answer.body);
    const token = `mi-token-${self.issued.length + 1}.${"x".repeat(20)}`;
    self.issued.push(token);
    send(200, {
      access_token: token,
      expires_on: String(Math.floor(Date.now() / 1000) + 3600),
      resource: url.searchParams.get("resource"),
      token_type: "Bearer",
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  self.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return self;
}

/** A service that records the Authorization header of every call and answers an empty list. */
export interface RecordingService {
  url: string;
  calls: { path: string; authorization?: string }[];
  close(): Promise<void>;
}

export async function startRecordingService(): Promise<RecordingService> {
  const calls: RecordingService["calls"] = [];
  const server = http.createServer((req, res) => {
    calls.push({ path: req.url ?? "", authorization: req.headers.authorization });
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ success: true, data: [], errors: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A gateway signing in with the managed identity (user-assigned when `clientId` is given). */
export async function managedIdentityGateway(
  serviceUrl: string,
  userIssuer: string,
  lines: string[],
  clientId?: string
): Promise<Gateway> {
  return await createGateway({
    config: gatewayConfig(serviceUrl, "", {
      userIssuer,
      serviceCredential: clientId
        ? { kind: "managed-identity", clientId }
        : { kind: "managed-identity" },
      tokenUrl: "",
      clientId: "",
      clientSecret: "",
      scope: SCOPE,
    }),
    log: (line) => lines.push(line),
  });
}

/**
 * Calls `gw` with `headers` and expects the gateway's own answer to a failed sign-in: 502
 * `GATEWAY_TOKEN_FAILED` with `cause` in its message, readable by the add-in (CORS). Returns the
 * body as text.
 */
export async function expectSignInFailure(
  gw: Gateway,
  headers: Record<string, string>,
  cause: string
): Promise<string> {
  const res = await fetch(`${gw.url}/api/cfg/TaxCodes`, { headers });
  const text = await res.text();
  expect(res.status).toBe(502);
  expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  expect(JSON.parse(text)).toEqual({
    errors: [
      {
        key: "GATEWAY_TOKEN_FAILED",
        message: `The company gateway could not sign in to the billing service: ${cause}.`,
        messageValues: [],
      },
    ],
    success: false,
    data: null,
  });
  return text;
}
