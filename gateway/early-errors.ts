/**
 * Requests refused before fastify's hooks run get the gateway's own JSON error too, with CORS for an
 * allowed origin and an audit line: a path fastify cannot decode (`frameworkErrors`), and what Node's
 * HTTP parser refuses (`clientError`: a control byte in a header, headers over 16 KB, a request that
 * both has a Content-Length and is chunked, two Content-Lengths, a request that took too long).
 */
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CORS_EXPOSED_HEADERS } from "../src/api";
import { errorBody } from "./error-answer";
import type { GatewayErrorKey } from "./error-answer";
import type { RequestLogLine } from "./request-log";

/** The CORS headers of an answer to `origin`, when it is allowed (what @fastify/cors adds). */
export function corsHeaders(
  origin: string | undefined,
  allowed: ReadonlySet<string>
): Record<string, string> {
  if (origin === undefined || !allowed.has(origin)) return {};
  return {
    "access-control-allow-origin": origin,
    vary: "Origin",
    "access-control-expose-headers": CORS_EXPOSED_HEADERS.join(", "),
  };
}

/** The one Origin header in the raw bytes Node could not parse (undefined: none, or several). */
export function originInRawPacket(raw: unknown): string | undefined {
  if (!Buffer.isBuffer(raw)) return undefined;
  const text = raw.toString("latin1");
  const found = [...text.matchAll(/\r\norigin:[ \t]*([^\r\n]*?)[ \t]*\r\n/gi)].map((m) => m[1]);
  return found.length === 1 ? found[0] : undefined;
}

/** Status and key of what Node's parser refused (`err.code`). */
function parserRefusal(code: string | undefined): {
  status: number;
  key: GatewayErrorKey;
  message: string;
} {
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      key: "GATEWAY_BAD_REQUEST",
      message: "The request's headers are larger than the gateway accepts (16 KB).",
    };
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return {
      status: 408,
      key: "GATEWAY_BAD_REQUEST",
      message: "The request did not arrive in time.",
    };
  }
  return { status: 400, key: "GATEWAY_BAD_REQUEST", message: "The request is malformed." };
}

/** Options of the early handlers. */
export interface EarlyErrorOptions {
  allowed: ReadonlySet<string>;
  audit: (line: RequestLogLine) => void;
}

/** fastify's `clientErrorHandler`: the gateway's JSON error on the raw socket, then closed. */
export function clientErrorHandler(options: EarlyErrorOptions) {
  return (err: { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const { status, key, message } = parserRefusal(err.code);
    options.audit({
      time: new Date().toISOString(),
      event: "refused",
      status,
      reason: key,
      detail: err.code ?? "client error",
    });
    if (socket.writable) {
      const body = JSON.stringify(errorBody(key, message));
      const headers: Record<string, string> = {
        ...corsHeaders(originInRawPacket(err.rawPacket), options.allowed),
        "content-type": "application/json; charset=utf-8",
        "content-length": String(Buffer.byteLength(body)),
        connection: "close",
      };
      const head = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request"}\r\n${head}\r\n${body}`
      );
    }
    socket.destroySoon();
  };
}

/** fastify's `frameworkErrors` (a path it cannot decode): answered before any hook ran. */
export function frameworkErrorHandler(options: EarlyErrorOptions) {
  return (error: { code?: string }, request: FastifyRequest, reply: FastifyReply): void => {
    const origin = request.headers.origin;
    options.audit({
      time: new Date().toISOString(),
      event: "refused",
      method: request.method,
      status: 400,
      reason: "GATEWAY_BAD_REQUEST",
      detail: error.code ?? "framework error",
    });
    reply
      .headers(corsHeaders(typeof origin === "string" ? origin : undefined, options.allowed))
      .code(400)
      .type("application/json; charset=utf-8")
      .send(errorBody("GATEWAY_BAD_REQUEST", "The request's address is malformed."));
  };
}
