/**
 * Request bodies: admitted after the caller checks (so only a verified user with a role for the
 * operation gets a byte read), within the operation's own limit, the user's upload cap and the
 * instance's byte budget (gateway/upload-budget.ts); read as bytes, never re-encoded.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checkBodyHeaders } from "./body-rules";
import { sendError } from "./error-answer";
import type { UploadBudget } from "./upload-budget";

/** A body over its operation's limit (answered 413 by the app's error handler). */
export class BodyTooLarge extends Error {
  override name = "BodyTooLarge" as const;
  readonly statusCode = 413;
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`);
  }
}

/** The plain-words limit (`64 KB`, `2 MB`). */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function tooLarge(reply: FastifyReply, limit: number): FastifyReply {
  return sendError(
    reply,
    413,
    "GATEWAY_BODY_TOO_LARGE",
    limit === 0
      ? "This operation takes no request body."
      : `The request body is larger than the gateway accepts for this operation (${sizeText(limit)}).`
  );
}

/** Registers the admission hook (after the caller checks) and the body reader. */
export function registerUploads(app: FastifyInstance, budget: UploadBudget): void {
  /** Admits the request's body, or answers it (false). */
  const admit = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const matched = request.gatewayOperation;
    const user = request.gatewayUser;
    if (matched === undefined || user === undefined) return true;
    const limit = matched.operation.bodyLimit;
    const te = request.headers["transfer-encoding"];
    const cl = request.headers["content-length"];
    const declared = cl === undefined ? undefined : Number(cl);
    if (te !== undefined && te.trim().toLowerCase() !== "chunked") {
      request.gatewayDetail = "transfer-encoding";
      sendError(reply, 400, "GATEWAY_BAD_REQUEST", "The request is malformed.");
      return false;
    }
    const hasBody = te !== undefined || (declared !== undefined && declared > 0);
    if (!hasBody) return true;
    if ((declared !== undefined && declared > limit) || limit === 0) {
      tooLarge(reply, limit);
      return false;
    }
    const refusal = checkBodyHeaders(request.headers);
    if (refusal !== undefined) {
      request.gatewayDetail = refusal.detail;
      sendError(reply, refusal.status, "GATEWAY_BODY_UNREADABLE", refusal.message);
      return false;
    }
    const admission = budget.admit(user.oid, declared ?? limit);
    if (!admission.ok) {
      reply.header("retry-after", "1");
      if (admission.why === "user") {
        sendError(
          reply,
          429,
          "GATEWAY_UPLOADS_LIMITED",
          `Your account is already sending ${budget.perUserLimit} requests with a body through the company gateway; wait for them and try again.`
        );
      } else if (admission.why === "share") {
        request.gatewayDetail = "user share";
        sendError(
          reply,
          429,
          "GATEWAY_UPLOADS_LIMITED",
          `Your account is already sending ${sizeText(budget.userShareBytes)} of request bodies through the company gateway, its share; wait for them and try again.`
        );
      } else {
        sendError(
          reply,
          503,
          "GATEWAY_BUSY",
          "The company gateway is receiving as much as it holds at once; try again in a moment."
        );
      }
      return false;
    }
    const upload = { held: 0 };
    request.gatewayUpload = upload;
    reply.raw.once("close", () => {
      budget.hold(-upload.held);
      upload.held = 0;
      admission.release();
    });
    return true;
  };
  app.addHook("onRequest", (request, reply, done) => {
    if (admit(request, reply)) done();
  });

  // Bodies stay bytes: re-encoding JSON would change numbers (money). Read only up to the
  // operation's limit; the rest of a larger body is read and thrown away, never held.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (request: FastifyRequest, payload, done) => {
    const limit = request.gatewayOperation?.operation.bodyLimit ?? 0;
    // Admitted by the hook above (every request with a body is); else nothing may be held.
    const upload = request.gatewayUpload ?? { held: 0 };
    const chunks: Buffer[] = [];
    let size = 0;
    let over = request.gatewayUpload === undefined;
    if (over) done(new BodyTooLarge(0), undefined);
    const drop = () => {
      budget.hold(-upload.held);
      upload.held = 0;
      chunks.length = 0;
    };
    payload.on("data", (chunk: Buffer) => {
      if (over) return;
      if (size + chunk.length > limit) {
        over = true;
        drop();
        done(new BodyTooLarge(limit), undefined);
        return;
      }
      size += chunk.length;
      upload.held += chunk.length;
      budget.hold(chunk.length);
      chunks.push(chunk);
    });
    payload.on("end", () => {
      if (!over) done(null, Buffer.concat(chunks, size));
    });
    payload.on("error", (error: Error) => {
      if (over) return;
      over = true;
      drop();
      done(error, undefined);
    });
  });
}
