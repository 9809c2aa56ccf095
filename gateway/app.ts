/**
 * Assembles the gateway: origin check, CORS, path check, the caller's token, rate and operation
 * (gateway/caller-check.ts), body limit, then forwarding through `@fastify/reply-from` with the
 * gateway's credentials, renewing the token once on a 401.
 */
import cors from "@fastify/cors";
import replyFrom from "@fastify/reply-from";
import fastify from "fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Pool } from "undici";
import type { GatewayConfig } from "./config";
import { CORS_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS, GATEWAY_TOKEN_FAILED } from "../src/api";
import { UserRateLimited, registerCallerChecks } from "./caller-check";
import { sendError } from "./error-answer";
import { cleanQuery, downstreamHeaders, upstreamHeaders } from "./forward-headers";
import { normalisePath } from "./normalise-path";
import { OPERATION_METHODS } from "./operations";
import { formatLogLine } from "./request-log";
import type { LogSink } from "./request-log";
import { isTokenError } from "./token-error";
import type { TokenSource } from "./token-source";
import type { UserTokenVerifier } from "./user-token";

/** What the app is built from. */
export interface GatewayAppOptions {
  config: GatewayConfig;
  tokens: TokenSource;
  /** Checks the users' tokens. */
  verifier: Pick<UserTokenVerifier, "verify">;
  log: LogSink;
  /** Largest request body accepted; larger ones get 413 before anything is forwarded. */
  bodyLimitBytes: number;
  /** Time the service has to start answering. */
  upstreamTimeoutMs: number;
}

/** Largest create body whose `externalReference` is read for the audit log. */
const AUDIT_BODY_MAX = 1024 * 1024;

/** The health path; the only one served without an Origin. */
const HEALTH_PATH = "/healthz";

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** A create's `externalReference`, read from its JSON body for the audit log (only that field). */
function externalReferenceOf(body: unknown): string | undefined {
  if (!Buffer.isBuffer(body) || body.length === 0 || body.length > AUDIT_BODY_MAX) return undefined;
  try {
    const value = (JSON.parse(body.toString("utf8")) as { externalReference?: unknown })
      ?.externalReference;
    return typeof value === "string" ? value : undefined;
  } catch {
    // The service answers a malformed body itself; the log just has no reference.
    return undefined;
  }
}

/** Builds the fastify app; `listen` and `close` are the caller's. */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const { config, tokens, verifier, log, bodyLimitBytes, upstreamTimeoutMs } = options;
  const allowed = new Set(config.allowedOrigins);
  const app = fastify({
    logger: false,
    bodyLimit: bodyLimitBytes,
    exposeHeadRoutes: false,
    // Ids are path segments; the wildcard holds the whole path.
    routerOptions: { maxParamLength: 8192 },
    forceCloseConnections: "idle",
    // A request (body included) must arrive within this: no endless uploads, no slow-loris.
    requestTimeout: 60_000,
  });

  // Bodies stay bytes: re-encoding JSON would change numbers (money) and hide the service's own
  // answer to a malformed body. Buffered up to the limit so that a 401 can be answered by one re-send.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  // On close (SIGTERM), answers still in flight end their connection, so that close() need not
  // wait for a browser's keep-alive connection to time out.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });

  app.addHook("onResponse", async (request, reply) => {
    const user = request.gatewayUser;
    const matched = request.gatewayOperation;
    const idField = matched?.operation.idField;
    log(
      formatLogLine({
        time: new Date().toISOString(),
        ...(user ? { oid: user.oid } : {}),
        ...(user?.username !== undefined ? { user: user.username } : {}),
        method: request.method,
        path: matched?.operation.template ?? request.gatewayPath ?? pathOf(request.url),
        ...(idField && matched.id !== undefined ? { ids: { [idField]: matched.id } } : {}),
        ...(request.gatewayExternalReference !== undefined
          ? { externalReference: request.gatewayExternalReference }
          : {}),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.gatewayReason ? { reason: request.gatewayReason } : {}),
        ...(request.gatewayDetail ? { detail: request.gatewayDetail } : {}),
        ...(request.gatewayRetried ? { tokenRenewed: true } : {}),
      })
    );
  });

  // Origin first: a page of another origin gets nothing, not even a preflight answer.
  app.addHook("onRequest", async (request, reply) => {
    if (pathOf(request.url) === HEALTH_PATH) return;
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) {
      return sendError(
        reply,
        403,
        "GATEWAY_ORIGIN_NOT_ALLOWED",
        "This gateway answers only the billing add-in's configured origins (GATEWAY_ALLOWED_ORIGINS)."
      );
    }
  });

  await app.register(cors, {
    origin: config.allowedOrigins,
    methods: [...OPERATION_METHODS],
    allowedHeaders: [...CORS_REQUIRED_HEADERS, "accept"],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: 600,
    strictPreflight: false,
  });

  // After CORS, so that the browser can read why a path was refused.
  app.addHook("onRequest", async (request, reply) => {
    const raw = pathOf(request.url);
    if (raw === HEALTH_PATH) return;
    const check = normalisePath(raw);
    if (!check.ok) {
      return sendError(
        reply,
        403,
        "GATEWAY_PATH_NOT_ALLOWED",
        "The gateway forwards only paths under /api/md, /api/cfg and /api/bill."
      );
    }
    request.gatewayPath = check.path;
  });

  await registerCallerChecks(app, { verifier, userRate: config.userRate, healthPath: HEALTH_PATH });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof UserRateLimited) {
      // @fastify/rate-limit has set Retry-After (seconds until this user's window ends).
      return sendError(
        reply,
        429,
        "GATEWAY_USER_RATE_LIMITED",
        `Your account sent more than ${config.userRate} requests per second through the company gateway; wait and try again.`
      );
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.statusCode === 413) {
      // fastify would close the connection at once, so that a client still sending gets a reset
      // instead of the answer; Node reads the rest and throws it away (bounded by requestTimeout).
      reply.removeHeader("connection");
      return sendError(
        reply,
        413,
        "GATEWAY_BODY_TOO_LARGE",
        `The request body is larger than the gateway accepts (${Math.round(bodyLimitBytes / 1e6)} MB).`
      );
    }
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, "GATEWAY_BAD_REQUEST", "The request is malformed.");
    }
    request.gatewayDetail = error.code;
    return sendError(reply, 500, "GATEWAY_INTERNAL_ERROR", "The gateway failed; see its log.");
  });

  await app.register(replyFrom, {
    base: config.serviceUrl,
    // A pool of our own: TLS certificates are verified (the plugin's default pool does not).
    undici: new Pool(new URL(config.serviceUrl).origin, {
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: upstreamTimeoutMs,
      bodyTimeout: upstreamTimeoutMs,
      connectTimeout: Math.min(10_000, upstreamTimeoutMs),
    }),
    // The add-in decides about retries (it knows which calls are safe to repeat); the gateway never does.
    retryMethods: [],
    disableRequestLogging: true,
  });

  const tokenFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!isTokenError(error)) {
      request.gatewayDetail = error instanceof Error ? error.name : "unknown";
      return sendError(reply, 500, "GATEWAY_INTERNAL_ERROR", "The gateway failed; see its log.");
    }
    request.gatewayDetail = error.message;
    return sendError(
      reply,
      502,
      GATEWAY_TOKEN_FAILED,
      `The company gateway could not sign in to the billing service: ${error.message}.`
    );
  };

  /** Forwards `request` with `token`; on the first 401, once more with a renewed token. */
  const forward = (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    retried: boolean
  ) => {
    const body = request.body as Buffer | undefined;
    const hasBody = request.method === "POST" && body !== undefined && body.length > 0;
    const raw = request.url.indexOf("?");
    reply.from(request.gatewayPath!, {
      ...(request.method === "POST"
        ? hasBody
          ? { body, contentType: request.headers["content-type"] ?? "application/octet-stream" }
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
      rewriteHeaders: (headers) => downstreamHeaders(headers),
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
            .then((renewed) => forward(request, reply, renewed, true))
            .catch((error: unknown) => tokenFailure(request, reply, error));
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
      },
    });
  };

  // Methods no route takes (HEAD, …): refused like any operation off the list.
  app.setNotFoundHandler((_request, reply) =>
    sendError(
      reply,
      403,
      "GATEWAY_OPERATION_NOT_ALLOWED",
      "The company gateway forwards only the operations the billing add-in makes; this is not one of them."
    )
  );

  app.get(HEALTH_PATH, async () => ({
    status: "ok",
    token: tokens.hasToken() ? "cached" : "none",
  }));

  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (request, reply) => {
      // The caller checks have let this through only for an allow-listed operation.
      if (request.gatewayOperation === undefined || request.gatewayUser === undefined) {
        return sendError(reply, 403, "GATEWAY_OPERATION_NOT_ALLOWED", "Not an allowed operation.");
      }
      if (request.gatewayOperation.operation.auditExternalReference) {
        request.gatewayExternalReference = externalReferenceOf(request.body);
      }
      let token: string;
      try {
        token = await tokens.get();
      } catch (error) {
        return tokenFailure(request, reply, error);
      }
      forward(request, reply, token, false);
      return reply;
    },
  });

  return app;
}
