/**
 * A local Microsoft Entra ID token endpoint (v2.0 client-credentials grant) so that the whole chain
 * add-in → gateway → service runs on one machine: `POST /{tenant}/oauth2/v2.0/token`, form-encoded
 * `grant_type`, `client_id`, `client_secret`, `scope`; answers `{ access_token, token_type,
 * expires_in }`, or Entra's error shape. Tokens are signed (HMAC) and carry their expiry, so the
 * simulator's auth-required mode checks them without keeping any.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import express from "express";
import type { Response, Router } from "express";
import type { SimulatorState } from "./state";
import type { SimulatorAuth } from "./types";

/** Entra's default lifetime of an app-only token. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3599;

/** The signing key when none is configured (fixed per process: tokens survive `setOptions`). */
const PROCESS_KEY = randomUUID();

/** Prefix that tells issued tokens from pasted static ones. */
const TOKEN_PREFIX = "simtok.";

/** What {@link checkIssuedToken} found. */
export type IssuedTokenCheck = "valid" | "expired" | "invalid";

function sign(payload: string, auth: SimulatorAuth): string {
  return createHmac("sha256", auth.tokenSigningKey ?? PROCESS_KEY)
    .update(payload)
    .digest("base64url");
}

/** Issues a token for `clientId`, valid for the configured lifetime. */
export function issueToken(auth: SimulatorAuth, clientId: string, now = Date.now()): string {
  const lifetime = auth.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  const payload = Buffer.from(
    JSON.stringify({ cid: clientId, exp: now + lifetime * 1000, jti: randomUUID() })
  ).toString("base64url");
  return `${TOKEN_PREFIX}${payload}.${sign(payload, auth)}`;
}

/** Checks a bearer token against the tokens this endpoint issues under the current key. */
export function checkIssuedToken(
  auth: SimulatorAuth,
  token: string,
  now = Date.now()
): IssuedTokenCheck {
  if (!token.startsWith(TOKEN_PREFIX)) return "invalid";
  const [payload, signature] = token.slice(TOKEN_PREFIX.length).split(".");
  if (!payload || !signature) return "invalid";
  const expected = Buffer.from(sign(payload, auth));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  try {
    const { exp } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { exp: number };
    return now < exp ? "valid" : "expired";
  } catch {
    return "invalid";
  }
}

/** Entra ID's error answer (`error`, `error_description`, `error_codes`, ids, timestamp). */
function entraError(
  res: Response,
  status: number,
  error: string,
  code: number,
  description: string
): void {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = new Date()
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z");
  res.status(status).json({
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  });
}

/** The token endpoint; answers only when `auth.clients` is configured. */
export function tokenRoutes(state: SimulatorState): Router {
  const router = express.Router();
  router.post(
    "/:tenant/oauth2/v2.0/token",
    express.urlencoded({ extended: false, limit: "16kb" }),
    (req, res, next) => {
      const auth = state.options.auth;
      if (!auth?.clients?.length) return next();
      res.set("cache-control", "no-store");
      const form = (req.is("application/x-www-form-urlencoded") ? req.body : {}) as Record<
        string,
        unknown
      >;
      const field = (name: string) =>
        typeof form[name] === "string" ? (form[name] as string) : "";
      const grant = field("grant_type");
      if (grant === "") {
        return entraError(
          res,
          400,
          "invalid_request",
          900144,
          "The request body must contain the following parameter: 'grant_type'."
        );
      }
      if (grant !== "client_credentials") {
        return entraError(
          res,
          400,
          "unsupported_grant_type",
          70003,
          "The app requested an unsupported grant type."
        );
      }
      const clientId = field("client_id");
      const client = auth.clients!.find((c) => c.clientId === clientId);
      if (!client) {
        return entraError(
          res,
          400,
          "unauthorized_client",
          700016,
          `Application with identifier '${clientId}' was not found in the directory '${String(req.params.tenant)}'.`
        );
      }
      const secret = Buffer.from(field("client_secret"));
      const expected = Buffer.from(client.clientSecret);
      if (secret.length !== expected.length || !timingSafeEqual(secret, expected)) {
        return entraError(
          res,
          401,
          "invalid_client",
          7000215,
          `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`
        );
      }
      const scope = field("scope");
      if (!/\/\.default$/.test(scope)) {
        return entraError(
          res,
          400,
          "invalid_scope",
          1002012,
          `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`
        );
      }
      const lifetime = auth.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
      res.status(200).json({
        token_type: "Bearer",
        expires_in: lifetime,
        ext_expires_in: lifetime,
        access_token: issueToken(auth, clientId),
      });
    }
  );
  return router;
}
