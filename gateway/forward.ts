/**
 * Forwarding one allowed call through `@fastify/reply-from` with the gateway's credentials, renewing
 * the gateway's token once on a 401. The audit line is written the moment the call is handed to the
 * service; its outcome line when the service's status is known — also when the caller has gone.
 */
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { GATEWAY_TOKEN_FAILED } from "../src/api";
import type { GatewayConfig } from "./config";
import { sendError } from "./error-answer";
import { cleanQuery, downstreamHeaders, upstreamHeaders } from "./forward-headers";
import { elapsedMs } from "./request-log";
import type { RequestLogLine } from "./request-log";
import { isTokenError } from "./token-error";
import type { TokenSource } from "./token-source";

/** What forwarding needs. */
export interface ForwardOptions {
  config: GatewayConfig;
  tokens: TokenSource;
  audit: (line: RequestLogLine) => void;
  /** Writes a line before it returns (the `forward` line). */
  auditNow: (line: RequestLogLine) => void;
  upstreamTimeoutMs: number;
}

/** The `forward` line: who, what, the reference; written before the service can act. */
export function forwardLine(request: FastifyRequest, callId: string): RequestLogLine {
  const user = request.gatewayUser;
  const matched = request.gatewayOperation!;
  const idField = matched.operation.idField;
  return {
    time: new Date().toISOString(),
    event: "forward",
    callId,
    ...(user ? { oid: user.oid } : {}),
    ...(user?.username !== undefined ? { user: user.username } : {}),
    method: request.method,
    path: matched.operation.template,
    ...(idField && matched.id !== undefined ? { ids: { [idField]: matched.id } } : {}),
    ...(request.gatewayExternalReference !== undefined
      ? { externalReference: request.gatewayExternalReference }
      : {}),
  };
}

/** Makes the forwarder of one app. */
export function makeForwarder(options: ForwardOptions) {
  const { config, tokens, audit, auditNow, upstreamTimeoutMs } = options;
  const serviceOrigin = new URL(config.serviceUrl).origin;
  const written = new WeakSet<FastifyRequest>();

  /** The outcome line of a forwarded call, once. */
  const outcome = (request: FastifyRequest, status: number) => {
    if (request.gatewayCallId === undefined || written.has(request)) return;
    written.add(request);
    audit({
      time: new Date().toISOString(),
      event: "outcome",
      callId: request.gatewayCallId,
      status,
      durationMs: elapsedMs(request),
      ...(request.gatewayReason ? { reason: request.gatewayReason } : {}),
      ...(request.gatewayDetail ? { detail: request.gatewayDetail } : {}),
      ...(request.gatewayRetried ? { tokenRenewed: true } : {}),
      ...(request.gatewayCallerGone ? { callerGone: true } : {}),
    });
  };

  const tokenFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!isTokenError(error)) {
      request.gatewayDetail = error instanceof Error ? error.name : "unknown";
      sendError(reply, 500, "GATEWAY_INTERNAL_ERROR", "The gateway failed; see its log.");
    } else {
      request.gatewayDetail = error.message;
      sendError(
        reply,
        502,
        GATEWAY_TOKEN_FAILED,
        `The company gateway could not sign in to the billing service: ${error.message}.`
      );
    }
    outcome(request, reply.statusCode);
    return reply;
  };

  /** Sends `request` with `token`; on the first 401, once more with a renewed token. */
  const send = (request: FastifyRequest, reply: FastifyReply, token: string, retried: boolean) => {
    const body = request.body as Buffer | undefined;
    const hasBody = request.method === "POST" && body !== undefined && body.length > 0;
    const raw = request.url.indexOf("?");
    reply.from(request.gatewayPath!, {
      ...(request.method === "POST"
        ? hasBody
          ? { body, contentType: request.headers["content-type"] ?? "application/json" }
          : { body: null }
        : request.method === "DELETE"
          ? { body: null }
          : {}),
      ...(raw === -1 ? {} : { queryString: () => cleanQuery(request.url.slice(raw)).slice(1) }),
      rewriteRequestHeaders: (_req, headers) =>
        upstreamHeaders(
          headers,
          {
            token,
            apimKey: config.apimKey,
            tenantId: config.tenantId,
            organisationId: config.organisationId,
          },
          hasBody
        ),
      rewriteHeaders: (headers) => downstreamHeaders(headers, serviceOrigin),
      onResponse: (_req, _reply, res) => {
        if (res.statusCode === 401 && !retried) {
          // The service refused the token, so it did nothing: safe to send once more, POST too.
          res.stream.resume();
          for (const name of Object.keys(reply.getHeaders())) {
            if (!name.startsWith("access-control-") && name !== "vary") reply.removeHeader(name);
          }
          request.gatewayRetried = true;
          tokens
            .replace(token)
            .then((renewed) => send(request, reply, renewed, true))
            .catch((error: unknown) => tokenFailure(request, reply, error));
          return;
        }
        outcome(request, res.statusCode);
        if (request.gatewayCallerGone) {
          // Nobody to tell: the answer is read and dropped (its status is in the outcome line).
          res.stream.resume();
          return;
        }
        reply.send(res.stream);
      },
      onError: (_reply, { error }) => {
        const timedOut = (error as { statusCode?: number }).statusCode === 504;
        request.gatewayDetail = (error as { code?: string }).code;
        if (timedOut) {
          sendError(
            reply,
            504,
            "GATEWAY_SERVICE_TIMEOUT",
            `The billing service did not answer the gateway within ${upstreamTimeoutMs / 1000} s.`
          );
        } else {
          sendError(
            reply,
            502,
            "GATEWAY_SERVICE_UNREACHABLE",
            "The gateway could not reach the billing service; IT must check GATEWAY_SERVICE_URL and the network."
          );
        }
        outcome(request, reply.statusCode);
      },
    });
  };

  /** Forwards an allowed, checked call (its audit line first); answers token failures itself. */
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let token: string;
    try {
      token = await tokens.get();
    } catch (error) {
      return tokenFailure(request, reply, error);
    }
    // Hung up before anything was sent: nothing is forwarded (its refused line is written).
    if (request.gatewayCallerGone) return reply;
    const callId = randomUUID();
    request.gatewayCallId = callId;
    auditNow(forwardLine(request, callId));
    send(request, reply, token, false);
    return reply;
  };
}
