/**
 * Who may pass, as fastify hooks run after the origin, CORS and path checks: the user's
 * token (401 when missing or not accepted), then the user's rate (429), then the allow-list of
 * operations (403 for anything else) and the role the operation needs (403 naming the role).
 * Nothing refused here is forwarded. `GET /healthz`, `GET /readyz` and CORS preflights never get here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GATEWAY_REFUSAL_KEYS, GATEWAY_TOKEN_FAILED } from "../src/api";
import { sendError } from "./error-answer";
import { matchOperation, roleAllows, roleRefusal } from "./operations";
import { SigningKeysUnavailable, UserTokenRefusal } from "./user-token";
import { SlidingWindow } from "./user-rate";
import type { UserTokenVerifier, VerifiedUser } from "./user-token";

/** What the checks need. */
export interface CallerCheckOptions {
  verifier: Pick<UserTokenVerifier, "verify">;
  /** Requests per second per user (`oid`). */
  userRate: number;
  /** The paths served without a token (`GET` only): the health and readiness probes. */
  probePaths: ReadonlySet<string>;
}

/** Query parameters that would carry a token (RFC 6750 §2.3): never read, and refused. */
const TOKEN_PARAMS = new Set(["access_token", "id_token"]);

/** True when the query (`?…`) names a token parameter, in any letter case or percent-encoding. */
function carriesToken(search: string): boolean {
  for (const name of new URLSearchParams(search).keys()) {
    if (TOKEN_PARAMS.has(name.toLowerCase())) return true;
  }
  return false;
}

/** What a 401 answers: the add-in reads it (CORS) and asks the user to sign in again. */
const WWW_AUTHENTICATE = 'Bearer error="invalid_token"';

function refuseSignIn(request: FastifyRequest, reply: FastifyReply, refusal: UserTokenRefusal) {
  request.gatewayDetail = refusal.message;
  reply.header("www-authenticate", WWW_AUTHENTICATE);
  return sendError(
    reply,
    401,
    GATEWAY_REFUSAL_KEYS.signInRequired,
    refusal.expired
      ? "Your sign-in has expired; sign in again with your work account."
      : "Sign in with your work account: the company gateway lets in only signed-in users of the company's directory."
  );
}

/** A 429 of the per-user limit, turned into the gateway's answer by the error handler. */
export class UserRateLimited extends Error {
  override name = "UserRateLimited" as const;
  readonly statusCode = 429;
}

/** Registers the checks on `app` (after the path check, before the routes). */
export async function registerCallerChecks(
  app: FastifyInstance,
  options: CallerCheckOptions
): Promise<void> {
  const { verifier, userRate, probePaths } = options;

  // The per-user budget, spent only by verified users (an unauthenticated flood is refused before
  // it and costs no one's budget): a sliding window (gateway/user-rate.ts), in memory, per instance.
  const perUser = new SlidingWindow(userRate, 1000);

  // One hook, the checks in their order: token, rate, operation, role.
  app.addHook("onRequest", async (request, reply) => {
    const q = request.url.indexOf("?");
    const path = q === -1 ? request.url : request.url.slice(0, q);
    if (request.method === "GET" && probePaths.has(path)) return;
    if (q !== -1 && carriesToken(request.url.slice(q))) {
      return refuseSignIn(
        request,
        reply,
        new UserTokenRefusal("token in the query string (taken only from the Authorization header)")
      );
    }
    let user: VerifiedUser;
    try {
      user = await verifier.verify(request.headers.authorization);
    } catch (error) {
      if (error instanceof UserTokenRefusal) return refuseSignIn(request, reply, error);
      request.gatewayDetail =
        error instanceof SigningKeysUnavailable ? error.message : "token verification failed";
      // Reuses the add-in's "the gateway cannot work, IT must fix it" key: it shows the message.
      return sendError(
        reply,
        502,
        GATEWAY_TOKEN_FAILED,
        "The company gateway cannot check sign-ins: it could not read the signing keys of the directory set in GATEWAY_USER_ISSUER; IT must check that variable and the network."
      );
    }
    request.gatewayUser = user;

    const rate = perUser.take(user.oid);
    if (!rate.ok) {
      // Answered by the app's error handler; Retry-After: when the oldest request leaves the window.
      reply.header("retry-after", String(Math.max(1, Math.ceil(rate.retryAfterMs / 1000))));
      throw new UserRateLimited(`more than ${userRate} requests per second from one user`);
    }

    const matched = matchOperation(request.method, request.gatewayPath ?? "");
    if (matched === undefined) {
      return sendError(
        reply,
        403,
        GATEWAY_REFUSAL_KEYS.operationNotAllowed,
        "The company gateway forwards only the operations the billing add-in makes; this is not one of them."
      );
    }
    request.gatewayOperation = matched;
    if (!roleAllows(user.roles, matched.operation)) {
      return sendError(
        reply,
        403,
        GATEWAY_REFUSAL_KEYS.roleMissing,
        roleRefusal(user.roles, matched.operation),
        [matched.operation.role]
      );
    }
  });
}
