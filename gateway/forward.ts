/**
 * Forwarding one allowed call through `@fastify/reply-from` with the gateway's credentials, renewing
 * the gateway's token once on a 401. The audit line is written the moment the call is handed to the
 * service; its outcome line when the service's status is known — also when the caller has gone.
 */
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { GATEWAY_TOKEN_FAILED, isServiceId } from "../src/api";
import type { GatewayConfig } from "./config";
import { sendError } from "./error-answer";
import type { FastifyReplyFromHooks } from "@fastify/reply-from";
import { cleanQuery, downstreamHeaders, upstreamHeaders } from "./forward-headers";
import type { GatewayCredentials } from "./forward-headers";
import { elapsedMs } from "./request-log";
import type { AuditEvent, RequestLogLine } from "./request-log";
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

/**
 * A line of `event` with who and what: the user, the method, `path`, the operation's id and a
 * create's reference (the fields every audit line of a call shares). Built field by field.
 */
export function callLine(request: FastifyRequest, event: AuditEvent, path: string): RequestLogLine {
  const line: RequestLogLine = { time: new Date().toISOString(), event };
  const user = request.gatewayUser;
  if (user !== undefined) {
    line.oid = user.oid;
    if (user.username !== undefined) line.user = user.username;
  }
  line.method = request.method;
  line.path = path;
  const matched = request.gatewayOperation;
  const idField = matched?.operation.idField;
  if (idField !== undefined && matched?.id !== undefined) line.ids = { [idField]: matched.id };
  else if (request.gatewayBulkIds !== undefined) line.ids = { invoiceIds: request.gatewayBulkIds };
  else if (request.gatewayCreatedId !== undefined)
    line.ids = { invoiceId: request.gatewayCreatedId };
  if (request.gatewayExternalReference !== undefined) {
    line.externalReference = request.gatewayExternalReference;
  }
  return line;
}

/** The `forward` line: who, what, the reference; written before the service can act. */
export function forwardLine(request: FastifyRequest, callId: string): RequestLogLine {
  const line = callLine(request, "forward", request.gatewayOperation!.operation.template);
  line.callId = callId;
  return line;
}

/** The id of the invoice a create's answer names: `data.id` (live), `id`, or the Location's last segment. */
export function createdIdOf(text: string, location: unknown): string | undefined {
  try {
    const parsed = JSON.parse(text) as { id?: unknown; data?: { id?: unknown } | null };
    const id = parsed?.data?.id ?? parsed?.id;
    if (isServiceId(id)) return id;
  } catch {
    // Not JSON: the Location may still name it.
  }
  const last = typeof location === "string" ? location.split(/[/?#]/).filter(Boolean) : [];
  for (let i = last.length - 1; i >= 0; i--) if (isServiceId(last[i])) return last[i];
  return undefined;
}

async function readCreatedId(
  stream: NodeJS.ReadableStream,
  location: unknown
): Promise<{ bytes: Buffer; id: string | undefined }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  return { bytes, id: createdIdOf(bytes.toString("utf8"), location) };
}

/** What the forwarder hands `reply.from`. */
type ReplyFromOptions = FastifyReplyFromHooks & { body?: Buffer | null; contentType?: string };

/** Makes the forwarder of one app. */
export function makeForwarder(options: ForwardOptions) {
  const { config, tokens, audit, auditNow, upstreamTimeoutMs } = options;
  const serviceOrigin = new URL(config.serviceUrl).origin;
  const credentials = (token: string): GatewayCredentials => ({
    token,
    apimKey: config.apimKey,
    tenantId: config.tenantId,
    organisationId: config.organisationId,
  });

  /** The outcome line of a forwarded call, once. */
  const outcome = (request: FastifyRequest, status: number) => {
    if (request.gatewayCallId === undefined || request.gatewayOutcomeWritten) return;
    request.gatewayOutcomeWritten = true;
    // Who and what again, so that one search (an invoice id, a user) finds the outcome too.
    const line = callLine(request, "outcome", request.gatewayOperation!.operation.template);
    line.callId = request.gatewayCallId;
    line.status = status;
    line.durationMs = elapsedMs(request);
    if (request.gatewayReason) line.reason = request.gatewayReason;
    if (request.gatewayDetail) line.detail = request.gatewayDetail;
    if (request.gatewayRetried) line.tokenRenewed = true;
    if (request.gatewayCallerGone) line.callerGone = true;
    audit(line);
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

  // The callbacks are made once per app, not per call: each reads its call's state from the
  // request (the token sent, whether it was re-sent), so forwarding a GET allocates no closure.
  const hasBodyOf = (request: FastifyRequest) => {
    const body = request.body as Buffer | undefined;
    return request.method === "POST" && body !== undefined && body.length > 0;
  };
  const callbacks: ReplyFromOptions = {
    rewriteRequestHeaders: (req, headers) => {
      const request = req as FastifyRequest;
      return upstreamHeaders(headers, credentials(request.gatewayToken!), hasBodyOf(request));
    },
    rewriteHeaders: (headers) => downstreamHeaders(headers, serviceOrigin),
    onResponse: (req, rep, res) => {
      const request = req as FastifyRequest;
      const reply = rep as FastifyReply;
      if (res.statusCode === 401 && !request.gatewayRetried) {
        // The service refused the token, so it did nothing: safe to send once more, POST too.
        res.stream.resume();
        for (const name of Object.keys(reply.getHeaders())) {
          if (!name.startsWith("access-control-") && name !== "vary") reply.removeHeader(name);
        }
        request.gatewayRetried = true;
        tokens
          .replace(request.gatewayToken!)
          .then((renewed) => send(request, reply, renewed))
          .catch((error: unknown) => tokenFailure(request, reply, error));
        return;
      }
      if (
        request.gatewayOperation?.operation.auditCreatedId &&
        res.statusCode >= 200 &&
        res.statusCode < 300
      ) {
        // A create's answer is one invoice: read whole, its id in the outcome line, then sent on.
        readCreatedId(
          res.stream,
          (res as { headers?: Record<string, unknown> }).headers?.location
        ).then(
          ({ bytes, id }) => {
            if (id !== undefined) request.gatewayCreatedId = id;
            outcome(request, res.statusCode);
            if (!request.gatewayCallerGone) reply.send(bytes);
          },
          () => {
            outcome(request, res.statusCode);
            if (!request.gatewayCallerGone) reply.raw.destroy();
          }
        );
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
    onError: (rep, { error }) => {
      const reply = rep as FastifyReply;
      const request = reply.request;
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
  };
  /** The query without a client's API-key parameter (reply-from adds the "?"). */
  const queryString = (_search: string | undefined, url: string) =>
    cleanQuery(url.slice(url.indexOf("?"))).slice(1);
  /** A GET with no query, the common call: one options object for all of them. */
  const plainGet: ReplyFromOptions = callbacks;
  const noBody: ReplyFromOptions = { ...callbacks, body: null };

  /** Sends `request` with `token` (on a 401, once more with a renewed one: onResponse). */
  const send = (request: FastifyRequest, reply: FastifyReply, token: string) => {
    request.gatewayToken = token;
    const hasQuery = request.url.includes("?");
    let opts: ReplyFromOptions;
    if (request.method === "POST" && hasBodyOf(request)) {
      opts = {
        ...callbacks,
        body: request.body as Buffer,
        contentType: request.headers["content-type"] ?? "application/json",
      };
    } else {
      opts = request.method === "POST" || request.method === "DELETE" ? noBody : plainGet;
    }
    if (hasQuery) opts = { ...opts, queryString };
    reply.from(request.gatewayPath!, opts);
  };

  /** Forwards an allowed, checked call (its audit line first); answers token failures itself. */
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let token = tokens.current();
    if (token === undefined) {
      try {
        token = await tokens.get();
      } catch (error) {
        return tokenFailure(request, reply, error);
      }
    }
    // Hung up before anything was sent: nothing is forwarded (its refused line is written).
    if (request.gatewayCallerGone) return reply;
    const callId = randomUUID();
    request.gatewayCallId = callId;
    auditNow(forwardLine(request, callId));
    send(request, reply, token);
    return reply;
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** The gateway's token the call was last sent with (forward.ts). */
    gatewayToken?: string;
    /** True once the call's outcome line was written (forward.ts). */
    gatewayOutcomeWritten?: boolean;
  }
}
