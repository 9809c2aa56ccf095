/**
 * Assembles the gateway: the audit of every answer, origin check, CORS, drain, path and duplicate
 * header checks, the caller's token, rate and operation (gateway/caller-check.ts), body admission
 * and limits (gateway/uploads.ts), the body rules (gateway/body-rules.ts), then forwarding
 * (gateway/forward.ts). Requests refused before the hooks run get the same JSON error
 * (gateway/early-errors.ts).
 */
import cors from "@fastify/cors";
import replyFrom from "@fastify/reply-from";
import fastify from "fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Pool } from "undici";
import type { GatewayConfig } from "./config";
import { CORS_EXPOSED_HEADERS, CORS_REQUIRED_HEADERS } from "../src/api";
import { checkBodyBytes, readExternalReference } from "./body-rules";
import { bulkIds, checkBodyShape, namesAMemberTwice } from "./body-shapes";
import type { BodyShapeName, ShapeCheck } from "./body-shapes";
import { UserRateLimited, registerCallerChecks } from "./caller-check";
import { clientErrorHandler, frameworkErrorHandler } from "./early-errors";
import { sendError } from "./error-answer";
import { callLine, makeForwarder } from "./forward";
import { normalisePath } from "./normalise-path";
import { LARGEST_BODY, OPERATION_METHODS } from "./operations";
import { elapsedMs, formatLogLine } from "./request-log";
import type { FlushableSink, LogSink, RequestLogLine } from "./request-log";
import type { TokenSource } from "./token-source";
import type { UploadBudget } from "./upload-budget";
import { BodyTooLarge, registerUploads, sizeText } from "./uploads";
import type { UserTokenVerifier } from "./user-token";

/** What the app is built from. */
export interface GatewayAppOptions {
  config: GatewayConfig;
  tokens: TokenSource;
  /** Checks the users' tokens. */
  verifier: Pick<UserTokenVerifier, "verify">;
  /**
   * Where the audit lines go: a function that writes each line when called (tests collect them),
   * or a batching sink whose `writeNow` takes the `forward` lines (stdout).
   */
  log: LogSink | Pick<FlushableSink, "write" | "writeNow">;
  /** The instance's body counters (per-user uploads, byte budget). */
  uploads: UploadBudget;
  /** Time the service has to start answering. */
  upstreamTimeoutMs: number;
}

/** Liveness: the process answers (also while draining). */
export const HEALTH_PATH = "/healthz";
/** Readiness: 200 while it takes calls, 503 once it drains (SIGTERM). */
export const READY_PATH = "/readyz";
/** The paths served without an Origin or a token (GET only); never audited (probes every second). */
const PROBE_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH, READY_PATH]);

/** Header names a request may carry once only: a second one is refused, not guessed at. */
const SINGLE_HEADERS = new Set([
  "host",
  "authorization",
  "origin",
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "continuationtoken",
]);

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/**
 * The first header of `raw` (Node's rawHeaders) named twice among {@link SINGLE_HEADERS}. `headers`
 * is Node's object of the same request, one key per name: as many keys as raw names means that no
 * name came twice (the common case, answered without looking at each name).
 */
function repeatedHeader(raw: readonly string[], headers: object): string | undefined {
  if (Object.keys(headers).length * 2 === raw.length) return undefined;
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!SINGLE_HEADERS.has(name)) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** The body (bytes) parsed as JSON and checked against the operation's shape. */
function checkShape(name: BodyShapeName, body: unknown): ShapeCheck {
  let value: unknown;
  const text = Buffer.isBuffer(body) && body.length > 0 ? body.toString("utf8") : undefined;
  try {
    value = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return { ok: false, message: "The request body is not valid JSON.", detail: "json" };
  }
  if (text !== undefined && namesAMemberTwice(text, value)) {
    return { ok: false, message: "The request body names a member twice.", detail: "member twice" };
  }
  return checkBodyShape(name, value);
}

/** The refusal or preflight line of a request the gateway answered itself. */
function answerLine(request: FastifyRequest, reply: FastifyReply): RequestLogLine {
  const preflight = request.method === "OPTIONS" && reply.statusCode < 400;
  const line = callLine(
    request,
    preflight ? "preflight" : "refused",
    request.gatewayOperation?.operation.template ?? request.gatewayPath ?? pathOf(request.url)
  );
  line.status = reply.statusCode;
  line.durationMs = elapsedMs(request);
  if (request.gatewayReason) line.reason = request.gatewayReason;
  if (request.gatewayDetail) line.detail = request.gatewayDetail;
  if (request.gatewayCallerGone) line.callerGone = true;
  return line;
}

/** Builds the fastify app; `listen` and `close` are the caller's. */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const { config, tokens, verifier, log, uploads, upstreamTimeoutMs } = options;
  const allowed = new Set(config.allowedOrigins);
  const write = typeof log === "function" ? log : log.write;
  const writeNow = typeof log === "function" ? log : log.writeNow;
  const audit = (line: RequestLogLine) => write(formatLogLine(line));
  /** For a `forward` line: in the log when this returns, before the call is handed on. */
  const auditNow = (line: RequestLogLine) => writeNow(formatLogLine(line));
  const early = { allowed, audit };
  const app = fastify({
    logger: false,
    bodyLimit: LARGEST_BODY,
    exposeHeadRoutes: false,
    // Ids are path segments; the wildcard holds the whole path.
    routerOptions: { maxParamLength: 8192 },
    forceCloseConnections: "idle",
    // A request (body included) must arrive within this: no endless uploads, no slow-loris.
    requestTimeout: 60_000,
    // While draining, the gateway answers new requests itself (audited, CORS, its JSON).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler(early),
    clientErrorHandler: clientErrorHandler(early),
  });

  // Every answer of the gateway's own is audited once, when its connection is done with it. A caller
  // gone before the answer is audited at once (499, `callerGone`): from then on nothing is forwarded
  // (gateway/forward.ts checks). A forwarded call has its forward and outcome lines instead.
  // Then the origin: a page of another origin gets nothing, not even a preflight answer.
  // (Hooks that need not wait for anything are written with `done`: no promise per request.)
  let draining = false;
  app.addHook("onRequest", (request, reply, done) => {
    const probe = PROBE_PATHS.has(pathOf(request.url));
    if (!probe || request.method !== "GET") {
      request.gatewayStart = performance.now();
      reply.raw.on("close", () => {
        const gone = !reply.raw.writableFinished;
        if (gone) request.gatewayCallerGone = true;
        if (request.gatewayCallId !== undefined) return;
        const line = answerLine(request, reply);
        if (gone) {
          line.status = 499;
          line.reason = "GATEWAY_CALLER_GONE";
        }
        audit(line);
      });
    }
    if (probe) return done();
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) {
      sendError(
        reply,
        403,
        "GATEWAY_ORIGIN_NOT_ALLOWED",
        "This gateway answers only the billing add-in's configured origins (GATEWAY_ALLOWED_ORIGINS)."
      );
      return;
    }
    done();
  });

  // On close (SIGTERM): readiness says so, new calls are refused, calls in flight finish and end
  // their connection, so that close() need not wait for a browser's keep-alive connection.
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining) reply.header("connection", "close");
    done(null, payload);
  });

  await app.register(cors, {
    origin: config.allowedOrigins,
    methods: [...OPERATION_METHODS],
    allowedHeaders: [...CORS_REQUIRED_HEADERS, "accept"],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: 600,
    strictPreflight: false,
  });

  // After CORS, so that the browser can read why it was refused.
  app.addHook("onRequest", (request, reply, done) => {
    const raw = pathOf(request.url);
    if (PROBE_PATHS.has(raw)) return done();
    if (draining) {
      sendError(
        reply,
        503,
        "GATEWAY_DRAINING",
        "This gateway is shutting down; send the request again (the load balancer picks another)."
      );
      return;
    }
    const repeated = repeatedHeader(request.raw.rawHeaders, request.raw.headers);
    if (repeated !== undefined) {
      request.gatewayDetail = `${repeated} twice`;
      sendError(reply, 400, "GATEWAY_BAD_REQUEST", `The request names ${repeated} twice.`);
      return;
    }
    const check = normalisePath(raw);
    if (!check.ok) {
      sendError(
        reply,
        403,
        "GATEWAY_PATH_NOT_ALLOWED",
        "The gateway forwards only paths under /api/md, /api/cfg and /api/bill."
      );
      return;
    }
    request.gatewayPath = check.path;
    done();
  });

  await registerCallerChecks(app, { verifier, userRate: config.userRate, probePaths: PROBE_PATHS });
  registerUploads(app, uploads);

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof UserRateLimited) {
      // The caller check has set Retry-After (seconds until the oldest request leaves the window).
      return sendError(
        reply,
        429,
        "GATEWAY_USER_RATE_LIMITED",
        `Your account sent more than ${config.userRate} requests per second through the company gateway; wait and try again.`
      );
    }
    if (error instanceof BodyTooLarge || error.statusCode === 413) {
      // The rest of the body is read and thrown away (bounded by requestTimeout), so that a client
      // still sending gets this answer rather than a reset.
      reply.removeHeader("connection");
      const limit = error instanceof BodyTooLarge ? error.limit : LARGEST_BODY;
      return sendError(
        reply,
        413,
        "GATEWAY_BODY_TOO_LARGE",
        `The request body is larger than the gateway accepts for this operation (${sizeText(limit)}).`
      );
    }
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      request.gatewayDetail = error.code;
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
  const forward = makeForwarder({ config, tokens, audit, auditNow, upstreamTimeoutMs });

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
  app.get(READY_PATH, async (_request, reply) => {
    if (draining) return reply.code(503).send({ status: "draining" });
    return { status: "ready" };
  });

  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (request, reply) => {
      // The caller checks have let this through only for an allow-listed operation.
      if (request.gatewayOperation === undefined || request.gatewayUser === undefined) {
        return sendError(reply, 403, "GATEWAY_OPERATION_NOT_ALLOWED", "Not an allowed operation.");
      }
      const body = request.body;
      if (Buffer.isBuffer(body) && body.length > 0) {
        const refusal = checkBodyBytes(body);
        if (refusal !== undefined) {
          request.gatewayDetail = refusal.detail;
          return sendError(reply, refusal.status, "GATEWAY_BODY_UNREADABLE", refusal.message);
        }
      }
      const { operation } = request.gatewayOperation;
      if (operation.auditExternalReference) {
        const read = readExternalReference(Buffer.isBuffer(body) ? body : Buffer.alloc(0));
        if (!read.ok) {
          request.gatewayDetail = read.refusal.detail;
          return sendError(
            reply,
            read.refusal.status,
            "GATEWAY_BODY_UNREADABLE",
            read.refusal.message
          );
        }
        request.gatewayExternalReference = read.reference;
      } else if (operation.body !== "none") {
        const shape = checkShape(operation.body, body);
        if (!shape.ok) {
          request.gatewayDetail = shape.detail;
          return sendError(reply, 400, "GATEWAY_BODY_NOT_ALLOWED", shape.message);
        }
        if (operation.auditBulkIds) request.gatewayBulkIds = bulkIds(shape.value);
      }
      return forward(request, reply);
    },
  });

  return app;
}
