/**
 * The simulator's middleware: request log, latency, authentication and the request-level faults
 * (429 rate limit, random / periodic 503 on GETs).
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { sendError } from "./respond";
import type { SimulatorState } from "./state";
import { checkIssuedToken } from "./token";

/** Logs every request, preflights and cut connections (status 0) included. */
export function logRequests(state: SimulatorState): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const at = Date.now();
    const dialect = state.options.dialect;
    let done = false;
    const record = (status: number) => {
      if (done) return;
      done = true;
      state.log.add({
        method: req.method,
        path: req.path,
        query: { ...(req.query as Record<string, unknown>) },
        status,
        at,
        dialect,
      });
    };
    res.on("finish", () => record(res.statusCode));
    res.on("close", () => record(res.writableFinished ? res.statusCode : 0));
    next();
  };
}

/** Waits `options.latencyMs + faults.latencyMs` before handling the request. */
export function addLatency(state: SimulatorState): RequestHandler {
  return (_req, _res, next) => {
    const ms = state.options.latencyMs + state.faults.latencyMs;
    if (ms <= 0) return next();
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      next();
    }, ms);
    state.timers.add(timer);
  };
}

/**
 * The header names of the live service's credentials
 * (docs/developers/live-service.md#authentication).
 */
export const AUTH_HEADERS = {
  apiKey: "apim-sub",
  apiKeyQuery: "subscription-key",
  tenant: "zf-tuuid",
  organisation: "zf-ouuid",
} as const;

/**
 * Checks the configured credentials. Messages name the header that is wrong and never echo a value.
 */
export function requireAuth(state: SimulatorState): RequestHandler {
  return (req, res, next) => {
    const auth = state.options.auth;
    if (!auth) return next();
    const refuse = (key: string, message: string) => sendError(state, res, 401, [{ key, message }]);
    if (auth.bearerToken !== undefined || auth.clients?.length) {
      const header = req.get("authorization") ?? "";
      const m = /^Bearer\s+(.+)$/i.exec(header);
      if (!m) return refuse("UNAUTHORIZED", "Missing bearer token in the Authorization header.");
      const token = m[1].trim();
      const issued = auth.clients?.length ? checkIssuedToken(auth, token) : "invalid";
      if (issued === "expired") {
        return refuse("UNAUTHORIZED", "The bearer token in the Authorization header has expired.");
      }
      if (issued !== "valid" && token !== auth.bearerToken) {
        return refuse("UNAUTHORIZED", "The bearer token in the Authorization header is not valid.");
      }
    }
    if (auth.apiKey !== undefined) {
      const q = req.query[AUTH_HEADERS.apiKeyQuery];
      const key = req.get(AUTH_HEADERS.apiKey) ?? (typeof q === "string" ? q : undefined);
      if (key === undefined) {
        return refuse(
          "SUBSCRIPTION_KEY_MISSING",
          "Access denied: missing subscription key (header apim-sub or query subscription-key)."
        );
      }
      if (key !== auth.apiKey) {
        return refuse(
          "SUBSCRIPTION_KEY_INVALID",
          "Access denied: invalid subscription key (header apim-sub)."
        );
      }
    }
    if (auth.tenantId !== undefined && req.get(AUTH_HEADERS.tenant) !== auth.tenantId) {
      return refuse("TENANT_INVALID", "Missing or unknown tenant (header zf-tuuid).");
    }
    if (
      auth.organisationId !== undefined &&
      req.get(AUTH_HEADERS.organisation) !== auth.organisationId
    ) {
      return refuse("ORGANISATION_INVALID", "Missing or unknown organisation (header zf-ouuid).");
    }
    next();
  };
}

/** Refuses requests beyond the rate limit with 429 and the configured wait header. */
export function rateLimit(state: SimulatorState): RequestHandler {
  return (_req, res, next) => {
    const limit = state.faults.rateLimit;
    if (!limit) return next();
    const now = Date.now();
    const w = state.rateWindow;
    if (limit.by === "count") {
      // Refusing since the count was reached: until the wait is over, then count anew.
      if (w.blockedUntil !== undefined && now >= w.blockedUntil) {
        w.blockedUntil = undefined;
        w.count = 0;
      }
      if (w.count >= limit.maxRequests) w.blockedUntil ??= now + limit.retryAfterSeconds * 1000;
    } else if (now - w.start >= limit.windowMs) {
      w.start = now;
      w.count = 0;
    }
    if (w.count >= limit.maxRequests) {
      res.setHeader(limit.header, String(limit.retryAfterSeconds));
      return sendError(state, res, 429, [
        { key: "TOO_MANY_REQUESTS", message: "Rate limit is exceeded. Try again later." },
      ]);
    }
    w.count += 1;
    next();
  };
}

/** Answers some GETs with 503: every n-th (`get503Every`) or by seeded chance (`get503Rate`). */
export function unavailableGets(state: SimulatorState): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const f = state.faults;
    state.getCount += 1;
    const byEvery = f.get503Every > 0 && state.getCount % f.get503Every === 0;
    const byRate = f.get503Rate > 0 && state.random() < f.get503Rate;
    if (byEvery || byRate) {
      return sendError(state, res, 503, [
        { key: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable." },
      ]);
    }
    next();
  };
}

/** Answers a share of POSTs (`post503Rate`, seeded) with 503 before they act. */
export function unavailablePosts(state: SimulatorState): RequestHandler {
  return (req, res, next) => {
    const rate = state.faults.post503Rate;
    if (req.method !== "POST" || rate <= 0 || state.random() >= rate) return next();
    sendError(state, res, 503, [
      { key: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable." },
    ]);
  };
}
