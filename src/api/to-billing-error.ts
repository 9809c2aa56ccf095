/**
 * The one place where failures of ky / fetch become the client's errors. Nothing of the request
 * (headers, token, query, ky options) is kept: the cause is replaced by a stripped copy.
 */
import type { ServiceErrorEntry } from "./types";
import { reason, reasonText, type Reason } from "../i18n";
import { AuthError } from "./errors/auth-error";
import { BillingError } from "./errors/billing-error";
import type { BillingErrorDetails } from "./errors/billing-error";
import { NotFoundError } from "./errors/not-found-error";
import { RateLimitError } from "./errors/rate-limit-error";
import { ResponseFormatError } from "./errors/response-format-error";
import { UnavailableError } from "./errors/unavailable-error";
import { UnknownOutcomeError } from "./errors/unknown-outcome-error";
import { ValidationError } from "./errors/validation-error";
import {
  GATEWAY_REFUSAL_KEYS,
  gatewayAuthReason,
  isGatewayTokenRefusal,
} from "./errors/gateway-refusal";
import { isUserTokenError, NO_USER_TOKEN_CODE } from "./errors/user-token-error";
import { redactSecrets } from "./redact";
import { parseRetryAfter } from "./retry-after";
import { shortenServiceText } from "./service-entries";
import type { HeaderReader } from "./retry-after";

/** How the failed call treats an unclear outcome: a create must never be assumed to have failed. */
/**
 * How a call may be repeated: `read` changes nothing; `create` is never repeated by the client;
 * `approve` may be repeated on an answer that says "not now" (approving twice does no harm);
 * `act` (send, credit) reaches the customer or the books, so only an answer that proves nothing
 * was done (429) is repeated — a 503 may come from a proxy after the service acted.
 */
export type CallKind = "read" | "create" | "approve" | "act";

/** What the mapping knows about the failed call. */
export interface FailureContext {
  /** "GET /api/cfg/products/{id}". */
  endpoint: string;
  /** Path actually called, without query. */
  path: string;
  kind: CallKind;
  /** Per-request time-out, for the message. */
  timeoutMs?: number;
  /** Secret values (token, secret header values) to blank out of any text kept. */
  secrets?: readonly string[];
  /** The service's error entries read from the answer body, when there was one. */
  entries?: ServiceErrorEntry[];
}

/**
 * Network error codes that mean the request never reached the server (refused, no such host,
 * no route): safe to report as "unavailable" even for a create.
 */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_NONAME",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ERR_INVALID_URL",
  // The user-token provider gave no token (not signed in, renewal failed): nothing was sent.
  NO_USER_TOKEN_CODE,
]);

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  response?: { status?: unknown; statusText?: unknown; headers?: unknown };
}

function asErrorLike(value: unknown): ErrorLike {
  return typeof value === "object" && value !== null ? (value as ErrorLike) : {};
}

/** The network error codes found on an error, its cause chain and aggregated errors. */
export function networkErrorCodes(error: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  const e = asErrorLike(error);
  const codes: string[] = typeof e.code === "string" ? [e.code] : [];
  if (e.cause !== undefined) codes.push(...networkErrorCodes(e.cause, depth + 1));
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) codes.push(...networkErrorCodes(inner, depth + 1));
  }
  return codes;
}

/** True when the failure happened before anything reached the server (connection refused, DNS). */
export function isNotSentError(error: unknown): boolean {
  const codes = networkErrorCodes(error);
  return codes.length > 0 && codes.every((c) => NOT_SENT_CODES.has(c));
}

/** True for ky's HTTPError (by name, so that copies of ky are recognised too). */
export function isHttpFailure(error: unknown): error is { response: Response } & Error {
  const e = asErrorLike(error);
  return e.name === "HTTPError" && typeof e.response === "object" && e.response !== null;
}

/** True for ky's TimeoutError or an aborted fetch. */
export function isTimeoutFailure(error: unknown): boolean {
  const name = asErrorLike(error).name;
  return name === "TimeoutError" || name === "AbortError";
}

/** Removes URLs' query strings and secret values from low-level text. */
function cleanText(text: string, secrets: readonly string[]): string {
  return redactSecrets(text.replace(/(https?:\/\/[^\s?#]*)[?#]\S*/g, "$1"), secrets);
}

/**
 * A stand-in for the original error that keeps only its name, a cleaned message, the HTTP status
 * and the network code — never ky's request, response or options (they carry the headers).
 */
export function stripCause(error: unknown, secrets: readonly string[] = []): Error {
  const e = asErrorLike(error);
  const name = typeof e.name === "string" ? e.name : "Error";
  let message: string;
  if (isHttpFailure(error)) {
    const status = String(error.response.status);
    const statusText =
      typeof error.response.statusText === "string" ? error.response.statusText : "";
    message = `HTTP ${status} ${statusText}`.trim();
  } else if (name === "TimeoutError") {
    message = "Request timed out";
  } else {
    message = typeof e.message === "string" ? cleanText(e.message, secrets) : String(error);
  }
  const stripped = new Error(message);
  stripped.name = name;
  const codes = networkErrorCodes(error);
  if (codes.length > 0) (stripped as Error & { code?: string }).code = codes[0];
  // The stack of the original names only our and ky's source lines; keep ours for debugging.
  stripped.stack = `${name}: ${message}`;
  return stripped;
}

/** The service's error entries with secrets redacted, then each text shortened. */
export function cleanEntries(
  entries: ServiceErrorEntry[],
  secrets: readonly string[]
): ServiceErrorEntry[] {
  return entries.map((e) => {
    const out: ServiceErrorEntry = {};
    // Redact first, then shorten (docs/developers/rules.md#settings-and-security).
    if (e.key !== undefined) out.key = shortenServiceText(cleanText(e.key, secrets));
    if (e.message !== undefined) out.message = shortenServiceText(cleanText(e.message, secrets));
    if (e.correlationId !== undefined) {
      out.correlationId = shortenServiceText(cleanText(e.correlationId, secrets));
    }
    if (e.values !== undefined) {
      out.values = e.values.map((v) => shortenServiceText(cleanText(v, secrets)));
    }
    return out;
  });
}

function httpError(
  status: number,
  headers: HeaderReader | undefined,
  ctx: FailureContext,
  details: BillingErrorDetails
): BillingError {
  if (status === 401 || status === 403) {
    return new AuthError(details, gatewayAuthReason(status, details.entries ?? [], ctx.endpoint));
  }
  if (status === 404) return new NotFoundError(reason("api.notFound"), details);
  if (status === 429) {
    const retryAfterMs = headers ? parseRetryAfter(headers) : undefined;
    const when =
      retryAfterMs === undefined
        ? "try again in a moment"
        : `try again in ${Math.ceil(retryAfterMs / 1000)} s`;
    // The company gateway's own per-user limit (GATEWAY_USER_RATE), not the service's quota.
    const own = (details.entries ?? []).some(
      (e) => (e.key ?? "").toUpperCase() === GATEWAY_REFUSAL_KEYS.userRateLimited
    );
    const who = own
      ? "your requests through the company gateway are over your own limit"
      : "the service asks to slow down";
    return new RateLimitError(`Too many requests (429): ${who}; ${when}`, {
      ...details,
      retryAfterMs,
    });
  }
  if (status >= 500) {
    if (status === 502 && isGatewayTokenRefusal(details.entries ?? [])) {
      // The gateway had no token and forwarded nothing: not sent, even for a create.
      return new UnavailableError("The company gateway could not sign in (502)", details);
    }
    if (ctx.kind === "create") {
      return new UnknownOutcomeError(reason("api.createFailed", { status }), details);
    }
    return new UnavailableError(`The service is unavailable (${status}); try again later`, details);
  }
  if (status === 408) {
    return new UnavailableError("The service timed out (408); try again later", details);
  }
  return new ValidationError(reason("api.rejected", { status }), details);
}

/**
 * Maps any failure of a call to the client's error for it. `ctx.entries` are the error entries
 * already read from the answer body (the body is read by the caller, this function is synchronous).
 */
export function toBillingError(error: unknown, ctx: FailureContext): BillingError {
  const secrets = ctx.secrets ?? [];
  if (error instanceof BillingError) {
    if (error.endpoint !== "") return error;
    // A normaliser's complaint: add where it happened. It may quote (a cut of) a value the service
    // sent, so it is redacted like any service text.
    const summary = redactSecrets(error.message, secrets);
    return new ResponseFormatError(summary, {
      endpoint: ctx.endpoint,
      path: ctx.path,
      status: error.status,
    });
  }
  const details: BillingErrorDetails = {
    endpoint: ctx.endpoint,
    path: ctx.path,
    entries: cleanEntries(ctx.entries ?? [], secrets),
    cause: stripCause(error, secrets),
  };
  if (isUserTokenError(error)) {
    // Before anything was sent (ky's beforeRequest hook): a sign-in matter, not the service's.
    const why = (error as { reason?: Reason }).reason;
    return new AuthError(details, { problem: "sign-in-required", advice: error.message, why });
  }
  if (isHttpFailure(error)) {
    const status = Number(error.response.status);
    const headers = asErrorLike(error).response?.headers as HeaderReader | undefined;
    return httpError(status, headers, ctx, { ...details, status });
  }
  if (isTimeoutFailure(error)) {
    const within =
      ctx.timeoutMs === undefined
        ? reason("api.inTime")
        : reason("api.within", { seconds: Math.round(ctx.timeoutMs / 100) / 10 });
    if (ctx.kind === "create") {
      return new UnknownOutcomeError(reason("api.noAnswer", { within }), details);
    }
    return new UnavailableError(
      `The service did not answer ${reasonText(within)}; try again later`,
      details
    );
  }
  if (isNotSentError(error)) {
    return new UnavailableError(
      "The service could not be reached (connection refused or unknown host); check the base URL and the network",
      details
    );
  }
  if (ctx.kind === "create") {
    return new UnknownOutcomeError(reason("api.connectionLost"), details);
  }
  return new UnavailableError(
    "The connection to the service failed; check the network and try again",
    details
  );
}

/** Builds the error for an answer whose envelope says `success: false` although the status was 2xx. */
export function refusedInEnvelope(
  status: number,
  entries: ServiceErrorEntry[],
  ctx: FailureContext
): BillingError {
  return new ValidationError(reason("api.refusedEnvelope", { status }), {
    status,
    endpoint: ctx.endpoint,
    path: ctx.path,
    entries: cleanEntries(entries, ctx.secrets ?? []),
  });
}
