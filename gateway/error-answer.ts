/**
 * The gateway's own error answers, in the live service's error envelope so that the add-in reads
 * them like the service's (`errors[].key` / `message`).
 */
import type { FastifyReply } from "fastify";

/** Keys of the gateway's own errors. */
export type GatewayErrorKey =
  | "GATEWAY_ORIGIN_NOT_ALLOWED"
  | "GATEWAY_PATH_NOT_ALLOWED"
  | "GATEWAY_METHOD_NOT_ALLOWED"
  | "GATEWAY_BODY_TOO_LARGE"
  | "GATEWAY_TOKEN_FAILED"
  | "GATEWAY_SERVICE_UNREACHABLE"
  | "GATEWAY_SERVICE_TIMEOUT"
  | "GATEWAY_BAD_REQUEST"
  | "GATEWAY_INTERNAL_ERROR";

/** The body of an error answer. */
export function errorBody(key: GatewayErrorKey, message: string): Record<string, unknown> {
  return {
    errors: [{ key, message, messageValues: [] }],
    success: false,
    data: null,
  };
}

/** Sends an error answer; `reason` goes to the request log line, never to the browser. */
export function sendError(
  reply: FastifyReply,
  status: number,
  key: GatewayErrorKey,
  message: string
): FastifyReply {
  reply.request.gatewayReason = key;
  return reply.code(status).type("application/json").send(errorBody(key, message));
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
  }
}
