/**
 * The gateway's own error answers, in the live service's error envelope so that the add-in reads
 * them like the service's (`errors[].key` / `message`).
 */
import type { FastifyReply } from "fastify";
import type { MatchedOperation } from "./operations";
import type { VerifiedUser } from "./user-token";

/** Keys of the gateway's own errors. */
export type GatewayErrorKey =
  | "GATEWAY_ORIGIN_NOT_ALLOWED"
  | "GATEWAY_PATH_NOT_ALLOWED"
  | "GATEWAY_BODY_TOO_LARGE"
  | "GATEWAY_TOKEN_FAILED"
  | "GATEWAY_SERVICE_UNREACHABLE"
  | "GATEWAY_SERVICE_TIMEOUT"
  | "GATEWAY_BAD_REQUEST"
  | "GATEWAY_INTERNAL_ERROR"
  | "GATEWAY_SIGN_IN_REQUIRED"
  | "GATEWAY_ROLE_MISSING"
  | "GATEWAY_OPERATION_NOT_ALLOWED"
  | "GATEWAY_USER_RATE_LIMITED"
  | "GATEWAY_BODY_UNREADABLE"
  | "GATEWAY_BODY_NOT_ALLOWED"
  | "GATEWAY_UPLOADS_LIMITED"
  | "GATEWAY_BUSY"
  | "GATEWAY_DRAINING"
  | "GATEWAY_CALLER_GONE";

/** The body of an error answer. */
export function errorBody(
  key: GatewayErrorKey,
  message: string,
  messageValues: readonly string[] = []
): Record<string, unknown> {
  return {
    errors: [{ key, message, messageValues }],
    success: false,
    data: null,
  };
}

/** Sends an error answer; the key also goes to the request log line as its `reason`. */
export function sendError(
  reply: FastifyReply,
  status: number,
  key: GatewayErrorKey,
  message: string,
  messageValues: readonly string[] = []
): FastifyReply {
  reply.request.gatewayReason = key;
  return reply
    .code(status)
    .type("application/json")
    .send(errorBody(key, message, messageValues));
}

declare module "fastify" {
  interface FastifyRequest {
    /** The normalised path that was forwarded (for the log). */
    gatewayPath?: string;
    /** Why the gateway answered by itself (for the log). */
    gatewayReason?: string;
    /** The cause behind that answer, for the log (never a secret). */
    gatewayDetail?: string;
    /** True once the request was re-sent with a new token after a 401. */
    gatewayRetried?: boolean;
    /** The verified user (gateway/user-token.ts), once the token is accepted. */
    gatewayUser?: VerifiedUser;
    /** The allow-listed operation and what the audit log records of it. */
    gatewayOperation?: MatchedOperation;
    /** The created invoice's `externalReference` (a create's body), for the audit log. */
    gatewayExternalReference?: string;
    /** A bulk call's invoice ids (its checked body), for the audit log. */
    gatewayBulkIds?: readonly string[];
    /** A create's new invoice id, read from the service's answer, for the outcome line. */
    gatewayCreatedId?: string;
    /** When the gateway got the request (`performance.now()`), for the audit's durations. */
    gatewayStart?: number;
    /** Set once the call was handed to the service: its audit line's id. */
    gatewayCallId?: string;
    /** Bytes of this request's body held in memory (gateway/uploads.ts). */
    gatewayUpload?: { held: number };
    /** True once the caller's connection closed before the answer was complete. */
    gatewayCallerGone?: boolean;
  }
}
